import { isUuid, type ReplyStatus } from '@pagemate/shared-contracts/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inboxItems, inboxThreads } from '../../../db/schema/index.js';
import type { InboxRepository, InboxThreadRow, ThreadSummaryRow } from './inbox-repository.js';

/** Threads and their items as a page manager reads them (with unread counts and the last outcome), the bot's pause on a thread, read marks. */
export function createInboxThreads(app: FastifyInstance): Pick<InboxRepository, 'item' | 'thread' | 'ownThread' | 'threadSummary' | 'listThreads' | 'threadsOfCustomer' | 'items' | 'setBotPause' | 'markRead'> {
  const orm = app.db.orm;

  // Correlated subqueries name the outer table in full: drizzle leaves the columns of a one-table query
  // unqualified, and an unqualified "id" inside the subquery would be the inner table's.
  const unread = sql<number>`(
    select count(*)::int from inbox_items as unread_items
    where unread_items.thread_id = inbox_threads.id and unread_items.author = 'customer'
      and (inbox_threads.read_at is null or unread_items.created_at > inbox_threads.read_at)
  )`;
  const lastReplyStatus = sql<ReplyStatus | null>`(
    select last_customer.reply_status from inbox_items as last_customer
    where last_customer.thread_id = inbox_threads.id and last_customer.author = 'customer'
    order by last_customer.created_at desc, last_customer.id desc limit 1
  )`;
  const summaryColumns = { thread: inboxThreads, unread, lastReplyStatus };
  // Asked once per webhook delivery: built once, parsed once per connection by the database.
  const toSummary = (row: { thread: InboxThreadRow; unread: number; lastReplyStatus: ReplyStatus | null }): ThreadSummaryRow => ({
    ...row.thread,
    unread: Number(row.unread),
    lastReplyStatus: row.lastReplyStatus,
  });

  return {
    async item(id) {
      if (!isUuid(id)) return undefined;
      const [row] = await orm.select().from(inboxItems).where(eq(inboxItems.id, id));
      return row;
    },

    async thread(id) {
      if (!isUuid(id)) return undefined;
      const [row] = await orm.select().from(inboxThreads).where(eq(inboxThreads.id, id));
      return row;
    },

    async ownThread(userId, id) {
      if (!isUuid(id)) return undefined;
      const [row] = await orm.select().from(inboxThreads).where(and(eq(inboxThreads.userId, userId), eq(inboxThreads.id, id)));
      return row;
    },

    async threadSummary(userId, id) {
      if (!isUuid(id)) return undefined;
      const [row] = await orm.select(summaryColumns).from(inboxThreads).where(and(eq(inboxThreads.userId, userId), eq(inboxThreads.id, id)));
      return row ? toSummary(row) : undefined;
    },

    async listThreads(userId, pageId, kind, limit, channel) {
      const rows = await orm
        .select(summaryColumns)
        .from(inboxThreads)
        .where(and(eq(inboxThreads.userId, userId), eq(inboxThreads.pageId, pageId), eq(inboxThreads.kind, kind), channel ? eq(inboxThreads.channel, channel) : undefined))
        .orderBy(desc(inboxThreads.lastAt), desc(inboxThreads.id))
        .limit(limit);
      return rows.map(toSummary);
    },

    async threadsOfCustomer(userId, pageId, customerId) {
      const rows = await orm
        .select(summaryColumns)
        .from(inboxThreads)
        .where(and(eq(inboxThreads.userId, userId), eq(inboxThreads.pageId, pageId), eq(inboxThreads.customerId, customerId)))
        .orderBy(desc(inboxThreads.lastAt), desc(inboxThreads.id))
        .limit(100);
      return rows.map(toSummary);
    },

    async items(threadId, limit) {
      const rows = await orm
        .select()
        .from(inboxItems)
        .where(eq(inboxItems.threadId, threadId))
        // Facebook's comment times are whole seconds: in a tie, the customer's words come before the answers.
        .orderBy(desc(inboxItems.createdAt), desc(sql`case when ${inboxItems.author} = 'customer' then 0 else 1 end`), desc(inboxItems.id))
        .limit(limit);
      return rows.reverse();
    },

    async setBotPause(userId, threadId, paused, now) {
      if (!isUuid(threadId)) return undefined;
      const [row] = await orm
        .update(inboxThreads)
        .set(paused ? { botPauseReason: 'manual', botPausedUntil: null, updatedAt: now } : { botPauseReason: null, botPausedUntil: null, updatedAt: now })
        .where(and(eq(inboxThreads.userId, userId), eq(inboxThreads.id, threadId)))
        .returning();
      return row;
    },

    async markRead(userId, threadId, now) {
      await orm.update(inboxThreads).set({ readAt: now }).where(and(eq(inboxThreads.userId, userId), eq(inboxThreads.id, threadId)));
    },
  };
}
