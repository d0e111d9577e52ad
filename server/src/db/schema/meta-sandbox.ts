import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const instant = () => timestamp({ withTimezone: true });

/** Everything the built-in Meta sandbox received (and the webhooks it sent), for the user to see. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: uuid().primaryKey(),
    pageId: text().notNull(),
    /** subscribed_apps | comment_reply | private_reply | message | feed_post | photo_post | webhook */
    kind: text().notNull(),
    summary: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: instant().notNull(),
  },
  (table) => [index('sandbox_events_page_created').on(table.pageId, table.createdAt)],
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
