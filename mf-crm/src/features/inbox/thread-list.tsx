import { formatVietnamDateTime, useNow } from '@pagemate/shared-contracts';
import { FacebookOutlined, InstagramOutlined } from '@ant-design/icons';
import type { InboxKind, InboxThread } from '@pagemate/shared-contracts';
import { Alert, Avatar, Badge, Empty, Flex, Segmented, Skeleton, Tag, Typography, theme } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../shared/search-input';
import { customerLabel } from '../../shared/customer';
import { type ChannelFilter, filterThreads, formatListTime, threadCounts, type ThreadFilter } from './inbox-model';
import { BotPausedTag, ThreadStateTag } from '../../shared/thread-state-tag';

interface ThreadListProps {
  kind: InboxKind;
  threads: InboxThread[] | undefined;
  loading: boolean;
  /** A translated failure, when the list could not be loaded. */
  error: string | null;
  selectedId: string | null;
  /** The page has a linked Instagram account: the list offers a channel filter. */
  instagram?: boolean;
  onOpen(threadId: string): void;
}

const CHANNEL_FILTERS: readonly ChannelFilter[] = ['all', 'facebook', 'instagram'];

const FILTERS: readonly ThreadFilter[] = ['all', 'attention', 'unread'];

/** The page's threads, newest first, with a filter (all / needs attention / unread) and a search. */
export function ThreadList({ kind, threads, loading, error, selectedId, instagram = false, onOpen }: ThreadListProps) {
  const { t } = useTranslation('crm');
  const [filter, setFilter] = useState<ThreadFilter>('all');
  const [channel, setChannel] = useState<ChannelFilter>('all');
  const [search, setSearch] = useState('');
  const all = threads ?? [];
  const counts = threadCounts(all);
  const showChannels = instagram || all.some((thread) => thread.channel === 'instagram');
  const shown = filterThreads(all, filter, search, showChannels ? channel : 'all');

  return (
    <Flex vertical gap={8}>
      {showChannels ? (
        <Segmented<ChannelFilter>
          block
          size="small"
          value={channel}
          onChange={setChannel}
          aria-label={t('inbox.channels.label')}
          data-testid="channel-filter"
          options={CHANNEL_FILTERS.map((value) => ({ value, label: t(`inbox.channels.${value}`) }))}
        />
      ) : null}
      <Segmented<ThreadFilter>
        block
        size="small"
        value={filter}
        onChange={setFilter}
        aria-label={t('inbox.filters.label')}
        options={FILTERS.map((value) => ({ value, label: `${t(`inbox.filters.${value}`)} (${counts[value]})` }))}
      />
      <SearchInput label={t('inbox.search')} value={search} onChange={setSearch} />
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {loading && !threads ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : all.length === 0 ? (
        error ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`inbox.list.empty.${kind}`)} />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inbox.list.noMatch')} />
      ) : (
        <ul aria-label={t('inbox.list.label')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((thread) => (
            <ThreadRow key={thread.thread_id} thread={thread} selected={thread.thread_id === selectedId} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </Flex>
  );
}

function ThreadRow({ thread, selected, onOpen }: { thread: InboxThread; selected: boolean; onOpen(threadId: string): void }) {
  const { t, i18n } = useTranslation('crm');
  const { token } = theme.useToken();
  const now = useNow();
  const unread = thread.unread > 0;
  const prefix = thread.last_author === 'bot' ? t('inbox.list.lastByBot') : thread.last_author === 'human' ? t('inbox.list.lastByHuman') : '';
  const open = () => onOpen(thread.thread_id);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };

  return (
    <li style={{ marginBottom: 4 }}>
      <div
        role="button"
        tabIndex={0}
        aria-current={selected ? 'true' : undefined}
        data-testid="inbox-thread"
        data-thread-id={thread.thread_id}
        data-state={thread.state}
        data-unread={thread.unread}
        onClick={open}
        onKeyDown={onKeyDown}
        style={{
          display: 'flex',
          gap: 10,
          padding: '10px 12px',
          borderRadius: token.borderRadiusLG,
          cursor: 'pointer',
          background: selected ? token.controlItemBgActive : unread ? token.colorFillQuaternary : undefined,
          borderInlineStart: `3px solid ${thread.state === 'attention' ? token.colorError : selected ? token.colorPrimary : 'transparent'}`,
        }}
      >
        <Badge count={thread.unread} size="small" overflowCount={99} title={t('inbox.list.unread', { count: thread.unread })}>
          <Avatar aria-hidden style={{ background: token.colorPrimaryBgHover, color: token.colorPrimaryText, flex: 'none' }}>
            {initialOf(customerLabel(thread, t))}
          </Avatar>
        </Badge>
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Flex justify="space-between" align="baseline" gap={8}>
            <Typography.Text strong={unread} ellipsis style={{ minWidth: 0 }}>
              {customerLabel(thread, t)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
              <time dateTime={thread.last_at} title={formatVietnamDateTime(thread.last_at)}>
                {formatListTime(thread.last_at, i18n.language, now, t('inbox.list.justNow'))}
              </time>
            </Typography.Text>
          </Flex>
          <Typography.Text type={unread ? undefined : 'secondary'} ellipsis={{ tooltip: false }} style={{ fontSize: 13 }} data-testid="thread-last-text">
            {prefix}
            {thread.last_text}
          </Typography.Text>
          <Flex gap={4} wrap>
            <ChannelTag channel={thread.channel} />
            <ThreadStateTag state={thread.state} />
            {thread.bot_paused ? <BotPausedTag /> : null}
          </Flex>
        </Flex>
      </div>
    </li>
  );
}

/** Where the conversation happens: Instagram's mark, or Facebook's. */
export function ChannelTag({ channel }: { channel: InboxThread['channel'] }) {
  const { t } = useTranslation('crm');
  return channel === 'instagram' ? (
    <Tag color="magenta" icon={<InstagramOutlined />} data-testid="channel-instagram" style={{ marginInlineEnd: 0 }}>
      {t('inbox.channels.instagram')}
    </Tag>
  ) : (
    <Tag color="blue" icon={<FacebookOutlined />} data-testid="channel-facebook" style={{ marginInlineEnd: 0 }}>
      {t('inbox.channels.facebook')}
    </Tag>
  );
}

function initialOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return (words[words.length - 1]?.charAt(0) ?? '?').toUpperCase();
}
