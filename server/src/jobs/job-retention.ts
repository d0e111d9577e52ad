import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';

/** The job that deletes finished jobs past their retention, once an hour. */
export const JOBS_RETENTION_QUEUE = 'jobs.retention';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a finished job's row is kept after it finished: a done one a week, a failed one (its last error is what
 * explains it) a month. Nothing reads a finished job but the queue itself, and every dedupe key names work that is
 * not enqueued again once done (an inbox item, an uploaded file, a post's run, a day's page check).
 */
export const FINISHED_JOBS_KEPT_MS = { done: 7 * DAY_MS, failed: 30 * DAY_MS } as const;

/** Rows deleted per statement: each statement short, so other work on the database goes on between them. */
export const RETENTION_BATCH = 500;

/** At most this many statements per run; the rest waits for the next hour (a first run after a long time). */
const MAX_BATCHES_PER_RUN = 200;

/** The next hourly run after `now`, and its dedupe key (every instance asks; the key keeps one). */
export function nextRetentionRun(now: Date): { runAt: Date; dedupeKey: string } {
  const runAt = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS);
  return { runAt, dedupeKey: `${JOBS_RETENTION_QUEUE}:${runAt.toISOString().slice(0, 13)}` };
}

/**
 * Deletes the finished jobs of `queues` past their retention (`FINISHED_JOBS_KEPT_MS`) at `now`, `RETENTION_BATCH`
 * rows a statement; the number deleted. Read through the `jobs_due` index (queue, status, run_at): a job finishes
 * after its due time, so `run_at` before the cutoff bounds the rows to look at. Queued and running jobs are never
 * touched. On PGlite, which has no autovacuum, the table is vacuumed after rows were deleted, so their space is used
 * again instead of the file growing with every job ever run.
 */
export async function deleteFinishedJobs(db: Pick<Database, 'kind' | 'orm'>, queues: readonly string[], now: Date): Promise<number> {
  if (queues.length === 0) return 0;
  let deleted = 0;
  for (const [status, keptMs] of Object.entries(FINISHED_JOBS_KEPT_MS)) {
    const cutoff = new Date(now.getTime() - keptMs).toISOString();
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const result = await db.orm.execute<{ id: string }>(sql`delete from jobs where id = any(array(
          select id from jobs
          where queue = any(${sql.param([...queues])}::text[]) and status = ${status} and run_at < ${cutoff}::timestamptz and finished_at < ${cutoff}::timestamptz
          limit ${RETENTION_BATCH}
        )) returning id`);
      deleted += result.rows.length;
      if (result.rows.length < RETENTION_BATCH) break;
    }
  }
  if (deleted > 0 && db.kind === 'pglite') await db.orm.execute(sql`vacuum jobs`);
  return deleted;
}
