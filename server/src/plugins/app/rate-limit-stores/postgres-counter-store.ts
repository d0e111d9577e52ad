import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/database.js';
import { rateLimitCounters } from '../../../db/schema/index.js';
import type { CounterState, CounterStore } from '../rate-limits.js';
import { type AttemptClaim, type BackoffRule, nextAttemptAtMs } from './backoff.js';

/** How often (by the clock handed to `increment`) one instance deletes the rows whose window ended. */
export const COUNTER_SWEEP_INTERVAL_MS = 60_000;

const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Counters in the app's own database (PGlite or PostgreSQL), so every instance on it shares them. One hit is
 * one atomic upsert: concurrent hits on a key serialise on its row, and a window that ended restarts at the
 * caller's `nowMs` (the app's clock, not SQL `now()`, so a test can move time and instances agree on one
 * clock source — theirs, kept in sync by NTP).
 *
 * Expired rows are swept opportunistically: the first hit at least `COUNTER_SWEEP_INTERVAL_MS` after the last
 * sweep deletes them in the background, so the table holds about one window of keys and an idle instance
 * costs nothing. `close()` waits for a sweep under way.
 */
export class PostgresCounterStore implements CounterStore {
  private lastSweepAtMs = -Infinity;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly orm: Orm,
    private readonly onSweepError: (error: unknown) => void = () => undefined,
  ) {}

  async increment(key: string, windowMs: number, nowMs: number): Promise<CounterState> {
    const expired = sql`${rateLimitCounters.resetAt} <= ${timestamp(nowMs)}`;
    const [row] = await this.orm
      .insert(rateLimitCounters)
      .values({ key, count: 1, resetAt: new Date(nowMs + windowMs) })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
    if (!row) throw new Error('rate-limit upsert returned no row');
    this.maybeSweep(nowMs);
    return { count: row.count, resetAtMs: row.resetAt.getTime() };
  }

  async read(key: string, nowMs: number): Promise<CounterState> {
    const [row] = await this.orm
      .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, new Date(nowMs))));
    return row ? { count: row.count, resetAtMs: row.resetAt.getTime() } : { count: 0, resetAtMs: nowMs };
  }

  /**
   * A backoff's row: `count` attempts, `reset_at` = the last one + `forgetAfterSeconds` (so the sweep forgets it).
   * One conditional upsert: the row is locked, and updated only when the rule allows an attempt now.
   */
  async claimAttempt(key: string, rule: BackoffRule, nowMs: number): Promise<AttemptClaim> {
    const c = rateLimitCounters;
    const now = timestamp(nowMs);
    const seconds = (value: SQL) => sql`${value} * interval '1 second'`;
    const lastAttempt = sql`${c.resetAt} - ${seconds(sql`${rule.forgetAfterSeconds}::int`)}`;
    // The exponent is bounded so that power() cannot overflow; the delay is capped far below anyway.
    const delay = sql`least(power(2, least(${c.count} - ${rule.free}::int + 1, 30)), ${rule.maxDelaySeconds}::int)`;
    const expired = sql`${c.resetAt} <= ${now}`;
    const counted = await this.orm
      .insert(c)
      .values({ key, count: 1, resetAt: new Date(nowMs + rule.forgetAfterSeconds * 1000) })
      .onConflictDoUpdate({
        target: c.key,
        set: { count: sql`case when ${expired} then 1 else ${c.count} + 1 end`, resetAt: sql`excluded.reset_at` },
        setWhere: sql`${expired} or ${c.count} < ${rule.free}::int or ${lastAttempt} + ${seconds(delay)} <= ${now}`,
      })
      .returning({ count: c.count });
    if (counted.length > 0) {
      this.maybeSweep(nowMs);
      return { allowed: true };
    }
    const [row] = await this.orm.select({ count: c.count, resetAt: c.resetAt }).from(c).where(eq(c.key, key));
    const lastMs = (row?.resetAt.getTime() ?? nowMs) - rule.forgetAfterSeconds * 1000;
    return { allowed: false, retryAtMs: row ? nextAttemptAtMs(rule, row.count, lastMs) : nowMs };
  }

  async forgiveAttempts(key: string, attempts: number | 'all'): Promise<void> {
    const c = rateLimitCounters;
    if (attempts === 'all') await this.orm.delete(c).where(eq(c.key, key));
    else await this.orm.update(c).set({ count: sql`greatest(${c.count} - ${attempts}::int, 0)` }).where(eq(c.key, key));
  }

  /** Deletes every counter whose window ended by `nowMs`; answers how many. */
  async sweep(nowMs: number): Promise<number> {
    const result = await this.orm.execute<{ deleted: number }>(
      sql`with gone as (delete from ${rateLimitCounters} where ${lte(rateLimitCounters.resetAt, new Date(nowMs))} returning 1) select count(*)::int as deleted from gone`,
    );
    return result.rows[0]?.deleted ?? 0;
  }

  async close(): Promise<void> {
    await this.sweeping;
  }

  private maybeSweep(nowMs: number) {
    if (this.sweeping || nowMs - this.lastSweepAtMs < COUNTER_SWEEP_INTERVAL_MS) return;
    this.lastSweepAtMs = nowMs;
    this.sweeping = this.sweep(nowMs)
      .then(() => undefined, this.onSweepError)
      .finally(() => {
        this.sweeping = undefined;
      });
  }
}
