import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../test/clock.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { deleteFinishedJobs, FINISHED_JOBS_KEPT_MS, JOBS_RETENTION_QUEUE, nextRetentionRun, PermanentJobError, RETENTION_BATCH } from './index.js';

const DAY_S = 24 * 3600;

it('runs the retention hourly, the same hour one job whichever instance asks', () => {
  expect(nextRetentionRun(new Date('2026-03-01T08:20:00Z'))).toEqual({ runAt: new Date('2026-03-01T09:00:00Z'), dedupeKey: 'jobs.retention:2026-03-01T09' });
  expect(nextRetentionRun(new Date('2026-03-01T09:00:00Z')).dedupeKey).toBe('jobs.retention:2026-03-01T10');
});

describe.each(testDatabases)('finished jobs past their retention (%s)', (kind) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  let counter = 0;
  const freshQueue = (label: string) => `test.retention.${label}.${(counter += 1)}`;
  const statusesOf = async (queue: string) => {
    const rows = await t.app.db.orm.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from jobs where queue = ${queue} group by status order by status`,
    );
    return Object.fromEntries(rows.rows.map((row) => [row.status, row.n]));
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock });
  });
  afterAll(() => t?.close());

  it('deletes done jobs a week after they finished and failed ones after a month; waiting ones never', async () => {
    const queue = freshQueue('mixed');
    t.app.jobs.handle(queue, async (payload) => {
      if (payload.fail) throw new PermanentJobError('refused');
    });
    for (const n of [1, 2, 3]) await t.app.jobs.enqueue(queue, { n }, { owner: 'owner-a' });
    await t.app.jobs.enqueue(queue, { fail: true }, { owner: 'owner-a' });
    await t.app.jobs.runDue();
    // Another owner's job waiting far ahead (a scheduled post), and one due but not yet claimed.
    await t.app.jobs.enqueue(queue, { n: 4 }, { owner: 'owner-b', runAt: new Date(clock.now().getTime() + 60 * DAY_S * 1000) });
    expect(await statusesOf(queue)).toEqual({ done: 3, failed: 1, queued: 1 });

    clock.advanceSeconds(FINISHED_JOBS_KEPT_MS.done / 1000 - 60);
    await deleteFinishedJobs(t.app.db, t.app.jobs.handledQueues(), clock.now());
    expect(await statusesOf(queue)).toEqual({ done: 3, failed: 1, queued: 1 });

    clock.advanceSeconds(120);
    await t.app.jobs.enqueue(queue, { n: 5 }, { owner: 'owner-b' });
    await deleteFinishedJobs(t.app.db, t.app.jobs.handledQueues(), clock.now());
    expect(await statusesOf(queue)).toEqual({ failed: 1, queued: 2 });

    clock.advanceSeconds((FINISHED_JOBS_KEPT_MS.failed - FINISHED_JOBS_KEPT_MS.done) / 1000);
    await deleteFinishedJobs(t.app.db, t.app.jobs.handledQueues(), clock.now());
    expect(await statusesOf(queue)).toEqual({ queued: 2 });
  });

  it('deletes a backlog larger than a statement in one run, and only of the queues it is given', async () => {
    const queue = freshQueue('backlog');
    const other = freshQueue('other');
    const old = new Date(clock.now().getTime() - 40 * DAY_S * 1000).toISOString();
    for (const name of [queue, other]) {
      await t.app.db.orm.execute(sql`insert into jobs (id, queue, payload, status, owner, max_attempts, run_at, created_at, updated_at, finished_at)
        select gen_random_uuid(), ${name}, '{}'::jsonb, 'done', 'owner-a', 3, ${old}::timestamptz, ${old}::timestamptz, ${old}::timestamptz, ${old}::timestamptz
        from generate_series(1, ${RETENTION_BATCH * 2 + 7}::int)`);
    }
    expect(await deleteFinishedJobs(t.app.db, [queue], clock.now())).toBe(RETENTION_BATCH * 2 + 7);
    expect(await statusesOf(queue)).toEqual({});
    expect(await statusesOf(other)).toEqual({ done: RETENTION_BATCH * 2 + 7 });
  });

  it('is a job of its own: a run deletes what is past retention', async () => {
    const queue = freshQueue('by-job');
    t.app.jobs.handle(queue, async () => undefined);
    await t.app.jobs.enqueue(queue, {}, { owner: 'owner-a' });
    await t.app.jobs.runDue();
    clock.advanceSeconds(FINISHED_JOBS_KEPT_MS.done / 1000 + 60);
    await t.app.jobs.enqueue(JOBS_RETENTION_QUEUE, {}, { dedupeKey: 'retention-now' });
    await t.app.jobs.runDue();
    expect(await statusesOf(queue)).toEqual({});
  });

  it('is asked for the next hour by an instance with a worker, once however many start', async () => {
    const withWorker = () => buildTestApp(kind, { clock, env: { JOBS_POLL_INTERVAL_MS: '60000' } });
    const first = await withWorker();
    const second = kind === 'pglite' ? undefined : await withWorker();
    try {
      const { dedupeKey, runAt } = nextRetentionRun(clock.now());
      const rows = await first.app.db.orm.execute<{ status: string; run_at: Date | string }>(sql`select status, run_at from jobs where dedupe_key = ${dedupeKey}`);
      expect(rows.rows.map((row) => [row.status, new Date(row.run_at).toISOString()])).toEqual([['queued', runAt.toISOString()]]);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});
