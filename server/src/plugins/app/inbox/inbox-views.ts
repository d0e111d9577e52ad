import type { Channel, InboxItem, InboxKind, InboxThread, ReplyReason, ThreadState } from '@pagemate/shared-contracts/contracts';
import type { InboxItemRow, InboxThreadRow, ThreadSummaryRow } from './inbox-repository.js';

export function threadState(row: Pick<ThreadSummaryRow, 'lastAuthor' | 'lastReplyStatus'>): ThreadState {
  if (row.lastAuthor === 'bot' || row.lastAuthor === 'human') return row.lastAuthor;
  if (row.lastReplyStatus === 'skipped' || row.lastReplyStatus === 'failed') return 'attention';
  return row.lastReplyStatus === 'replied' ? 'bot' : 'waiting';
}

/** Is the bot quiet on this thread at `now`: paused by hand, or by a person's answer not long ago? */
export function isPaused(thread: Pick<InboxThreadRow, 'botPauseReason' | 'botPausedUntil'>, now: Date): boolean {
  if (thread.botPauseReason === 'manual') return true;
  return thread.botPauseReason === 'handoff' && thread.botPausedUntil !== null && thread.botPausedUntil > now;
}

/**
 * The post's address on Facebook; the sandbox's posts exist nowhere else, and an Instagram media id is not an
 * address (its permalink would take a Graph call).
 */
function postUrlOf(postId: string | null, sandbox: boolean, channel: string): string | null {
  return postId && !sandbox && channel === 'facebook' ? `https://www.facebook.com/${encodeURIComponent(postId)}` : null;
}

export function toInboxItem(row: InboxItemRow): InboxItem {
  return {
    item_id: row.id,
    author: row.author as InboxItem['author'],
    text: row.text,
    created_at: row.createdAt.toISOString(),
    reply_status: row.author === 'customer' ? ((row.replyStatus as InboxItem['reply_status']) ?? null) : null,
    reason: (row.reason as ReplyReason | null) ?? null,
    delivery: row.author === 'customer' ? null : ((row.delivery as InboxItem['delivery']) ?? null),
    cost: row.author === 'bot' ? row.cost : null,
  };
}

/** A thread as the managers show it (`now` decides whether a handoff pause still holds). */
export function toThread(row: ThreadSummaryRow, sandbox: boolean, now: Date): InboxThread {
  const paused = isPaused(row, now);
  return {
    thread_id: row.id,
    page_id: row.pageId,
    kind: row.kind as InboxKind,
    channel: row.channel as Channel,
    customer_id: row.customerId,
    customer_name: row.customerName,
    post_id: row.postId,
    post_url: postUrlOf(row.postId, sandbox, row.channel),
    last_text: row.lastText,
    last_author: row.lastAuthor as InboxThread['last_author'],
    last_at: row.lastAt.toISOString(),
    unread: row.unread,
    state: threadState(row),
    bot_paused: paused,
    bot_pause_reason: paused ? (row.botPauseReason as 'manual' | 'handoff') : null,
    bot_paused_until: paused && row.botPauseReason === 'handoff' ? (row.botPausedUntil?.toISOString() ?? null) : null,
  };
}
