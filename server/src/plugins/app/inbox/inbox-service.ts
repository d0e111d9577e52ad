import type { Channel, DashboardCounts, InboxItem, InboxKind, InboxThread, ReplyReason, ThreadState } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { AppError, RateLimitedError } from '../../../errors/app-error.js';
import type { Queryable } from '../../../db/database.js';
import { JOB_PRIORITY, type Transaction } from '../../../jobs/index.js';
import { GraphApiError } from '../../../meta/graph-client.js';
import type { CommentEvent, MessageEvent, PageEvent } from '../../../meta/webhook-events.js';
import type { InboxItemRow, InboxThreadRow, RecordedMessage, ThreadSummaryRow } from './inbox-repository.js';

/** The job that answers one customer item. */
export const BOT_REPLY_QUEUE = 'bot.reply';
/** Messenger's standard reply window: a page may answer a person this long after their last message. */
export const MESSENGER_WINDOW_MS = 24 * 3600 * 1000;
const THREADS_PER_LIST = 200;
const ITEMS_PER_THREAD = 500;

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

export interface InboxService {
  /** Records a webhook delivery's events and queues one answer per new customer item, in one transaction. */
  ingest(events: readonly PageEvent[]): Promise<IngestSummary>;
  /** A page's threads of one kind: of one channel, or both when `channel` is undefined. */
  threads(userId: string, pageId: string, kind: InboxKind, channel?: Channel): Promise<InboxThread[]>;
  /** One Facebook person's threads on one page (a client's conversations). */
  threadsOfCustomer(userId: string, pageId: string, customerId: string): Promise<InboxThread[]>;
  /** The thread and its items, oldest first; the user has now read it. */
  thread(userId: string, threadId: string): Promise<{ thread: InboxThread; items: InboxItem[] }>;
  /** A person answers as the page: sent through Graph, recorded, and the bot steps back on the thread. */
  reply(userId: string, threadId: string, text: string): Promise<{ thread: InboxThread; item: InboxItem }>;
  setBotPaused(userId: string, threadId: string, paused: boolean): Promise<InboxThread>;
  counts(userId: string): Promise<DashboardCounts>;
  /** Is the bot quiet on this thread now? */
  botPaused(thread: InboxThreadRow, now: Date): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    inbox: InboxService;
  }
}

/** Comment threads hang off the top-level comment: Facebook nests one level, so a reply's parent is that comment. */
export function commentThreadId(event: Pick<CommentEvent, 'commentId' | 'parentId' | 'postId'>): string {
  return event.parentId === event.postId ? event.commentId : event.parentId;
}

export function threadState(row: Pick<ThreadSummaryRow, 'lastAuthor' | 'lastReplyStatus'>): ThreadState {
  if (row.lastAuthor === 'bot' || row.lastAuthor === 'human') return row.lastAuthor;
  if (row.lastReplyStatus === 'skipped' || row.lastReplyStatus === 'failed') return 'attention';
  return row.lastReplyStatus === 'replied' ? 'bot' : 'waiting';
}

