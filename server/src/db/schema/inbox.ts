import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const instant = () => timestamp({ withTimezone: true });

/**
 * One conversation of a page the user manages: a top-level comment and the answers under it (`external_id` =
 * that comment's id), or Messenger with one person (`external_id` = their PSID).
 */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pageId: text().notNull(),
    /** comment | message */
    kind: text().notNull(),
    /** facebook | instagram: where the conversation happens (`pageId` is the Facebook page either way). */
    channel: text().notNull().default('facebook'),
    externalId: text().notNull(),
    postId: text(),
    customerId: text().notNull(),
    customerName: text().notNull(),
    lastText: text().notNull(),
    /** customer | bot | human */
    lastAuthor: text().notNull(),
    lastAt: instant().notNull(),
    /** The customer's latest item: Messenger's 24-hour reply window runs from it. */
    lastCustomerAt: instant().notNull(),
    /** When the user last opened the thread; customer items after it are unread. */
    readAt: instant(),
    /** manual (until resumed) | handoff (until `botPausedUntil`) | null: the bot answers. */
    botPauseReason: text(),
    botPausedUntil: instant(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    uniqueIndex('inbox_threads_user_page_channel_kind_external').on(table.userId, table.pageId, table.channel, table.kind, table.externalId),
    index('inbox_threads_list').on(table.userId, table.pageId, table.kind, table.lastAt),
    check('inbox_threads_kind_known', sql`${table.kind} in ('comment', 'message')`),
    check('inbox_threads_channel_known', sql`${table.channel} in ('facebook', 'instagram')`),
  ],
);

/**
 * One item of a thread. Customer items arrive by webhook, once: (page, Facebook id) is unique, so a replayed
 * or concurrent delivery inserts nothing. A bot answer is one row per customer item (`reply_to_id` unique among
 * bot rows): the database itself refuses a second bot answer to the same comment or message.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: uuid().primaryKey(),
    threadId: uuid()
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pageId: text().notNull(),
    /** customer | bot | human */
    author: text().notNull(),
    /** facebook | instagram, as its thread. */
    channel: text().notNull().default('facebook'),
    /** The comment id or message mid at Facebook (answers get theirs once sent). */
    externalId: text(),
    text: text().notNull(),
    /** When it was written (Facebook's time for webhook items). */
    createdAt: instant().notNull(),
    /** Customer items: pending | replied | skipped | failed, and why not answered. */
    replyStatus: text(),
    reason: text(),
    /** Answers: the customer item answered (bot answers: exactly one per customer item). */
    replyToId: uuid(),
    /** Answers: generating | sending | sent | failed. */
    delivery: text(),
    /** Bot answers: the hold on the balance for the model call, until it is settled. */
    reservationId: uuid(),
    promptTokens: integer(),
    completionTokens: integer(),
    cost: integer(),
    /** Comments: the private Messenger reply sent to the commenter (`pending` while being sent; one per comment). */
    privateReplyId: text(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    uniqueIndex('inbox_items_page_external').on(table.pageId, table.externalId).where(sql`${table.externalId} is not null`),
    uniqueIndex('inbox_items_one_bot_answer').on(table.replyToId).where(sql`${table.author} = 'bot'`),
    index('inbox_items_thread_created').on(table.threadId, table.createdAt),
    index('inbox_items_user_author').on(table.userId, table.author),
    check('inbox_items_author_known', sql`${table.author} in ('customer', 'bot', 'human')`),
    check('inbox_items_channel_known', sql`${table.channel} in ('facebook', 'instagram')`),
  ],
);
