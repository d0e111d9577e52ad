import { apiErrorText, AppLink, useUserId } from '@pagemate/shared-contracts';
import { FacebookOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import type { FacebookPage, InboxKind } from '@pagemate/shared-contracts';
import { Alert, Button, Card, Col, Empty, Flex, Grid, Row, Select, Skeleton, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useInRouterContext } from 'react-router-dom';
import { INBOX_POLLING, useInboxPagesQuery, useInboxThreadsQuery } from './inbox-api';
import { useLocalInboxLocation, useUrlInboxLocation, type InboxLocation } from './inbox-location';
import { chosenPage, connectedPages, type PickablePage } from './inbox-model';
import { PAGE_MANAGER_HREF } from './inbox-links';
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
  return useInRouterContext() ? <RoutedInbox {...props} /> : <LocalInbox {...props} />;
}

function RoutedInbox(props: InboxScreenProps) {
  return <InboxView {...props} location={useUrlInboxLocation()} />;
}

function LocalInbox(props: InboxScreenProps) {
  return <InboxView {...props} location={useLocalInboxLocation()} />;
}

function InboxView({ kind, title, location }: InboxScreenProps & { location: InboxLocation }) {
  const { t } = useTranslation('crm');
  const userId = useUserId();
  const pagesQuery = useInboxPagesQuery(userId === null ? skipToken : undefined);
  const pages = useMemo(() => connectedPages(pagesQuery.data), [pagesQuery.data]);
  const picked = chosenPage(pages, location.pageId, kind);

  let body;
  if (pagesQuery.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (pagesQuery.isError && !pagesQuery.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('inbox.loadPagesFailed', { error: apiErrorText(t, pagesQuery.error, 'crm') })}
        action={
          <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => void pagesQuery.refetch()}>
            {t('inbox.retry')}
          </Button>
        }
      />
    );
  } else if (!picked || userId === null) body = <NoPages description={t('inbox.noPages.description')} testId="inbox-no-pages" />;
  else {
    body = (
      <Flex vertical gap={16}>
        <PageAlerts page={picked.page} kind={kind} />
        <InboxPanes kind={kind} page={picked.page} userId={userId} location={location} />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {picked ? <PagePicker pages={pages} value={picked.page.page_id} onChange={location.choosePage} /> : null}
      </Flex>
      {body}
    </Flex>
  );
}

export function PagePicker({ pages, value, onChange }: { pages: PickablePage[]; value: string; onChange(pageId: string): void }) {
  const { t } = useTranslation('crm');
  return (
    <Select
      value={value}
      onChange={onChange}
      aria-label={t('inbox.pagePicker.label')}
      placeholder={t('inbox.pagePicker.placeholder')}
      style={{ minWidth: 240, maxWidth: '100%' }}
      data-testid="page-picker"
      options={pages.map(({ page, sandbox }) => ({
        value: page.page_id,
        title: page.page_name,
        label: (
          <Flex gap={6} align="center">
            <FacebookOutlined aria-hidden />
            <span>{page.page_name}</span>
            {sandbox ? <Tag style={{ marginInlineEnd: 0 }}>{t('inbox.pagePicker.sandbox')}</Tag> : null}
            {page.needs_reconnect ? <WarningOutlined aria-label={t('inbox.pagePicker.needsReconnect')} style={{ color: '#faad14' }} /> : null}
          </Flex>
        ),
      }))}
    />
  );
}

/** No Facebook page connected yet: where to connect one. */
export function NoPages({ description, testId }: { description: string; testId: string }) {
  const { t } = useTranslation('crm');
  return (
    <Card data-testid={testId}>
      <Empty
        image={<FacebookOutlined aria-hidden style={{ fontSize: 56, color: '#1877f2' }} />}
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Text strong>{t('inbox.noPages.title')}</Typography.Text>
            <Typography.Text type="secondary">{description}</Typography.Text>
          </Flex>
        }
      >
        <AppLink to={PAGE_MANAGER_HREF} testId="page-manager-link">
          {t('inbox.noPages.action')}
        </AppLink>
      </Empty>
    </Card>
  );
}

/** Desktop: the list and the open thread side by side. Phones (under 576 px): the list, then the thread with a back button. */
function InboxPanes({ kind, page, userId, location }: { kind: InboxKind; page: FacebookPage; userId: string; location: InboxLocation }) {
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