function isPaused(thread: Pick<InboxThreadRow, 'botPauseReason' | 'botPausedUntil'>, now: Date): boolean {
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

function inboxServicePlugin(app: FastifyInstance) {
  const repo = app.inboxRepository;
  const now = () => app.clock.now();
  const handoffMs = app.config.bot.handoffPauseMinutes * 60_000;

  function toThread(row: ThreadSummaryRow, sandbox: boolean): InboxThread {
    const paused = isPaused(row, now());
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

  async function sandboxPage(userId: string, pageId: string): Promise<boolean> {
    return (await app.facebookRepository.findPage(userId, pageId))?.sandbox ?? false;
  }

  async function summaryOf(userId: string, threadId: string): Promise<InboxThread> {
    const row = await repo.threadSummary(userId, threadId);
    if (!row) throw notFound();
    return toThread(row, await sandboxPage(userId, row.pageId));
  }

  async function handoff(tx: Transaction, threadId: string, at: Date) {
    if (handoffMs > 0) await repo.handoff(tx, threadId, new Date(at.getTime() + handoffMs), now());
  }

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
      const human = await repo.recordItem(
        tx,
        { threadId: rootThread.threadId, userId, pageId: event.pageId, channel: event.channel, author: 'human', externalId: event.commentId, text: event.text, createdAt: event.createdAt, delivery: 'sent' },
        now(),
      );
      if (!human) return void (summary.duplicates += 1);
      await handoff(tx, rootThread.threadId, event.createdAt);
      summary.handoffs += 1;
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
      const human = await repo.recordItem(
        tx,
        { threadId: thread.id, userId, pageId: event.pageId, channel: event.channel, author: 'human', externalId: event.mid, text: event.text, createdAt: event.createdAt, delivery: 'sent' },
        now(),
      );
      if (!human) return void (summary.duplicates += 1);
      await handoff(tx, thread.id, event.createdAt);
      summary.handoffs += 1;
      return;
    }
    await recordCustomerItem(tx, thread, { externalId: event.mid, text: event.text, createdAt: event.createdAt }, summary, jobs);
  }

  const maxAttempts = app.config.bot.replyMaxAttempts;
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

  const service: InboxService = {
    async ingest(events) {
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
    },

    async threads(userId, pageId, kind, channel) {
      const page = await app.facebookRepository.findPage(userId, pageId);
      if (!page) throw new AppError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
      return (await repo.listThreads(userId, pageId, kind, THREADS_PER_LIST, channel)).map((row) => toThread(row, page.sandbox));
    },

    async threadsOfCustomer(userId, pageId, customerId) {
      const sandbox = await sandboxPage(userId, pageId);
      return (await repo.threadsOfCustomer(userId, pageId, customerId)).map((row) => toThread(row, sandbox));
    },

    async thread(userId, threadId) {
      const row = await repo.ownThread(userId, threadId);
      if (!row) throw notFound();
      await repo.markRead(userId, row.id, now());
      const [thread, items] = await Promise.all([summaryOf(userId, row.id), repo.items(row.id, ITEMS_PER_THREAD)]);
      return { thread, items: items.map(toInboxItem) };
    },

    async reply(userId, threadId, text) {
      const thread = await repo.ownThread(userId, threadId);
      if (!thread) throw notFound();
      const at = now();
      if (thread.kind === 'message' && at.getTime() - thread.lastCustomerAt.getTime() > MESSENGER_WINDOW_MS) {
        throw new AppError(409, 'CONFLICT', `${thread.channel === 'instagram' ? 'Instagram' : 'Messenger'} only lets a page answer within 24 hours of the customer's last message.`);
      }
      const token = await app.facebook.pageToken(userId, thread.pageId);
      const item = await app.db.orm.transaction(async (tx) => {
        const inserted = await repo.insertItem(tx, { threadId: thread.id, userId, pageId: thread.pageId, channel: thread.channel as Channel, author: 'human', externalId: null, text, createdAt: at, delivery: 'sending' }, at);
        if (!inserted) throw new Error('manual reply insert returned nothing');
        await repo.touchThread(tx, thread.id, { author: 'human', text, at }, at);
        await handoff(tx, thread.id, at);
        return inserted;
      });
      let externalId: string;
      try {
        externalId = await sendAnswer(app, thread, thread.externalId, token, text);
      } catch (error) {
        await repo.updateAnswer(item.id, { delivery: 'failed' }, now());
        throw await graphFailure(error, userId, thread.pageId);
      }
      await repo.updateAnswer(item.id, { delivery: 'sent', externalId }, now());
      const saved = await repo.item(item.id);
      return { thread: await summaryOf(userId, thread.id), item: toInboxItem(saved ?? item) };
    },

    async setBotPaused(userId, threadId, paused) {
      const row = await repo.setBotPause(userId, threadId, paused, now());
      if (!row) throw notFound();
      return summaryOf(userId, row.id);
    },

    async counts(userId) {
      const counts = await repo.counts(userId);
      return { pages: counts.pages, comments: counts.comments, messages: counts.messages, bot_replies: counts.botReplies, orders: counts.orders, clients: counts.clients, spend: counts.spend };
    },

    botPaused: isPaused,
  };

  /** A Graph failure of a person's answer, as the API's error (a token failure also flags the page). */
  async function graphFailure(error: unknown, userId: string, pageId: string): Promise<Error> {
    if (!(error instanceof GraphApiError)) return error instanceof Error ? error : new Error(String(error));
    app.log.warn({ kind: error.kind, graphCode: error.code, operation: error.operation }, 'inbox: sending a manual answer failed');
    switch (error.kind) {
      case 'token':
      case 'permission':
        await app.facebookRepository.markNeedsReconnect(userId, pageId, now());
        return new AppError(409, 'CONFLICT', 'Facebook no longer accepts the access to this page: reconnect the Facebook account in the page manager.');
      case 'rate_limit':
        return new RateLimitedError(60);
      case 'other':
        return new AppError(409, 'CONFLICT', `Facebook refused the answer: ${error.graph.message ?? 'unknown reason'}`);
      default:
        return new AppError(503, 'UNAVAILABLE', 'Facebook did not take the answer; please try again.');
    }
  }

  app.decorate('inbox', service);
}

/**
 * Sends an answer as the page: under the comment `commentId` (Facebook `/comments`, Instagram `/replies`), or
 * to the thread's person by the page's `/messages` (Messenger or Instagram Direct alike). Answers its id at Meta.
 */
export async function sendAnswer(app: FastifyInstance, thread: InboxThreadRow, commentId: string, token: string, text: string): Promise<string> {
  const graph = app.meta.graph;
  if (thread.kind === 'comment') {
    return (thread.channel === 'instagram' ? await graph.replyToInstagramComment(commentId, token, text) : await graph.replyToComment(commentId, token, text)).id;
  }
  return (await graph.sendMessage(thread.pageId, token, { id: thread.customerId }, text)).message_id;
}

function notFound() {
  return new AppError(404, 'NOT_FOUND', 'No such conversation.');
}

export default fp(inboxServicePlugin, {
  name: 'inbox-service',
  fastify: '5.x',
  dependencies: ['config', 'clock', 'db', 'jobs', 'meta-app', 'inbox-repository', 'facebook-repository', 'facebook-service'],
});
