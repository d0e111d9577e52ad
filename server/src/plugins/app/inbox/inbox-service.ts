import type { Channel, DashboardCounts, InboxItem, InboxKind, InboxThread } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, RateLimitedError } from '../../../errors/app-error.js';
import { GraphApiError } from '../../../meta/graph-client.js';
import type { PageEvent } from '../../../meta/webhook-events.js';
import { PermanentJobError } from '../../../jobs/index.js';
import { botHandoff, createInboxIngest, type IngestSummary } from './inbox-ingest.js';
import { createInboxReceipt, eventOfPayload, INBOX_EVENT_QUEUE, type ReceiptSummary } from './inbox-receipt.js';
import type { InboxThreadRow, ThreadSummaryRow } from './inbox-repository.js';
import { isPaused, toInboxItem, toThread as toThreadView } from './inbox-views.js';

// The module's public names, re-exported so importers take them all from here.
export { BOT_REPLY_QUEUE, commentThreadId, type IngestSummary } from './inbox-ingest.js';
export { eventKeyOf, INBOX_EVENT_MAX_ATTEMPTS, INBOX_EVENT_QUEUE, type ReceiptSummary } from './inbox-receipt.js';
export { threadState, toInboxItem } from './inbox-views.js';

/** Messenger's standard reply window: a page may answer a person this long after their last message. */
export const MESSENGER_WINDOW_MS = 24 * 3600 * 1000;
const THREADS_PER_LIST = 200;
const ITEMS_PER_THREAD = 500;

export interface InboxService {
  /**
   * The webhook's acknowledgement: each new event of a delivery kept once as an `inbox.event` job, all of them in
   * one transaction (see `createInboxReceipt`); the jobs then `ingest` them.
   */
  receive(events: readonly PageEvent[]): Promise<ReceiptSummary>;
  /** Records events in the inbox and queues one answer per new customer item, in one transaction (idempotent). */
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

function inboxServicePlugin(app: FastifyInstance) {
  const repo = app.inboxRepository;
  const now = () => app.clock.now();
  const handoff = botHandoff(app);
  const toThread = (row: ThreadSummaryRow, sandbox: boolean) => toThreadView(row, sandbox, now());

  async function sandboxPage(userId: string, pageId: string): Promise<boolean> {
    return (await app.facebookRepository.findPage(userId, pageId))?.sandbox ?? false;
  }

  async function summaryOf(userId: string, threadId: string): Promise<InboxThread> {
    const row = await repo.threadSummary(userId, threadId);
    if (!row) throw notFound();
    return toThread(row, await sandboxPage(userId, row.pageId));
  }

  const service: InboxService = {
    receive: createInboxReceipt(app),
    ingest: createInboxIngest(app),

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

  // A received event recorded in the inbox; a retry records nothing twice (`ingest` is idempotent).
  app.jobs.handle(INBOX_EVENT_QUEUE, async (payload) => {
    const event = eventOfPayload(payload);
    if (!event) throw new PermanentJobError(`${INBOX_EVENT_QUEUE} needs a page event`);
    await service.ingest([event]);
  });
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
