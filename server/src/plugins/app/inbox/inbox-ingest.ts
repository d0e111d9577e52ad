import type { Channel } from '@pagemate/shared-contracts/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../db/database.js';
import { JOB_PRIORITY, type Transaction } from '../../../jobs/index.js';
import type { CommentEvent, MessageEvent, PageEvent } from '../../../meta/webhook-events.js';
import type { InboxThreadRow, RecordedMessage } from './inbox-repository.js';

/** The job that answers one customer item. */
export const BOT_REPLY_QUEUE = 'bot.reply';

/** A customer item to answer, and the user whose page it came to (the job's owner). */
interface ReplyToQueue {
  itemId: string;
  owner: string;
}

export interface IngestSummary {
  /** New customer items: each queued for one bot answer. */
  queued: number;
  /** Items already known (a replayed or concurrent delivery), or not for any PageMate user. */
  duplicates: number;
  /** People answering for the page from Facebook itself: the bot paused on their threads. */
  handoffs: number;
}

/** Comment threads hang off the top-level comment: Facebook nests one level, so a reply's parent is that comment. */
export function commentThreadId(event: Pick<CommentEvent, 'commentId' | 'parentId' | 'postId'>): string {
  return event.parentId === event.postId ? event.commentId : event.parentId;
}

/** A person answered for the page at `at`: the bot steps back on the thread for the configured pause (none when 0). */
export function botHandoff(app: FastifyInstance) {
  const handoffMs = app.config.bot.handoffPauseMinutes * 60_000;
  return async (tx: Transaction, threadId: string, at: Date) => {
    if (handoffMs > 0) await app.inboxRepository.handoff(tx, threadId, new Date(at.getTime() + handoffMs), app.clock.now());
  };
}

/**
 * Meta's webhook deliveries recorded: each event's owner found, customers' comments and messages recorded once
 * with one answer's job each, a person answering from Facebook (or Instagram) recorded as a handoff.
 */
