import { hrefOf, type InboxThread } from '@pagemate/shared-contracts';

/** Where a user whose balance ran out tops up: the balance page's deposit tab. */
export const DEPOSIT_HREF = `${hrefOf('/user-dashboard/balance')}?tab=deposit`;
/** Where pages are connected, reconnected and subscribed. */
export const PAGE_MANAGER_HREF = hrefOf('/user-dashboard/page-manager');

/** Where a conversation opens: the comment or the message manager, on its page, with the thread open. */
export function conversationHref(thread: Pick<InboxThread, 'kind' | 'page_id' | 'thread_id'>): string {
  const manager = thread.kind === 'comment' ? '/user-dashboard/comment-manager' : '/user-dashboard/message-manager';
  const query = new URLSearchParams({ page: thread.page_id, thread: thread.thread_id });
  return `${hrefOf(manager)}?${query.toString()}`;
}
