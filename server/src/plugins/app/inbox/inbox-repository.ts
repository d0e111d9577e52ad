import { type Channel, type DeliveryState, type InboxAuthor, type InboxKind, isUuid, type PageAction, type ReplyReason, type ReplyStatus } from '@pagemate/shared-contracts/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Orm, Queryable } from '../../../db/database.js';
import { statement } from '../../../db/statement.js';
import { facebookPages, inboxItems, inboxThreads } from '../../../db/schema/index.js';
import type { Transaction } from '../../../jobs/index.js';

export type InboxThreadRow = typeof inboxThreads.$inferSelect;
export type InboxItemRow = typeof inboxItems.$inferSelect;
/** A thread as lists show it: the row plus its unread count and its latest customer item's outcome. */
export type ThreadSummaryRow = InboxThreadRow & { unread: number; lastReplyStatus: ReplyStatus | null };
type Db = Orm | Transaction;

export interface NewThread {
  userId: string;
  pageId: string;
  /** Facebook when absent. */
  channel?: Channel;
  kind: InboxKind;
  externalId: string;
  postId: string | null;
  customerId: string;
  customerName: string;
}

export interface NewItem {
  threadId: string;
  userId: string;
  pageId: string;
  /** Facebook when absent; as its thread. */
  channel?: Channel;
  author: InboxAuthor;
  externalId: string | null;
  text: string;
  createdAt: Date;
  replyStatus?: ReplyStatus | null;
  reason?: ReplyReason | null;
  replyToId?: string | null;
  delivery?: DeliveryState | null;
}

export interface AnswerUpdate {
  text?: string;
  delivery?: DeliveryState;
  externalId?: string | null;
  reservationId?: string | null;
  promptTokens?: number | null;
  completionTokens?: number | null;
  cost?: number | null;
  privateReplyId?: string | null;
}

export interface DashboardCountRow {
  pages: number;
  comments: number;
  messages: number;
  botReplies: number;
  spend: number;
  orders: number;
  clients: number;
}

/** A customer's Messenger message (not an echo), as `recordCustomerMessage` records it. */
export interface CustomerMessage {
  pageId: string;
  customerId: string;
  mid: string;
  text: string;
  createdAt: Date;
}

/** What `recordCustomerMessage` did. */
export interface RecordedMessage {
  /** The page's owner for messages; undefined when no PageMate user takes the page's messages (nothing written). */
  owner: string | undefined;
  /** False only when the customer's first thread was being created by a concurrent delivery: nothing written. */
  threadFound: boolean;
  /** The new item's id; undefined for a known mid (a duplicate delivery). */
  itemId: string | undefined;
  /** Whether the answer's job was queued. */
  queued: boolean;
}

/**
 * The answer's job for a recorded item, as one part of `recordCustomerMessage`'s statement: an insert selecting
 * from `recorded` (columns `id`, `user_id`) — see `JobQueue.insertSql`.
 */
export type AnswerJobInsert = (parts: { recorded: SQL; itemId: SQL; owner: SQL; jobId: SQL; now: SQL; answerable: SQL }) => SQL;

