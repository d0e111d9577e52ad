import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small facts about this installation (e.g. when it was first started), one row per key. */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
