import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import type { FacebookPage, InboxKind, InboxThread } from '@pagemate/shared-contracts';
import { App, Button, Flex, Skeleton, Switch, Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { INBOX_POLLING, useInboxBotMutation, useInboxReplyMutation, useInboxThreadQuery } from './inbox-api';
import { InboxItemBubble } from './inbox-item';
import { customerLabel } from '../../shared/customer';
import { botStatus, formatUntil, messengerWindowClosed } from './inbox-model';
import { ReplyBox } from './reply-box';
import { ThreadStateTag } from '../../shared/thread-state-tag';
import { ChannelTag } from './thread-list';
import { apiErrorText, useNow } from '@pagemate/shared-contracts';
import { RetryAlert } from '../../shared/retry-alert';

interface ThreadDetailProps {
  kind: InboxKind;
  threadId: string;
  userId: string;
  page: FacebookPage;
  /** Phones: back to the list. */
  onBack?(): void;
}

/** One thread: who, which post, whether the bot answers it, every item as a bubble, and a reply box. */
export function ThreadDetail({ kind, threadId, userId, page, onBack }: ThreadDetailProps) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const now = useNow();
  const query = useInboxThreadQuery({ id: threadId, user_id: userId }, INBOX_POLLING);
  const [reply, replying] = useInboxReplyMutation();
  const itemsEnd = useRef<HTMLDivElement>(null);
  // `currentData`: the thread asked for now, never the previous one while another loads.
  const detail = query.currentData;
  const items = detail?.items;
  const lastItemId = items?.[items.length - 1]?.item_id;

  // Newest item in view when the thread opens and whenever a new item arrives.
  useEffect(() => {
    const box = itemsEnd.current?.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastItemId]);

  async function send(text: string): Promise<boolean> {
    try {
      await reply({ user_id: userId, thread_id: threadId, text }).unwrap();
      void message.success(t('inbox.reply.sent'));
      return true;
    } catch (error) {
      void message.error(t('inbox.reply.failed', { error: apiErrorText(t, error, 'crm') }));
      return false;
    }
  }

  const back = onBack ? (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} data-testid="thread-back">
      {t('inbox.detail.back')}
    </Button>
  ) : null;

  if (!detail && (query.isLoading || query.isFetching)) {
    return (
      <Flex vertical gap={12}>
        {back}
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </Flex>
    );
  }
  if (!detail) {
    return (
      <Flex vertical gap={12}>
        {back}
        <RetryAlert title={t('inbox.detail.loadFailed', { error: apiErrorText(t, query.error, 'crm') })} retry={t('inbox.retry')} onRetry={() => void query.refetch()} />
      </Flex>
    );
  }

  const { thread, items: list } = detail;
  return (
    <Flex vertical gap={12} data-testid="thread-detail" data-thread-id={thread.thread_id}>
      {back ? <div>{back}</div> : null}
      <Flex justify="space-between" align="start" gap={12} wrap>
        <Flex gap={8} align="start" style={{ minWidth: 0 }}>
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              {customerLabel(thread, t)}
            </Typography.Title>
            <Flex gap={6} wrap align="center">
              <ChannelTag channel={thread.channel} />
              <ThreadStateTag state={thread.state} />
              {kind === 'comment' ? <PostLink thread={thread} /> : null}
            </Flex>
          </Flex>
        </Flex>
        <BotToggle thread={thread} userId={userId} now={now} pageStopped={page.needs_reconnect || page.bot_paused !== null} />
      </Flex>

      <section
        aria-label={t('inbox.detail.items')}
        aria-live="polite"
        style={{ maxHeight: '55vh', minHeight: 160, overflowY: 'auto', padding: '12px 4px', borderBlock: `1px solid ${token.colorBorderSecondary}` }}
      >
        {list.length === 0 ? <Typography.Text type="secondary">{t('inbox.detail.empty')}</Typography.Text> : null}
        {list.map((item) => (
          <InboxItemBubble key={item.item_id} item={item} customerName={customerLabel(thread, t)} now={now} />
        ))}
        <div ref={itemsEnd} />
      </section>

      <ReplyBox
        key={thread.thread_id}
        kind={kind}
        onSend={send}
        sending={replying.isLoading}
        blockedReason={page.needs_reconnect ? t('inbox.reply.needsReconnect') : null}
        warning={messengerWindowClosed(kind, list, now) ? t('inbox.reply.windowClosed') : null}
      />
    </Flex>
  );
}

/** Comments: the post commented on, on Facebook (a new tab), or its id in the Meta sandbox (no Facebook address). */
function PostLink({ thread }: { thread: InboxThread }) {
  const { t } = useTranslation('crm');
  if (thread.post_url) {
    return (
      <Typography.Link href={thread.post_url} target="_blank" rel="noopener noreferrer" data-testid="post-link">
        <ExportOutlined aria-hidden /> {t('inbox.detail.viewPost')}
      </Typography.Link>
    );
  }
  if (!thread.post_id) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }} data-testid="post-sandbox">
      {t('inbox.detail.sandboxPost', { id: thread.post_id })} · {t('inbox.detail.sandboxNote')}
    </Typography.Text>
  );
}

/** Pause the bot on this thread until turned back on, or let it answer again (also ends a handoff pause). */
function BotToggle({ thread, userId, now, pageStopped }: { thread: InboxThread; userId: string; now: number; pageStopped: boolean }) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const [setBot, state] = useInboxBotMutation();
  const status = botStatus(thread);
  const text =
    status.kind === 'active'
      ? t('inbox.bot.active')
      : status.kind === 'manual'
        ? t('inbox.bot.manual')
        : status.until
          ? t('inbox.bot.handoff', { time: formatUntil(status.until, now) })
          : t('inbox.bot.handoffOpen');

  async function toggle(answering: boolean): Promise<void> {
    try {
      await setBot({ user_id: userId, thread_id: thread.thread_id, paused: !answering }).unwrap();
      void message.success(t(answering ? 'inbox.bot.resumedDone' : 'inbox.bot.pausedDone'));
    } catch (error) {
      void message.error(t('inbox.bot.failed', { error: apiErrorText(t, error, 'crm') }));
    }
  }

  return (
    <Flex gap={8} align="center">
      <Switch
        checked={status.kind === 'active'}
        loading={state.isLoading}
        onChange={(checked) => void toggle(checked)}
        aria-label={t('inbox.bot.toggleLabel')}
        data-testid="bot-toggle"
      />
      <Flex vertical>
        <Typography.Text type={status.kind === 'active' ? 'success' : 'warning'} data-testid="bot-status">
          {text}
        </Typography.Text>
        {pageStopped ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="bot-page-stopped">
            {t('inbox.bot.pageStopped')}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
