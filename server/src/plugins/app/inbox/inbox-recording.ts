import type { InboxAuthor } from '@pagemate/shared-contracts/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { timeOrderedUuid } from '../../../db/ids.js';
import { statement } from '../../../db/statement.js';
import { facebookPages, inboxItems, inboxThreads } from '../../../db/schema/index.js';
import type { InboxRepository } from './inbox-repository.js';

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

/**
 * What Meta sends, written down: who on PageMate owns a page's events, threads created on first sight, items
 * recorded once (a replayed event finds them), a customer's message in one statement with its answer's job,
 * and the touches, handoffs and confirmations that follow.
 */
export function createInboxRecording(app: FastifyInstance): Pick<InboxRepository, 'ownerOf' | 'instagramOwnerOf' | 'threadFor' | 'insertItem' | 'recordItem' | 'customerMessageRecorder' | 'itemByExternalId' | 'sendingAnswer' | 'touchThread' | 'handoff' | 'updateText' | 'confirmSent'> {
  const orm = app.db.orm;
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

  return {
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
          id: timeOrderedUuid(),
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
        .values({ id: timeOrderedUuid(), ...item, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async recordItem(db, item, now) {
      const insert = db
        .insert(inboxItems)
        .values({ id: timeOrderedUuid(), ...item, updatedAt: now })
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
          // ISO text for the `::timestamptz` casts: node-postgres formats a Date in local time, slower per call.
          at: message.createdAt.toISOString(),
          now: at.toISOString(),
          // Time-ordered: the inserts of every message append to their indexes (fewer full-page writes).
          threadId: timeOrderedUuid(),
          itemId: timeOrderedUuid(),
          jobId: timeOrderedUuid(),
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

    async updateText(db, itemId, text, now) {
      await db.update(inboxItems).set({ text, updatedAt: now }).where(eq(inboxItems.id, itemId));
    },

    async confirmSent(db, itemId, externalId, now) {
      await db
        .update(inboxItems)
        .set({ delivery: 'sent', externalId, updatedAt: now })
        .where(and(eq(inboxItems.id, itemId), eq(inboxItems.delivery, 'sending')));
    },
  };
}
