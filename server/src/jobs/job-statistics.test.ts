import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { indexEntriesRead, waitingJobs } from '../test/jobs.js';
import { JobQueue } from './index.js';

describe.each(testDatabases)('a queue one owner floods (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // A database of its own: the planner's statistics of `jobs` are this test's alone.
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const waiting = (queue: string, owner: string, first: number, count: number) => waitingJobs(t.app, queue, owner, first, count);

  it('queues another owner\'s job without reading the flood, on statistics taken before it', async () => {
    const queue = 'test.flooded';
    await waiting(queue, 'quiet', 1, 200);
    // Statistics showing one owner, as they are until the next ANALYZE (PGlite never runs one on its own).
    await t.app.db.orm.execute(sql`analyze jobs`);
    await waiting(queue, 'flood', 1, 5_000);

    const read = await indexEntriesRead(t.app, (tx) => t.app.jobs.enqueue(queue, {}, { owner: 'quiet' }, tx));
    // A few index entries, not the 4,800 of the flood above the quiet owner's last turn.
    expect(read).toBeLessThan(50);
    const turns = (await t.app.jobs.list(queue)).filter((job) => job.owner === 'quiet').map((job) => job.turn);
    expect(Math.max(...turns)).toBe(201);
  });
});

describe.each(testDatabases)('a backlog the planner has not seen (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // A database of its own: `jobs` has never been analysed, as on PGlite (no autovacuum) or a fresh server.
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const statistics = async () => {
    const rows = await t.app.db.orm.execute<{ n: number }>(sql`select reltuples::int as n from pg_class where oid = 'jobs'::regclass`);
    return rows.rows[0]?.n ?? -1;
  };

  it('refreshes the statistics of jobs once they grew, so an enqueue reads the front of an index and not the backlog', async () => {
    const queue = 'test.unseen';
    await waitingJobs(t.app, queue, 'flood', 1, 40_000);
    const q = new JobQueue({ orm: t.app.db.orm, clock: t.app.clock, log: t.app.log, pollIntervalMs: 0, concurrency: 1, analyzeGrown: (tables) => t.app.db.analyzeGrown(tables) });
    // Planned on an empty table's statistics, this one may read and sort the whole backlog; its commit has them refreshed.
    await q.enqueue(queue, {}, { owner: 'first' });
    await vi.waitFor(async () => expect(await statistics()).toBeGreaterThan(30_000), { timeout: 10_000 });

    const read = await indexEntriesRead(t.app, (tx) => q.enqueue(queue, {}, { owner: 'second' }, tx));
    expect(read).toBeLessThan(50);
    await q.stop();
  });
});