/** The SQL of page conversations: threads, their items, and who on PageMate owns a page's events. */
export interface InboxRepository {
  /**
   * The PageMate user whose bot speaks for a Facebook page on this event type: among the users who connected
   * the page, the one subscribed to the type who changed the page last. A page answers once, whoever else
   * manages it too.
   */
  ownerOf(pageId: string, action: PageAction): Promise<string | undefined>;
  /**
   * `ownerOf` for an Instagram account: the user (and the Facebook page the account is linked to) whose bot
   * answers the account's comments or Direct messages.
   */
  instagramOwnerOf(igUserId: string, action: PageAction): Promise<{ userId: string; pageId: string } | undefined>;
  /** The thread, created on first sight (a replayed event finds it). */
  threadFor(db: Db, thread: NewThread, now: Date): Promise<InboxThreadRow>;
  /** Inserts an item unless (page, Facebook id) exists already; undefined when it did (a duplicate event). */
  insertItem(db: Db, item: NewItem, now: Date): Promise<InboxItemRow | undefined>;
  /**
   * `insertItem`, then `touchThread` of its thread when it was new, in one statement (one round trip); the new
   * item's id, or undefined for a duplicate.
   */
  recordItem(db: Db, item: NewItem, now: Date): Promise<string | undefined>;
  /**
   * A customer's Messenger message in one statement, outside any transaction (it is atomic by itself): the
   * page's owner (`ownerOf`), the thread (created on first sight), the item unless its mid is known, the thread's
   * touch, and the answer's job (`answerJob`, only for a new item with text). Built once by the caller; runs on
   * `on` (default the database), which may be a transaction of several (`Database.inTransaction`).
   */
  customerMessageRecorder(answerJob: AnswerJobInsert): (message: CustomerMessage, now: Date, on?: Queryable) => Promise<RecordedMessage>;
  itemByExternalId(db: Db, pageId: string, externalId: string): Promise<InboxItemRow | undefined>;
  /** An answer of this thread still being sent whose text is `text` (its webhook came before our record). */
  sendingAnswer(db: Db, threadId: string, text: string): Promise<InboxItemRow | undefined>;
  /** Moves the thread's "last" to this item when it is the newest. */
  touchThread(db: Db, threadId: string, item: { author: InboxAuthor; text: string; at: Date }, now: Date): Promise<void>;
  /** A person answered: the bot pauses until `until` (a manual pause stays manual). */
  handoff(db: Db, threadId: string, until: Date, now: Date): Promise<void>;
  setBotPause(userId: string, threadId: string, paused: boolean, now: Date): Promise<InboxThreadRow | undefined>;
  markRead(userId: string, threadId: string, now: Date): Promise<void>;
  updateText(db: Db, itemId: string, text: string, now: Date): Promise<void>;
  /** An answer still sending is confirmed by Meta (its echo): sent, with its Facebook id. */
  confirmSent(db: Db, itemId: string, externalId: string, now: Date): Promise<void>;

  item(id: string): Promise<InboxItemRow | undefined>;
  thread(id: string): Promise<InboxThreadRow | undefined>;
  ownThread(userId: string, id: string): Promise<InboxThreadRow | undefined>;
  threadSummary(userId: string, id: string): Promise<ThreadSummaryRow | undefined>;
  /** A page's threads of one kind, of one channel or (undefined) both. */
  listThreads(userId: string, pageId: string, kind: InboxKind, limit: number, channel?: Channel): Promise<ThreadSummaryRow[]>;
  /** Every thread (comments and Messenger) of one Facebook person on one page, newest first. */
  threadsOfCustomer(userId: string, pageId: string, customerId: string): Promise<ThreadSummaryRow[]>;
  items(threadId: string, limit: number): Promise<InboxItemRow[]>;
  /** The bot's answer to a customer item, created (generating) on first call: one per item, ever. */
  botAnswerFor(customer: InboxItemRow, now: Date): Promise<InboxItemRow>;
  updateAnswer(id: string, update: AnswerUpdate, now: Date): Promise<void>;
  /** Claims the private reply of a comment (`pending`); false when one was claimed before. */
  claimPrivateReply(customerItemId: string, now: Date): Promise<boolean>;
  deleteAnswer(id: string): Promise<void>;
  /** Records the outcome for a customer item still pending; false when it was no longer pending. */
  finishCustomer(id: string, status: Exclude<ReplyStatus, 'pending'>, reason: ReplyReason | null, now: Date): Promise<boolean>;
  setPagePause(userId: string, pageId: string, reason: 'no_funds' | 'daily_cap' | null, until: Date | null): Promise<void>;
  counts(userId: string): Promise<DashboardCountRow>;
}

declare module 'fastify' {
  interface FastifyInstance {
    inboxRepository: InboxRepository;
  }
}

/** Before any item: a thread's first touch always wins. */
const EPOCH = new Date(0);

/** Moves a thread's "last" to this item when it is the newest (the first touch always wins). */
function touchOf(item: { author: InboxAuthor; text: string; at: Date }, now: Date) {
  return {
    lastText: sql`case when ${inboxThreads.lastAt} <= ${item.at} or ${inboxThreads.lastText} = '' then ${item.text} else ${inboxThreads.lastText} end`,
    lastAuthor: sql`case when ${inboxThreads.lastAt} <= ${item.at} or ${inboxThreads.lastText} = '' then ${item.author} else ${inboxThreads.lastAuthor} end`,
    lastAt: sql`greatest(${inboxThreads.lastAt}, ${item.at})`,
    ...(item.author === 'customer' ? { lastCustomerAt: sql`greatest(${inboxThreads.lastCustomerAt}, ${item.at})` } : {}),
    updatedAt: now,
  };
}

