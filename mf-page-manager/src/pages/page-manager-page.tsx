import { Alert, Card, Col, Flex, Row } from 'antd';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountsTree } from '../features/pages/accounts-tree';
import { ConnectFacebookButton } from '../features/pages/connect-facebook-button';
import { PageTable } from '../features/pages/page-table';
import { SandboxPanel } from '../features/pages/sandbox-panel';
import { useFacebookConnect } from '../features/pages/use-facebook-connect';
import { usePageManagerData } from '../features/pages/use-page-manager-data';

// Drawn again only when their own data changes: a query answered for the table does not draw the accounts tree
// or the connect card again (each render of the whole page is a long task on a phone).
const MemoizedAccountsTree = memo(AccountsTree);
const MemoizedConnectFacebookButton = memo(ConnectFacebookButton);
const MemoizedPageTable = memo(PageTable);

/** Facebook accounts and their pages, with files, config, action type, Auto toggle and subscriptions per page. */
export function PageManagerPage() {
  const { t } = useTranslation('page-manager');
  const data = usePageManagerData();
  const connection = useFacebookConnect();
  const needsReconnect = data.rows.filter((row) => row.page.needs_reconnect).map((row) => row.page.page_name);
  const { connect } = connection;
  const allowInstagram = useCallback(() => connect({ instagram: true }), [connect]);

  return (
    <Flex vertical gap={16}>
      <Card title={<h1 style={{ margin: 0, fontSize: 20 }}>{t('pageManager.title')}</h1>}>
        <MemoizedConnectFacebookButton connected={data.connected} sandboxAccounts={data.sandboxAccounts.length > 0} connection={connection} />
        {needsReconnect.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            title={t('pages.needsReconnectSummary', { pages: [...new Set(needsReconnect)].join(', ') })}
            description={t('pages.reconnectHint')}
          />
        ) : null}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={6}>
          <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('pages.accountsTitle')}</h2>}>
            <MemoizedAccountsTree accounts={data.accounts} />
          </Card>
        </Col>
        <Col xs={24} xxl={18}>
          <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('pages.tableTitle')}</h2>}>
            <MemoizedPageTable
              rows={data.rows}
              configs={data.configs}
              collection={data.collection}
              loading={data.loading}
              allowingInstagram={connection.connecting && connection.instagram}
              onAllowInstagram={allowInstagram}
            />
          </Card>
        </Col>
      </Row>
      {data.userId && data.sandboxAccounts.length > 0 ? <SandboxPanel userId={data.userId} accounts={data.sandboxAccounts} /> : null}
    </Flex>
  );
}
