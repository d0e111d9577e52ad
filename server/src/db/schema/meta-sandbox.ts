import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const instant = () => timestamp({ withTimezone: true });

/**
 * Everything the built-in Meta sandbox received (and the webhooks it sent), for the user to see. Each PageMate
 * user has a sandbox of their own (their own page ids): `userId` is whose it is, and the only key activity is
 * read by. Null: recorded before sandboxes were per user, by pages every user shared; shown to nobody.
 */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: uuid().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    pageId: text().notNull(),
    /** subscribed_apps | comment_reply | private_reply | message | feed_post | photo_post | webhook */
    kind: text().notNull(),
    summary: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: instant().notNull(),
  },
  (table) => [index('sandbox_events_page_created').on(table.pageId, table.createdAt), index('sandbox_events_user_created').on(table.userId, table.createdAt)],
);

/** The sandbox's `subscribed_apps` state per page (Graph field names: feed, messages, …). */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  pageId: text().primaryKey(),
  fields: jsonb().$type<string[]>().notNull(),
  updatedAt: instant().notNull(),
});

/** Authorization codes already exchanged: Meta's codes are single use, and so are the sandbox's. */
export const sandboxUsedCodes = pgTable('sandbox_used_codes', {
  nonce: text().primaryKey(),
  usedAt: instant().notNull(),
});