function inboxRepositoryPlugin(app: FastifyInstance) {
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
  const pageOwner = orm
    .select({ userId: facebookPages.userId })
    .from(facebookPages)
    .where(and(eq(facebookPages.pageId, sql.placeholder('pageId')), sql`${facebookPages.subscribed} @> ${sql.placeholder('actions')}::jsonb`))
    .orderBy(desc(facebookPages.updatedAt), asc(facebookPages.id))
    .limit(1)
    .prepare('inbox_page_owner');
  const instagramOwner = orm
    .select({ userId: facebookPages.userId, pageId: facebookPages.pageId })
    .from(facebookPages)
    .where(and(eq(facebookPages.igUserId, sql.placeholder('igUserId')), sql`${facebookPages.igSubscribed} @> ${sql.placeholder('actions')}::jsonb`))
    .orderBy(desc(facebookPages.updatedAt), asc(facebookPages.id))
    .limit(1)
    .prepare('inbox_instagram_owner');
  const toSummary = (row: { thread: InboxThreadRow; unread: number; lastReplyStatus: ReplyStatus | null }): ThreadSummaryRow => ({
    ...row.thread,
    unread: Number(row.unread),
    lastReplyStatus: row.lastReplyStatus,
  });

  const repository: InboxRepository = {
    async ownerOf(pageId, action) {
      const [row] = await pageOwner.execute({ pageId, actions: JSON.stringify([action]) });
      return row?.userId;
    },

    async instagramOwnerOf(igUserId, action) {
      const [row] = await instagramOwner.execute({ igUserId, actions: JSON.stringify([action]) });
      return row;
    },

    async threadFor(db, thread, now) {
      // One statement, new or known: the no-op update on a known thread returns its row (and takes the row lock
      // the item's touch takes next anyway); a name learnt later fills an empty one.
      const [row] = await db
        .insert(inboxThreads)
        .values({
          id: crypto.randomUUID(),
          ...thread,
          // Set by the first item's touch (Facebook's time, which may be a little before our clock).
          lastText: '',
          lastAuthor: 'customer',
          lastAt: EPOCH,
          lastCustomerAt: EPOCH,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [inboxThreads.userId, inboxThreads.pageId, inboxThreads.channel, inboxThreads.kind, inboxThreads.externalId],
          set: { customerName: sql`case when ${inboxThreads.customerName} = '' then excluded.customer_name else ${inboxThreads.customerName} end` },
        })
        .returning();
      if (!row) throw new Error('inbox thread neither inserted nor found');
      return row;
    },

    async insertItem(db, item, now) {
      const [row] = await db
        .insert(inboxItems)
        .values({ id: crypto.randomUUID(), ...item, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async recordItem(db, item, now) {
      const insert = db
        .insert(inboxItems)
        .values({ id: crypto.randomUUID(), ...item, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: inboxItems.id });
      const touch = db
        .update(inboxThreads)
        .set(touchOf({ author: item.author, text: item.text, at: item.createdAt }, now))
        .where(and(eq(inboxThreads.id, item.threadId), sql`exists (select 1 from recorded)`));
      // Every data-modifying WITH runs once, referenced or not; the touch sees the insert's rows through `recorded`.
      const result = await db.execute<{ id: string }>(sql`with recorded as (${insert.getSQL()}), touched as (${touch.getSQL()}) select id from recorded`);
      return result.rows[0]?.id;
    },

    customerMessageRecorder(answerJob) {
      const value = (name: string) => sql.placeholder(name);
      const at = sql`${value('at')}::timestamptz`;
      const now = sql`${value('now')}::timestamptz`;
      const text = sql`${value('text')}::text`;
      const pageId = sql`${value('pageId')}::text`;
      const customerId = sql`${value('customerId')}::text`;
      // Each data-modifying part runs once, referenced or not, on one snapshot: a thread inserted here is touched by
      // its own insert (a row may not be changed twice in one statement), a known one by `touched`; an insert
      // that meets a row committed after the snapshot (the same mid, the same customer's first thread) waits for
      // it and inserts nothing.
      const recordMessage = statement<{ owner: string | null; thread_id: string | null; item_id: string | null; job_id: string | null }>(
        'inbox_record_customer_message',
        sql`with owner as (
            select user_id from facebook_pages
            where page_id = ${pageId} and subscribed @> '["messages"]'::jsonb
            order by updated_at desc, id limit 1
          ),
          known as (
            select t.id, t.user_id from inbox_threads t join owner o on o.user_id = t.user_id
            where t.page_id = ${pageId} and t.channel = 'facebook' and t.kind = 'message' and t.external_id = ${customerId}
          ),
          created as (
            insert into inbox_threads (id, user_id, page_id, kind, external_id, post_id, customer_id, customer_name,
              last_text, last_author, last_at, last_customer_at, created_at, updated_at)
            select ${value('threadId')}::uuid, o.user_id, ${pageId}, 'message', ${customerId}, null, ${customerId}, '',
              ${text}, 'customer', ${at}, ${at}, ${now}, ${now}
            from owner o where not exists (select 1 from known)
            on conflict do nothing
            returning id, user_id
          ),
          thread as (select id, user_id from known union all select id, user_id from created),
          recorded as (
            insert into inbox_items (id, thread_id, user_id, page_id, author, external_id, text, created_at, reply_status, reason, updated_at)
            select ${value('itemId')}::uuid, t.id, t.user_id, ${pageId}, 'customer', ${value('mid')}::text, ${text}, ${at},
              ${value('replyStatus')}::text, ${value('reason')}::text, ${now}
            from thread t
            on conflict do nothing
            returning id, user_id
          ),
          touched as (
            update inbox_threads as t set
              last_text = case when t.last_at <= ${at} or t.last_text = '' then ${text} else t.last_text end,
              last_author = case when t.last_at <= ${at} or t.last_text = '' then 'customer' else t.last_author end,
              last_at = greatest(t.last_at, ${at}),
              last_customer_at = greatest(t.last_customer_at, ${at}),
              updated_at = ${now}
            from known k
            where t.id = k.id and exists (select 1 from recorded)
          ),
          queued as (${answerJob({
            recorded: sql`recorded`,
            itemId: sql`recorded.id`,
            owner: sql`recorded.user_id::text`,
            jobId: sql`${value('jobId')}::uuid`,
            now,
            answerable: sql`${value('answerable')}::boolean`,
          })})
        select (select user_id from owner) as owner, (select id from thread limit 1) as thread_id,
          (select id from recorded) as item_id, (select id from queued) as job_id`,
      );
      return async (message, at, on = app.db) => {
        const answerable = message.text.trim() !== '';
        const [row] = await recordMessage.execute(on, {
          pageId: message.pageId,
          customerId: message.customerId,
          mid: message.mid,
          text: message.text,
          at: message.createdAt,
          now: at,
          threadId: crypto.randomUUID(),
          itemId: crypto.randomUUID(),
          jobId: crypto.randomUUID(),
          replyStatus: answerable ? 'pending' : 'skipped',
          reason: answerable ? null : 'no_text',
          answerable,
        });
        return { owner: row?.owner ?? undefined, threadFound: Boolean(row?.thread_id), itemId: row?.item_id ?? undefined, queued: Boolean(row?.job_id) };
      };
    },

    async itemByExternalId(db, pageId, externalId) {
      const [row] = await db.select().from(inboxItems).where(and(eq(inboxItems.pageId, pageId), eq(inboxItems.externalId, externalId)));
      return row;
    },

    async sendingAnswer(db, threadId, text) {
      const [row] = await db
        .select()
        .from(inboxItems)
        .where(and(eq(inboxItems.threadId, threadId), eq(inboxItems.delivery, 'sending'), eq(inboxItems.text, text)))
        .orderBy(desc(inboxItems.createdAt))
        .limit(1);
      return row;
    },

    async touchThread(db, threadId, item, now) {
      await db.update(inboxThreads).set(touchOf(item, now)).where(eq(inboxThreads.id, threadId));
    },

    async handoff(db, threadId, until, now) {
      await db
        .update(inboxThreads)
        .set({ botPauseReason: 'handoff', botPausedUntil: until, updatedAt: now })
        .where(and(eq(inboxThreads.id, threadId), sql`${inboxThreads.botPauseReason} is distinct from 'manual'`));
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

    async updateText(db, itemId, text, now) {
      await db.update(inboxItems).set({ text, updatedAt: now }).where(eq(inboxItems.id, itemId));
    },

    async confirmSent(db, itemId, externalId, now) {
      await db
        .update(inboxItems)
        .set({ delivery: 'sent', externalId, updatedAt: now })
        .where(and(eq(inboxItems.id, itemId), eq(inboxItems.delivery, 'sending')));
    },

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

    async botAnswerFor(customer, now) {
      const [created] = await orm
        .insert(inboxItems)
        .values({
          id: crypto.randomUUID(),
          threadId: customer.threadId,
          userId: customer.userId,
          pageId: customer.pageId,
          channel: customer.channel,
          author: 'bot',
          externalId: null,
          text: '',
          createdAt: now,
          replyToId: customer.id,
          delivery: 'generating',
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (created) return created;
      const [existing] = await orm.select().from(inboxItems).where(and(eq(inboxItems.replyToId, customer.id), eq(inboxItems.author, 'bot')));
      if (!existing) throw new Error('bot answer neither inserted nor found');
      return existing;
    },

    async updateAnswer(id, update, now) {
      await orm.update(inboxItems).set({ ...update, updatedAt: now }).where(eq(inboxItems.id, id));
    },

    async claimPrivateReply(customerItemId, now) {
      const claimed = await orm
        .update(inboxItems)
        .set({ privateReplyId: 'pending', updatedAt: now })
        .where(and(eq(inboxItems.id, customerItemId), sql`${inboxItems.privateReplyId} is null`))
        .returning({ id: inboxItems.id });
      return claimed.length === 1;
    },

    async deleteAnswer(id) {
      await orm.delete(inboxItems).where(and(eq(inboxItems.id, id), eq(inboxItems.author, 'bot')));
    },

    async finishCustomer(id, status, reason, now) {
      const done = await orm
        .update(inboxItems)
        .set({ replyStatus: status, reason, updatedAt: now })
        .where(and(eq(inboxItems.id, id), eq(inboxItems.replyStatus, 'pending')))
        .returning({ id: inboxItems.id });
      return done.length === 1;
    },

    async setPagePause(userId, pageId, reason, until) {
      // Not `updatedAt`: that orders page ownership (ownerOf), which a pause must not change.
      await orm
        .update(facebookPages)
        .set({ botPausedReason: reason, botPausedUntil: until })
        .where(and(eq(facebookPages.userId, userId), eq(facebookPages.pageId, pageId)));
    },

    async counts(userId) {
      const result = await orm.execute<{ pages: number; comments: number; messages: number; bot_replies: number; spend: string | number; orders: number; clients: number }>(sql`
        select
          (select count(*)::int from facebook_pages p where p.user_id = ${userId}) as pages,
          (select count(*)::int from inbox_items i join inbox_threads t on t.id = i.thread_id
            where i.user_id = ${userId} and i.author = 'customer' and t.kind = 'comment') as comments,
          (select count(*)::int from inbox_items i join inbox_threads t on t.id = i.thread_id
            where i.user_id = ${userId} and i.author = 'customer' and t.kind = 'message') as messages,
          (select count(*)::int from inbox_items i where i.user_id = ${userId} and i.author = 'bot' and i.delivery = 'sent') as bot_replies,
          (select coalesce(sum(-e.amount), 0) from ledger_entries e where e.user_id = ${userId} and e.kind = 'token_charge') as spend,
          (select count(*)::int from orders o where o.user_id = ${userId}) as orders,
          (select count(*)::int from clients c where c.user_id = ${userId}) as clients`);
      const row = result.rows[0];
      return {
        pages: Number(row?.pages ?? 0),
        comments: Number(row?.comments ?? 0),
        messages: Number(row?.messages ?? 0),
        botReplies: Number(row?.bot_replies ?? 0),
        spend: Number(row?.spend ?? 0),
        orders: Number(row?.orders ?? 0),
        clients: Number(row?.clients ?? 0),
      };
    },
  };
  app.decorate('inboxRepository', repository);
}

export default fp(inboxRepositoryPlugin, { name: 'inbox-repository', fastify: '5.x', dependencies: ['db'] });
