import { CheckCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../dashboard/load-failed';
import { AlertBoard } from './alert-board';
import { useShellPartnerAlertsQuery, useShellPartnerShopsQuery } from './partner-api';
import { ShopWidgets } from './shop-widgets';

/** `/widgets`: the attention board (what needs doing in the shops served now) and small widgets of the week. */
export function WidgetsPage() {
  const { t } = useTranslation('partner');
  const alerts = useShellPartnerAlertsQuery(undefined);
  const week = useShellPartnerShopsQuery(7);
  const refresh = () => {
    void alerts.refetch();
    void week.refetch();
  };
  // One skeleton until both the alerts and the week's figures answer: the board and the widgets below it are drawn
  // together, so neither moves when the other arrives.
  const loading = alerts.isLoading || week.isLoading;

  return (
    <Flex vertical gap={16}>
      <Flex component="header" justify="space-between" align="flex-start" gap={12} wrap>
        <div>
          <Typography.Title level={1} style={{ fontSize: 24, marginBottom: 4 }}>
            {t('widgets.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('widgets.intro')}
          </Typography.Paragraph>
        </div>
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={alerts.isFetching}>
          {t('widgets.refresh')}
        </Button>
      </Flex>

      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : alerts.isError && !alerts.data ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} retry={() => void alerts.refetch()} />
      ) : alerts.data && alerts.data.length === 0 ? (
        <Card data-testid="all-good">
          <Result status="success" icon={<CheckCircleOutlined />} title={<h2 style={{ margin: 0, fontSize: 20 }}>{t('widgets.allGoodTitle')}</h2>} subTitle={t('widgets.allGoodText')} />
        </Card>
      ) : (
        <AlertBoard alerts={alerts.data ?? []} />
      )}

      {loading ? null : <ShopWidgets shops={week.data} />}
    </Flex>
  );
}
