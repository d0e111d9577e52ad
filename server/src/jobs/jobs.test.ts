import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { jobs as jobsTable } from '../db/schema/index.js';
import { ManualClock } from '../test/clock.js';
import { createTestPostgres } from '../test/databases.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { freshQueue } from '../test/jobs.js';
import { JobQueue, type JobHandler, PermanentJobError } from './index.js';

describe.each(testDatabases)('durable jobs (%s)', (kind) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  /** Another instance on the same database: its own queue object, its own instance id. */
  const worker = (name: string, leaseMs?: number) =>
    new JobQueue({ orm: t.app.db.orm, clock, log: t.app.log, pollIntervalMs: 0, concurrency: 4, instanceId: name, ...(leaseMs ? { leaseMs } : {}) });

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock });
  });
  afterAll(() => t?.close());

  it('runs each job once when two workers claim at the same moment', async () => {
    const queue = freshQueue('race');
    const runs = new Map<number, number>();
    const handler: JobHandler = async (payload) => {
      const n = Number(payload.n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const a = worker('a');
    const b = worker('b');
    a.handle(queue, handler);
    b.handle(queue, handler);
    for (let n = 0; n < 40; n += 1) await a.enqueue(queue, { n });

    const [first, second, third] = await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    expect(first.claimed + second.claimed + third.claimed).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(40);
    const rows = await a.list(queue);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1 && row.finishedAt !== null && row.lockedBy === null)).toBe(true);
  });

  it('retries a failing job with growing backoff, then succeeds', async () => {
    const queue = freshQueue('retry');
    const q = worker('retry');
    const attempts: number[] = [];
    q.handle(queue, async (_payload, { attempt }) => {
      attempts.push(attempt);
      if (attempt < 3) throw new Error(`flaky ${attempt}`);
    });
    const { id } = await q.enqueue(queue, { x: 1 });

    expect(await q.runDue()).toEqual({ claimed: 1, done: 0, retried: 1, failed: 0 });
    let [row] = await q.list(queue);
    expect(row).toMatchObject({ id, status: 'queued', attempts: 1, lastError: 'Error: flaky 1' });
    // 2 s (+ up to 25 % jitter) later, not before.
    const firstDelay = (row?.runAt.getTime() ?? 0) - clock.now().getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(2000);
    expect(firstDelay).toBeLessThanOrEqual(2500);
    expect((await q.runDue()).claimed).toBe(0);

    clock.advanceSeconds(3);
    expect(await q.runDue()).toMatchObject({ claimed: 1, retried: 1 });
    [row] = await q.list(queue);
    const secondDelay = (row?.runAt.getTime() ?? 0) - clock.now().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(4000);
    expect(secondDelay).toBeLessThanOrEqual(5000);

    clock.advanceSeconds(5);
    expect(await q.runDue()).toMatchObject({ claimed: 1, done: 1 });
    [row] = await q.list(queue);
    expect(row).toMatchObject({ status: 'done', attempts: 3 });
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('marks a job failed with its last error after max attempts, and at once for a permanent error', async () => {
    const queue = freshQueue('fail');
    const q = worker('fail');
    q.handle(queue, async (payload) => {
      if (payload.permanent) throw new PermanentJobError('cannot ever work');
      throw new Error('still broken');
    });
    await q.enqueue(queue, { permanent: false }, { maxAttempts: 2 });
    await q.enqueue(queue, { permanent: true }, { maxAttempts: 5 });

    expect(await q.runDue()).toMatchObject({ claimed: 2, retried: 1, failed: 1 });
    clock.advanceSeconds(60);
    expect(await q.runDue()).toMatchObject({ claimed: 1, failed: 1 });
    clock.advanceSeconds(3600);
    expect((await q.runDue()).claimed).toBe(0);

    const rows = await q.list(queue);
    const outcomes = rows.map((row) => [row.status, row.attempts, row.lastError]).sort((x, y) => Number(y[1]) - Number(x[1]));
    expect(outcomes).toEqual([
      ['failed', 2, 'Error: still broken'],
      ['failed', 1, 'PermanentJobError: cannot ever work'],
    ]);
    expect(rows.every((row) => row.finishedAt !== null)).toBe(true);
  });

  it('gives the job of a dead instance to another once its lease expires, and completes it once', async () => {
    const queue = freshQueue('lease');
    const leaseMs = 60_000;
    const dying = worker('dying', leaseMs);
    const survivor = worker('survivor', leaseMs);
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runsBy: string[] = [];
    dying.handle(queue, async () => {
      runsBy.push('dying');
      await stuck;
    });
    survivor.handle(queue, async () => {
      runsBy.push('survivor');
    });
    const { id } = await dying.enqueue(queue, { doc: 1 });

    const dyingRun = dying.runDue();
    await vi.waitFor(() => expect(runsBy).toEqual(['dying']));
    expect(await survivor.runDue()).toMatchObject({ claimed: 0 });

    clock.advanceSeconds(61);
    expect(await survivor.runDue()).toEqual({ claimed: 1, done: 1, retried: 0, failed: 0 });
    // The first instance comes back late: its outcome no longer counts.
    release();
    await dyingRun;
    const [row] = await survivor.list(queue);
    expect(row).toMatchObject({ id, status: 'done', attempts: 2, lockedBy: null });
    expect(runsBy).toEqual(['dying', 'survivor']);
  });

  it('fails a job whose instance died during its last attempt instead of running it again', async () => {
    const queue = freshQueue('last');
    const q = worker('last', 1000);
    const handler = vi.fn(async () => undefined);
    q.handle(queue, handler);
    const { id } = await q.enqueue(queue, {}, { maxAttempts: 1 });
    // As if an instance claimed it and died: running, lease over, no attempts left.
    const { eq } = await import('drizzle-orm');
    await t.app.db.orm
      .update(jobsTable)
      .set({ status: 'running', attempts: 1, lockedBy: 'gone', lockedUntil: new Date(clock.now().getTime() - 1) })
      .where(eq(jobsTable.id, id));
    expect(await q.runDue()).toMatchObject({ claimed: 1, failed: 1 });
    expect(handler).not.toHaveBeenCalled();
    expect((await q.list(queue))[0]).toMatchObject({ status: 'failed' });
  });

  it('keeps one job per dedupe key, and none when the caller’s transaction rolls back', async () => {
    const queue = freshQueue('dedupe');
    const q = worker('dedupe');
    const key = `comment:${randomBytes(4).toString('hex')}`;
    const first = await q.enqueue(queue, { v: 1 }, { dedupeKey: key });
    const second = await q.enqueue(queue, { v: 2 }, { dedupeKey: key });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });

    await expect(
      t.app.db.orm.transaction(async (tx) => {
        await q.enqueue(queue, { v: 3 }, {}, tx);
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');

    const rows = await q.list(queue);
    expect(rows.map((row) => row.payload)).toEqual([{ v: 1 }]);
  });


  it('schedules a job for later with runAt', async () => {
    const queue = freshQueue('later');
    const q = worker('later');
    const handler = vi.fn(async () => undefined);
    q.handle(queue, handler);
    await q.enqueue(queue, {}, { runAt: new Date(clock.now().getTime() + 10 * 60_000) });
    expect((await q.runDue()).claimed).toBe(0);
    clock.advanceSeconds(600);
    expect(await q.runDue()).toMatchObject({ claimed: 1, done: 1 });
  });
});

describe.each(testDatabases)('the job worker (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { JOBS_POLL_INTERVAL_MS: '50', JOBS_CONCURRENCY: '2', JOBS_LEASE_SECONDS: '90' } });
  });
  afterAll(() => t?.close());

  /** Enqueues `count` jobs of a new queue for the app's worker; how many of them ran at once, at most. */
  async function mostAtOnce(label: string, count: number) {
    const queue = freshQueue(label);
    let active = 0;
    let most = 0;
    const done: number[] = [];
    t.app.jobs.handle(queue, async (payload) => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      done.push(Number(payload.n));
    });
    for (let n = 0; n < count; n += 1) await t.app.jobs.enqueue(queue, { n });
    await vi.waitFor(() => expect(done).toHaveLength(count), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await t.app.jobs.list(queue)).every((row) => row.status === 'done')).toBe(true));
    return most;
  }

  it('runs enqueued jobs on its own, no more than its concurrency at once', async () => {
    expect(await mostAtOnce('worker', 6)).toBeLessThanOrEqual(2);
  });

  it('claims no more jobs than it has free slots, on statistics that show a small table', async () => {
    await t.app.db.orm.execute(sql`analyze jobs`);
    expect(await mostAtOnce('small-table', 8)).toBeLessThanOrEqual(2);
  });

  it('claims for JOBS_LEASE_SECONDS: a dead instance\'s job is free again that long after its claim', async () => {
    const queue = freshQueue('lease-config');
    const leases: number[] = [];
    t.app.jobs.handle(queue, async () => {
      const [row] = await t.app.jobs.list(queue);
      if (row?.lockedUntil) leases.push(row.lockedUntil.getTime() - row.updatedAt.getTime());
    });
    await t.app.jobs.enqueue(queue, {});
    await vi.waitFor(() => expect(leases).toHaveLength(1), { timeout: 10_000 });
    expect(leases).toEqual([90_000]);
  });
});

