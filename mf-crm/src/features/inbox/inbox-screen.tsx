import { apiErrorText, type FacebookPage, type InboxKind } from '@pagemate/shared-contracts';
import { Card, Col, Empty, Flex, Grid, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageGate, useConnectedPages } from '../../shared/page-gate';
import { PageLocated, type PageLocation } from '../../shared/page-location';
import { PagePicker } from '../../shared/page-picker';
import { chosenPage } from '../../shared/pages';
import { ScreenHeader } from '../../shared/screen-header';
import { INBOX_POLLING, useInboxThreadsQuery } from './inbox-api';
import { PageAlerts } from './page-alerts';
import { ThreadDetail } from './thread-detail';
import { ThreadList } from './thread-list';

interface InboxScreenProps {
  kind: InboxKind;
  title: string;
}

/**
 * The comment manager and the message manager: pick a page, watch the bot answer its comments or Messenger
 * conversations (refreshed every few seconds), and step in by hand — answer as the page, pause or resume the bot.
 */
export function InboxScreen(props: InboxScreenProps) {
  return <PageLocated>{(location) => <InboxView {...props} location={location} />}</PageLocated>;
}

function InboxView({ kind, title, location }: InboxScreenProps & { location: PageLocation }) {
  const { t } = useTranslation('crm');
  const connected = useConnectedPages();
  const { pages } = connected;
  const picked = chosenPage(pages, location.pageId, kind);

  const body = (
    <PageGate pages={connected} picked={picked} noPages={{ description: t('inbox.noPages.description'), testId: 'inbox-no-pages' }}>
      {(chosen, userId) => (
        <Flex vertical gap={16}>
          <PageAlerts page={chosen.page} kind={kind} />
          <InboxPanes kind={kind} page={chosen.page} userId={userId} location={location} />
        </Flex>
      )}
    </PageGate>
  );

  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={title}>{picked ? <PagePicker pages={pages} value={picked.page.page_id} onChange={location.choosePage} /> : null}</ScreenHeader>
      {body}
    </Flex>
  );
}

/** Desktop: the list and the open thread side by side. Phones (under 576 px): the list, then the thread with a back button. */
function InboxPanes({ kind, page, userId, location }: { kind: InboxKind; page: FacebookPage; userId: string; location: PageLocation }) {
  const { t } = useTranslation('crm');
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const threads = useInboxThreadsQuery({ kind, user_id: userId, page_id: page.page_id }, INBOX_POLLING);
  const listError = threads.isError ? t('inbox.list.loadFailed', { error: apiErrorText(t, threads.error, 'crm') }) : null;

  const list = (
    <ThreadList
      kind={kind}
      threads={threads.currentData}
      loading={threads.isFetching}
      error={listError}
      selectedId={location.threadId}
      instagram={page.instagram != null}
      onOpen={location.openThread}
    />
  );
  const detail = location.threadId ? (
    <ThreadDetail
      key={location.threadId}
      kind={kind}
      threadId={location.threadId}
      userId={userId}
      page={page}
      onBack={phone ? location.closeThread : undefined}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inbox.detail.pick')} />
  );

  if (phone) return <Card styles={{ body: { padding: 12 } }}>{location.threadId ? detail : list}</Card>;
  return (
    <Row gutter={[16, 16]} align="top">
      <Col xs={24} md={10} lg={9} xl={8}>
        <Card styles={{ body: { padding: 12 } }}>{list}</Card>
      </Col>
      <Col xs={24} md={14} lg={15} xl={16}>
        <Card styles={{ body: { padding: 16 } }}>{detail}</Card>
      </Col>
    </Row>
  );
}
