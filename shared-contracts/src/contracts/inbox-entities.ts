import { z } from 'zod';
import { channelSchema, idSchema } from './entity-fields.js';
import { lazySchema } from './lazy-table.js';

/** Page conversations as the comment and message managers show them: threads and their items. */

/** Where a page conversation comes from: comments under the page's posts, or Messenger. */
export const INBOX_KINDS = ['comment', 'message'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
/** Who wrote an item of a thread: the page's customer, the bot, or a person answering for the page. */
export const INBOX_AUTHORS = ['customer', 'bot', 'human'] as const;
export type InboxAuthor = (typeof INBOX_AUTHORS)[number];
/**
 * A thread at a glance: `waiting` — the customer's last word is not answered yet (the bot is on it);
 * `bot` / `human` — last answered by the bot / by a person; `attention` — the bot could not answer (paused,
 * no funds, failure…) and nobody has since: a person should look.
 */
export const THREAD_STATES = ['waiting', 'bot', 'human', 'attention'] as const;
export type ThreadState = (typeof THREAD_STATES)[number];
/** What became of a customer's item: the bot's reply is coming, was sent, was not attempted, or failed. */
export const REPLY_STATUSES = ['pending', 'replied', 'skipped', 'failed'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];
/**
 * Why the bot did not answer an item (the UI words each): the page's Auto toggle is off or the event type is
 * not subscribed; the thread is paused (by the user or because a person answered); the balance or a daily cap
 * refused the charge; Messenger's 24-hour window closed; the page must be reconnected; nothing to answer
 * (a sticker or photo without text); the AI model or the send failed after every retry.
 */
export const REPLY_REASONS = ['bot_off', 'paused', 'no_funds', 'daily_cap', 'window_closed', 'needs_reconnect', 'no_text', 'model_failed', 'send_failed'] as const;
export type ReplyReason = (typeof REPLY_REASONS)[number];
/** Delivery of an answer (bot or person) to Facebook. */
export const DELIVERY_STATES = ['generating', 'sending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** Longest answer a person may send from the managers (Messenger's text limit is below 2,000 characters). */
export const INBOX_REPLY_MAX_CHARS = 1_999;

/** One conversation of a page: a comment with the answers under it, or a Messenger conversation with one person. */
export const inboxThreadSchema = lazySchema(() => z.object({
  thread_id: idSchema,
  page_id: idSchema,
  kind: z.enum(INBOX_KINDS),
  /** Facebook (the page's posts, Messenger) or Instagram (the linked account's media, Direct). */
  channel: channelSchema.default('facebook'),
  /** The commenter's / sender's id at Facebook (a PSID for Messenger). */
  customer_id: z.string(),
  customer_name: z.string(),
  /** Comment threads: the post commented on, and its address on Facebook (null in the Meta sandbox). */
  post_id: z.string().nullable(),
  post_url: z.string().nullable(),
  last_text: z.string(),
  last_author: z.enum(INBOX_AUTHORS),
  last_at: z.string(),
  /** Customer items since the user last opened the thread. */
  unread: z.number().int().nonnegative(),
  state: z.enum(THREAD_STATES),
  /** The bot does not answer this thread now: paused by the user (until resumed) or because a person answered (until `bot_paused_until`). */
  bot_paused: z.boolean(),
  bot_pause_reason: z.enum(['manual', 'handoff']).nullable(),
  bot_paused_until: z.string().nullable(),
}));
export type InboxThread = z.infer<typeof inboxThreadSchema>;

/** One item of a thread, oldest first in a thread's detail. */
export const inboxItemSchema = lazySchema(() => z.object({
  item_id: idSchema,
  author: z.enum(INBOX_AUTHORS),
  text: z.string(),
  created_at: z.string(),
  /** Customer items: the bot's answer to it, and why not when it did not answer. */
  reply_status: z.enum(REPLY_STATUSES).nullable(),
  reason: z.enum(REPLY_REASONS).nullable(),
  /** Bot and person items: whether it reached Facebook. */
  delivery: z.enum(DELIVERY_STATES).nullable(),
  /** Bot items: what the answer cost, VND. */
  cost: z.number().int().nonnegative().nullable(),
}));
export type InboxItem = z.infer<typeof inboxItemSchema>;