describe.runIf(testDatabases.includes('postgres'))('two app instances on one PostgreSQL', () => {
  const apps: FastifyInstance[] = [];
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const database = await createTestPostgres();
    drop = database.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      JOBS_POLL_INTERVAL_MS: '20',
      JOBS_CONCURRENCY: '4',
      FILES_DIR: path.join(tmpdir(), `pagemate-jobs-${process.pid}`),
    });
    // One at a time: both run the migrations at boot.
    apps.push(await buildApp({ config }));
    apps.push(await buildApp({ config }));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await drop();
  });

  it('runs each job once between them', async () => {
    const queue = freshQueue('instances');
    const runs: { n: number; by: string }[] = [];
    for (const app of apps) {
      app.jobs.handle(queue, async (payload) => {
        runs.push({ n: Number(payload.n), by: app.jobs.instanceId });
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
    }
    const [first] = apps;
    if (!first) throw new Error('no app');
    for (let n = 0; n < 60; n += 1) await first.jobs.enqueue(queue, { n });
    await vi.waitFor(() => expect(runs).toHaveLength(60), { timeout: 15_000 });
    expect(new Set(runs.map((run) => run.n)).size).toBe(60);
    // A handler has run once it is in `runs`; its outcome is written a moment later.
    await vi.waitFor(async () => expect((await first.jobs.list(queue)).every((row) => row.status === 'done')).toBe(true), { timeout: 15_000 });
    expect((await first.jobs.list(queue)).every((row) => row.attempts === 1)).toBe(true);
  });
});