export function createInboxIngest(app: FastifyInstance) {
  const repo = app.inboxRepository;
  const now = () => app.clock.now();
  const handoff = botHandoff(app);
  const maxAttempts = app.config.bot.replyMaxAttempts;

  /**
   * A customer's comment or message, once (a known Facebook id inserts nothing); one with text is queued for the
   * bot's answer (`jobs`), one without (a photo, a sticker) is recorded as not to be answered.
   */
  async function recordCustomerItem(
    tx: Transaction,
    thread: InboxThreadRow,
    event: { externalId: string; text: string; createdAt: Date },
    summary: IngestSummary,
    jobs: ReplyToQueue[],
  ) {
    const answerable = event.text.trim() !== '';
    const itemId = await repo.recordItem(
      tx,
      {
        threadId: thread.id,
        userId: thread.userId,
        pageId: thread.pageId,
        channel: thread.channel as Channel,
        author: 'customer',
        externalId: event.externalId,
        text: event.text,
        createdAt: event.createdAt,
        replyStatus: answerable ? 'pending' : 'skipped',
        reason: answerable ? null : 'no_text',
      },
      now(),
    );
    if (!itemId) return void (summary.duplicates += 1);
    if (answerable) jobs.push({ itemId, owner: thread.userId });
  }

  /** A person answering for the page from Facebook (or Instagram) itself: recorded once, and the bot steps back on the thread. */
  async function recordPersonAnswer(tx: Transaction, threadId: string, userId: string, event: PageEvent, externalId: string, summary: IngestSummary) {
    const human = await repo.recordItem(
      tx,
      { threadId, userId, pageId: event.pageId, channel: event.channel, author: 'human', externalId, text: event.text, createdAt: event.createdAt, delivery: 'sent' },
      now(),
    );
    if (!human) return void (summary.duplicates += 1);
    await handoff(tx, threadId, event.createdAt);
    summary.handoffs += 1;
  }

  /** A comment: the customer's (answered once) or the page's own (a person answering from Facebook, or our echo). */
  async function ingestComment(tx: Transaction, userId: string, event: CommentEvent, summary: IngestSummary, jobs: ReplyToQueue[]) {
    // The page (Facebook) or the linked account (Instagram) commenting: a person answering, or our own answer.
    const fromPage = event.fromId === event.accountId;
    const rootId = commentThreadId(event);
    if (event.verb === 'edited') {
      const known = await repo.itemByExternalId(tx, event.pageId, event.commentId);
      if (known?.author === 'customer') await repo.updateText(tx, known.id, event.text, now());
      summary.duplicates += 1;
      return;
    }
    if (fromPage) {
      // The page's own comment: our answers are known by id; one not yet recorded has our text and is sending.
      const known = await repo.itemByExternalId(tx, event.pageId, event.commentId);
      const rootThread = await repo.itemByExternalId(tx, event.pageId, rootId);
      if (known || !rootThread) {
        summary.duplicates += 1;
        return;
      }
      if (await repo.sendingAnswer(tx, rootThread.threadId, event.text)) {
        summary.duplicates += 1;
        return;
      }
      await recordPersonAnswer(tx, rootThread.threadId, userId, event, event.commentId, summary);
      return;
    }
    const thread = await repo.threadFor(
      tx,
      { userId, pageId: event.pageId, channel: event.channel, kind: 'comment', externalId: rootId, postId: event.postId, customerId: event.fromId, customerName: event.fromName },
      now(),
    );
    await recordCustomerItem(tx, thread, { externalId: event.commentId, text: event.text, createdAt: event.createdAt }, summary, jobs);
  }

  /** A Messenger message: the customer's (answered once), or an echo of the page's (ours confirms a send; a person's is a handoff). */
  async function ingestMessage(tx: Transaction, userId: string, event: MessageEvent, summary: IngestSummary, jobs: ReplyToQueue[]) {
    const thread = await repo.threadFor(
      tx,
      { userId, pageId: event.pageId, channel: event.channel, kind: 'message', externalId: event.customerId, postId: null, customerId: event.customerId, customerName: '' },
      now(),
    );
    if (event.isEcho) {
      if (await repo.itemByExternalId(tx, event.pageId, event.mid)) return void (summary.duplicates += 1);
      // Instagram echoes may not name the app: one matching an answer we are sending is ours all the same.
      const sending = event.appId === app.meta.appId || (event.channel === 'instagram' && event.appId === undefined) ? await repo.sendingAnswer(tx, thread.id, event.text) : undefined;
      if (event.appId === app.meta.appId || sending) {
        // Sent by us (the bot or a person in our managers) and not recorded yet: Meta's echo confirms it.
        if (sending) await repo.confirmSent(tx, sending.id, event.mid, now());
        summary.duplicates += 1;
        return;
      }
      await recordPersonAnswer(tx, thread.id, userId, event, event.mid, summary);
      return;
    }
    await recordCustomerItem(tx, thread, { externalId: event.mid, text: event.text, createdAt: event.createdAt }, summary, jobs);
  }

  /** The one-statement path of a customer's Messenger message: its answer's job in the same statement. */
  const recordMessage = repo.customerMessageRecorder(({ recorded, itemId, owner, jobId, now: at, answerable }) =>
    app.jobs.insertSql(
      BOT_REPLY_QUEUE,
      { id: jobId, payload: sql`jsonb_build_object('itemId', ${itemId})`, dedupeKey: sql`${BOT_REPLY_QUEUE} || ':' || ${itemId}`, owner, now: at, from: recorded, where: answerable },
      { priority: JOB_PRIORITY.interactive, maxAttempts },
    ),
  );

  /**
   * A delivery's customer messages, each with what its statement did: one message alone (autocommitted), several
   * in one transaction, taken in (page, customer) order so that deliveries touching the same threads lock them in
   * the same order (never a deadlock); a customer's messages keep their order.
   */
  async function recordMessages(messages: readonly MessageEvent[]): Promise<[MessageEvent, RecordedMessage][]> {
    const at = now();
    const recordOn = async (message: MessageEvent, on?: Queryable): Promise<[MessageEvent, RecordedMessage]> => [message, await recordMessage(message, at, on)];
    if (messages.length < 2) return Promise.all(messages.map((message) => recordOn(message)));
    const ordered = messages
      .map((message, index) => ({ message, index }))
      .sort((a, b) => a.message.pageId.localeCompare(b.message.pageId) || a.message.customerId.localeCompare(b.message.customerId) || a.index - b.index)
      .map(({ message }) => message);
    return app.db.inTransaction(async (transaction) => {
      const recorded: [MessageEvent, RecordedMessage][] = [];
      for (const message of ordered) recorded.push(await recordOn(message, transaction));
      return recorded;
    });
  }

  /** Events of one delivery in one transaction: comments, echoes, and whatever the one-statement path left. */
  async function ingestInTransaction(events: readonly PageEvent[], summary: IngestSummary) {
    const owners = new Map<string, { userId: string; pageId: string } | undefined>();
    // Facebook events name the page; Instagram ones the account, answered by the page it is linked to.
    const ownerOf = async (event: PageEvent) => {
      const action = event.type === 'comment' ? 'comments' : 'messages';
      const key = `${event.channel}:${event.pageId}:${action}`;
      if (!owners.has(key)) {
        const owner =
          event.channel === 'instagram'
            ? await repo.instagramOwnerOf(event.accountId, action)
            : await repo.ownerOf(event.pageId, action).then((userId) => (userId ? { userId, pageId: event.pageId } : undefined));
        owners.set(key, owner);
      }
      return owners.get(key);
    };
    const owned: { event: PageEvent; userId: string }[] = [];
    for (const event of events) {
      const owner = await ownerOf(event);
      if (owner) owned.push({ event: { ...event, pageId: owner.pageId }, userId: owner.userId });
      else summary.duplicates += 1;
    }
    if (owned.length === 0) return;
    await app.db.orm.transaction(async (tx) => {
      const jobs: ReplyToQueue[] = [];
      for (const { event, userId } of owned) {
        if (event.type === 'comment') await ingestComment(tx, userId, event, summary, jobs);
        else await ingestMessage(tx, userId, event, summary, jobs);
      }
      for (const { itemId, owner } of jobs) {
        const job = await app.jobs.enqueue(
          BOT_REPLY_QUEUE,
          { itemId },
          { dedupeKey: `${BOT_REPLY_QUEUE}:${itemId}`, maxAttempts, priority: JOB_PRIORITY.interactive, owner },
          tx,
        );
        if (job.created) summary.queued += 1;
      }
    });
  }

  return async function ingest(events: readonly PageEvent[]): Promise<IngestSummary> {
    const summary: IngestSummary = { queued: 0, duplicates: 0, handoffs: 0 };
    // A delivery of customer messages only (what Messenger sends all day): one statement per message, all of
    // the delivery's in one transaction — a failure answers 500 and Meta's retry records them then. Anything
    // else, and a customer's first thread that a concurrent delivery is creating, takes the transaction below.
    const rest: PageEvent[] = [];
    if (events.every((event) => event.type === 'message' && !event.isEcho && event.channel === 'facebook')) {
      const messages = events as readonly MessageEvent[];
      for (const [event, recorded] of await recordMessages(messages)) {
        if (recorded.owner === undefined) summary.duplicates += 1;
        else if (!recorded.threadFound) rest.push(event);
        else if (recorded.itemId === undefined) summary.duplicates += 1;
        else if (recorded.queued) summary.queued += 1;
      }
    } else {
      rest.push(...events);
    }
    if (rest.length > 0) await ingestInTransaction(rest, summary);
    if (summary.queued > 0) app.jobs.nudge();
    return summary;
  };
}
