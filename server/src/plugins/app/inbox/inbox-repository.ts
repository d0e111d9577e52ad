import type { Channel, DeliveryState, InboxAuthor, InboxKind, PageAction, ReplyReason, ReplyStatus } from '@pagemate/shared-contracts/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Orm, Queryable } from '../../../db/database.js';
import type { inboxItems, inboxThreads } from '../../../db/schema/index.js';
import type { Transaction } from '../../../jobs/index.js';
import { createInboxAnswers } from './inbox-answers.js';
import { createInboxCounts } from './inbox-counts.js';
import { createInboxRecording } from './inbox-recording.js';
import { createInboxThreads } from './inbox-threads.js';

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

function inboxRepositoryPlugin(app: FastifyInstance) {
  const repository: InboxRepository = {
    ...createInboxRecording(app),
    ...createInboxThreads(app),
    ...createInboxAnswers(app),
    ...createInboxCounts(app),
  };
  app.decorate('inboxRepository', repository);
}

export default fp(inboxRepositoryPlugin, { name: 'inbox-repository', fastify: '5.x', dependencies: ['db'] });
