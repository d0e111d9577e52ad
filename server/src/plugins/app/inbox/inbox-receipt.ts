import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../db/database.js';
import { timeOrderedUuid } from '../../../db/ids.js';
import { facebookPages } from '../../../db/schema/index.js';
import { statement } from '../../../db/statement.js';
import { JOB_PRIORITY, type JobPayload } from '../../../jobs/index.js';
import type { PageEvent } from '../../../meta/webhook-events.js';

/** The job that records one received page event in the inbox (`createInboxIngest`), after the webhook's 200. */
export const INBOX_EVENT_QUEUE = 'inbox.event';

/**
 * Attempts of an event's recording: the retries wait 2, 4, 8… seconds, so a database away for a quarter of an
 * hour loses nothing, while an event no attempt can record (a poison event) ends `failed` in its own job.
 */
export const INBOX_EVENT_MAX_ATTEMPTS = 10;

export interface ReceiptSummary {
  /** New events: each is now one `inbox.event` job. */
  received: number;
  /** Events received before (a replayed or concurrent delivery), or of a page no PageMate user takes them for. */
  duplicates: number;
}

/**
 * An event's own identity at Meta: a message's mid, a comment's id. An edit repeats the comment's id, so each
 * new text of it is another event (a replayed edit is the same one).
 */
export function eventKeyOf(event: PageEvent): string {
  const base = `${event.channel}:${event.pageId}:`;
  if (event.type === 'message') return `${base}${event.mid}`;
  if (event.verb === 'add') return `${base}${event.commentId}`;
  return `${base}${event.commentId}:edited:${createHash('sha256').update(event.text).digest('base64url').slice(0, 22)}`;
}

/** The event as its job's payload (JSON: its time as ISO text). */
export const eventPayload = (event: PageEvent): JobPayload => ({ event: { ...event, createdAt: event.createdAt.toISOString() } });

/** The event of an `inbox.event` job's payload; undefined when it is not one. */
export function eventOfPayload(payload: JobPayload): PageEvent | undefined {
  const event = payload.event as Record<string, unknown> | undefined;
  if (typeof event !== 'object' || event === null || (event.type !== 'comment' && event.type !== 'message')) return undefined;
  const createdAt = new Date(typeof event.createdAt === 'string' ? event.createdAt : Number.NaN);
  if (Number.isNaN(createdAt.getTime()) || typeof event.pageId !== 'string' || typeof event.text !== 'string') return undefined;
  return { ...event, createdAt, ...(event.type === 'message' ? { appId: typeof event.appId === 'string' ? event.appId : undefined } : {}) } as PageEvent;
}

/**
 * The webhook's acknowledgement: each event of a delivery kept once, durably, before Meta gets its 200 — one
 * `inbox.event` job per new event, keyed by the event's own id (`eventKeyOf`; a replayed or concurrent delivery
 * inserts nothing), owned by the user who takes the page's events (the queue's turns between owners), and none
 * for a page nobody takes them for. The job records it in the inbox (`createInboxIngest`, which finds the owner
 * again then: a page unsubscribed meanwhile records nothing for its old owner).
 */
export function createInboxReceipt(app: FastifyInstance) {
  const value = (name: string) => sql.placeholder(name);
  const now = sql`${value('now')}::timestamptz`;
  const actions = sql`${value('actions')}::jsonb`;
  const receiptOf = (name: string, owner: ReturnType<typeof sql>) =>
    statement<{ owner: string | null; job_id: string | null }>(
      name,
      sql`with page_owner as (${owner}),
        queued as (${app.jobs.insertSql(
          INBOX_EVENT_QUEUE,
          {
            id: sql`${value('jobId')}::uuid`,
            payload: sql`${value('payload')}::jsonb`,
            dedupeKey: sql`${value('dedupeKey')}::text`,
            owner: sql`page_owner.user_id`,
            now,
            from: sql`page_owner`,
            where: sql`true`,
          },
          { priority: JOB_PRIORITY.interactive, maxAttempts: INBOX_EVENT_MAX_ATTEMPTS },
        )})
      select (select user_id from page_owner) as owner, (select id from queued) as job_id`,
    );
  // The owner as `InboxRepository.ownerOf` / `instagramOwnerOf` find it: the subscribed user who changed the page last.
  const receipts = {
    facebook: receiptOf(
      'inbox_receive_facebook_event',
      sql`select ${facebookPages.userId}::text as user_id from ${facebookPages}
        where ${facebookPages.pageId} = ${value('accountId')}::text and ${facebookPages.subscribed} @> ${actions}
        order by ${facebookPages.updatedAt} desc, ${facebookPages.id} limit 1`,
    ),
    instagram: receiptOf(
      'inbox_receive_instagram_event',
      sql`select ${facebookPages.userId}::text as user_id from ${facebookPages}
        where ${facebookPages.igUserId} = ${value('accountId')}::text and ${facebookPages.igSubscribed} @> ${actions}
        order by ${facebookPages.updatedAt} desc, ${facebookPages.id} limit 1`,
    ),
  };

  const receiveOne = async ({ event, key, jobId }: { event: PageEvent; key: string; jobId: string }, at: string, on: Queryable) => {
    const [row] = await receipts[event.channel].execute(on, {
      accountId: event.pageId,
      actions: event.type === 'comment' ? '["comments"]' : '["messages"]',
      jobId,
      payload: JSON.stringify(eventPayload(event)),
      dedupeKey: `${INBOX_EVENT_QUEUE}:${key}`,
      now: at,
    });
    return Boolean(row?.job_id);
  };

  return async function receive(events: readonly PageEvent[]): Promise<ReceiptSummary> {
    const at = app.clock.now().toISOString();
    // Time-ordered job ids taken in the delivery's order: its events keep their order in the queue.
    const keyed = events.map((event) => ({ event, key: eventKeyOf(event), jobId: timeOrderedUuid() }));
    let received: boolean[];
    if (keyed.length < 2) {
      received = await Promise.all(keyed.map((one) => receiveOne(one, at, app.db)));
    } else {
      // All of a delivery or none (a failure answers 500 and Meta delivers it again), in key order: deliveries
      // sharing events wait for each other in the same order (never a deadlock).
      const ordered = [...keyed].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      received = await app.db.inTransaction(async (transaction) => {
        const outcomes = new Map<string, boolean>();
        for (const one of ordered) outcomes.set(one.jobId, await receiveOne(one, at, transaction));
        return keyed.map((one) => outcomes.get(one.jobId) ?? false);
      });
    }
    const summary: ReceiptSummary = { received: received.filter(Boolean).length, duplicates: received.filter((one) => !one).length };
    if (summary.received > 0) app.jobs.nudge();
    return summary;
  };
}
