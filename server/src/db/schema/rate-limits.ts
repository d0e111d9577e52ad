import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every instance on this database (`PostgresCounterStore`): one fixed window per
 * key (`login:ip:203.0.113.7`…), or one backoff (`login_attempts:account:user:…`: attempts, and `reset_at` = the
 * last attempt + the time it is forgotten after). Rows whose window ended are swept now and then, so the
 * table holds about one window's worth of keys. No index on `reset_at`: the sweep's scan of a small table is
 * cheaper than keeping an index up to date on every hit.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
