/**
 * Job queues side by side: ours (server/src/jobs/job-queue.ts: the `jobs` table claimed with FOR UPDATE SKIP
 * LOCKED, leases, owner turns) and pg-boss 10 (the line whose engines admit Node 20.19; 11 and 12 want Node ≥ 22),
 * on the same databases, in one run: PostgreSQL (a fresh database on 127.0.0.1:5432, or BENCH_DATABASE_URL /
 * TEST_DATABASE_URL as admin URL; dropped afterwards) and the embedded PGlite the server defaults to (in memory).
 * pg-boss reaches PGlite through its `db` option (`executeSql`, below); on PostgreSQL it has its own pool.
 *
 * Both poll every 0.5 s (pg-boss's minimum), lease a claimed job for LEASE_SECONDS (pg-boss: `expireInSeconds`),
 * retry with backoff. pg-boss 10 runs three ways: "loops" (one `work()` per slot, batchSize 1), "batch" (one `work()`
 * fetching up to `concurrency` jobs) and "prefetch" (one `work()` fetching 64, `concurrency` of them running at a
 * time); in the last two each job is completed or failed on its own as it ends. A pg-boss 10 worker waits out the
 * rest of its polling interval after every fetch, full or not.
 *
 *  1. throughput — QUEUE_JOBS jobs enqueued (8 callers at once), then one instance with QUEUE_CONCURRENCY slots and
 *     a handler that does nothing: enqueued/s, and claimed + completed/s until all are done (or 30 s).
 *  2. crash — CRASH_JOBS jobs whose handler records its run in a table and takes 200 ms; the instance running them
 *     dies once 30 % have run: on PostgreSQL a child process killed with SIGKILL, on PGlite (one process) an
 *     instance whose handlers hang and which claims nothing more. A second instance takes over. Counted in the
 *     database: jobs lost (not completed), jobs run more than once, seconds from the death to the last completion.
 *  3. duplicates — DUP_KEYS keys, each enqueued twice at once (a double click), run, then enqueued again (a webhook
 *     replayed after its job ran): handler runs per key. Ours: `dedupeKey`. pg-boss: `singletonKey` on a standard
 *     queue, on a `short` queue, and with `singletonSeconds` 3600 (throttling).
 *  4. order — one slot: 20 indexing jobs of owner a, then a customer reply (priority 100) — which starts first;
 *     6 jobs of owner a, then 2 of owner b — the order they start in (ours takes owners in turns).
 * Reproduce: `npx tsx bench/job-queues.ts` (QUEUE_JOBS=1000, QUEUE_CONCURRENCY=8, CRASH_JOBS=200, DUP_KEYS=50,
 * QUEUE_BACKENDS=postgres,pglite).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../server/src/db/database.ts';
import { openPglite } from '../server/src/db/pglite.ts';
import { openPostgres } from '../server/src/db/postgres.ts';
import { createDatabase, postgresAdminUrl, withClient } from './server-harness.ts';
import { type Contender, type Handler, LEASE_SECONDS, makeContender, pgliteExecutor, POLL_MS, type Query } from './job-queue-contenders.ts';
import { seconds, sleep, table } from './support.ts';

const JOBS = Number(process.env.QUEUE_JOBS ?? 1000);
const CONCURRENCY = Number(process.env.QUEUE_CONCURRENCY ?? 8);
const CRASH_JOBS = Number(process.env.CRASH_JOBS ?? 200);
const DUP_KEYS = Number(process.env.DUP_KEYS ?? 50);
const BACKENDS = (process.env.QUEUE_BACKENDS ?? 'postgres,pglite').split(',').map((name) => name.trim());
const THROUGHPUT_CAP_MS = 30_000;
const CRASH_WORK_MS = 200;
/** A job as long as a short model answer: the poll interval no longer paces a worker that is busy this long. */
const SLOW_WORK_MS = 1000;
const SLOW_JOBS = CONCURRENCY * 8;
const KILL_AT_SHARE = 0.3;
const SELF = fileURLToPath(import.meta.url);

// ─── backends ───

interface Backend {
  kind: 'postgres' | 'pglite';
  db: Database;
  query: Query;
  /** pg-boss's connection options on this backend (a pool of its own on PostgreSQL). */
  bossConnection: () => PgBoss.DatabaseOptions;
  url?: string;
  close(): Promise<void>;
}

/** The bench's own statements: on PGlite through its one connection, on PostgreSQL through a small pool. */
function postgresQuery(url: string): { query: Query; end: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return { query: async (text, values) => pool.query(text, values), end: () => pool.end() };
}

async function openBackend(kind: Backend['kind'], adminUrl: string): Promise<Backend> {
  if (kind === 'pglite') {
    const db = await openPglite({ dataDir: 'memory://' });
    await db.migrate();
    const client = (db.orm as unknown as { $client: PGlite }).$client;
    const executor = pgliteExecutor(client);
    const query: Query = (text, values) => client.query(text, values);
    await createRunsTable(query);
    return { kind, db, query, bossConnection: () => ({ db: executor }), close: () => db.close() };
  }
  const database = await createDatabase(adminUrl, 'pagemate_queues');
  const db = await openPostgres({ connectionString: database.url, onIdleError: () => undefined });
  await db.migrate();
  const { query, end } = postgresQuery(database.url);
  await createRunsTable(query);
  return {
    kind,
    db,
    query,
    url: database.url,
    bossConnection: () => ({ connectionString: database.url, max: 10 }),
    close: async () => {
      await end();
      await db.close();
      await database.drop();
    },
  };
}

async function createRunsTable(query: Query) {
  await query('create table if not exists bench_runs (queue text not null, key text not null, instance text not null, at timestamptz not null default clock_timestamp())');
}

const recordRun = (query: Query, queue: string, key: string, instance: string) => query('insert into bench_runs (queue, key, instance) values ($1, $2, $3)', [queue, key, instance]);

async function waitFor(check: () => Promise<boolean> | boolean, deadlineMs: number, everyMs = 50): Promise<boolean> {
  const until = performance.now() + deadlineMs;
  while (performance.now() < until) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}

let queueCounter = 0;
const freshQueue = (label: string) => `${label}_${(queueCounter += 1)}_${randomBytes(2).toString('hex')}`;

// ─── 1. throughput ───

async function throughput(contender: Contender, jobs: number, workMs: number) {
  const queue = freshQueue('throughput');
  await contender.prepare([queue]);
  const enqueueStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs) {
        const n = (next += 1);
        await contender.enqueue(queue, { key: String(n) });
      }
    }),
  );
  const enqueueMs = performance.now() - enqueueStarted;
  let handled = 0;
  const started = performance.now();
  const handler: Handler = async () => {
    if (workMs > 0) await sleep(workMs);
    handled += 1;
  };
  const instance = await contender.instance('throughput', { [queue]: handler }, { concurrency: CONCURRENCY });
  await waitFor(() => handled >= jobs, THROUGHPUT_CAP_MS, 20);
  await instance.stop();
  // pg-boss records a completion without awaiting it: give the last ones a moment.
  let states = await contender.states(queue);
  await waitFor(async () => (states = await contender.states(queue)).done >= handled, 3_000);
  const elapsed = performance.now() - started;
  return { enqueuedPerS: Math.round(jobs / (enqueueMs / 1000)), completedPerS: Math.round(states.done / (elapsed / 1000)), done: states.done, runs: handled };
}

// ─── 2. crash ───

/** The instance that dies: on PostgreSQL this runs in a child process (argv: child <contender> <url> <queue>). */
async function crashChild(contenderName: string, url: string, queue: string) {
  const db = await openPostgres({ connectionString: url, onIdleError: () => undefined });
  const { query } = postgresQuery(url);
  const contender = makeContender(contenderName, db, query, () => ({ connectionString: url, max: 10 }));
  await contender.instance('killed', { [queue]: crashHandler(query, queue, 'killed') }, { concurrency: CONCURRENCY });
  process.stdout.write('ready\n');
  await new Promise(() => undefined);
}

function crashHandler(query: Query, queue: string, instance: string, stalled?: { now: boolean }): Handler {
  return async ({ key }) => {
    await recordRun(query, queue, key, instance);
    await sleep(CRASH_WORK_MS);
    if (stalled?.now) await new Promise(() => undefined);
  };
}

async function crash(contender: Contender, backend: Backend, contenderName: string) {
  const queue = freshQueue('crash');
  await contender.prepare([queue]);
  for (let n = 0; n < CRASH_JOBS; n += 1) await contender.enqueue(queue, { key: `k${n}` });
  const runCount = async () => {
    const { rows } = await backend.query<{ n: number }>('select count(*)::int as n from bench_runs where queue = $1', [queue]);
    return rows[0]?.n ?? 0;
  };
  const target = Math.ceil(CRASH_JOBS * KILL_AT_SHARE);
  let diedAt: number;
  let how: string;
  if (backend.kind === 'postgres' && backend.url) {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, 'child', contenderName, backend.url, queue], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    if (!(await waitFor(async () => (await runCount()) >= target, 60_000))) throw new Error('the crash point was never reached');
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    diedAt = performance.now();
    how = 'SIGKILL of its process';
  } else {
    const stalled = { now: false };
    const dying = await contender.instance('stalled', { [queue]: crashHandler(backend.query, queue, 'stalled', stalled) }, { concurrency: CONCURRENCY, supervise: false });
    if (!(await waitFor(async () => (await runCount()) >= target, 60_000))) throw new Error('the crash point was never reached');
    stalled.now = true;
    dying.abandon();
    diedAt = performance.now();
    how = 'stalled in-process (handlers hang)';
  }
  const diedAtDb = (await backend.query<{ at: string }>("select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') as at")).rows[0]?.at;
  const inFlight = await contender.states(queue);
  const survivor = await contender.instance('survivor', { [queue]: crashHandler(backend.query, queue, 'survivor') }, { concurrency: CONCURRENCY });
  let states = inFlight;
  const drained = await waitFor(async () => (states = await contender.states(queue)).done + states.failed >= CRASH_JOBS, 120_000, 100);
  const recoveredMs = performance.now() - diedAt;
  await survivor.stop();
  const { rows } = await backend.query<{ keys: number; reruns: number; runs: number }>(
    'select count(*)::int as keys, count(*) filter (where n > 1)::int as reruns, coalesce(sum(n), 0)::int as runs from (select key, count(*) as n from bench_runs where queue = $1 group by key) k',
    [queue],
  );
  const counted = rows[0] ?? { keys: 0, reruns: 0, runs: 0 };
  // The dead instance's jobs: how long after the death the survivor had started the last of them.
  const takeover = await backend.query<{ s: number | null }>(
    `select extract(epoch from max(s.at) - $2::timestamptz)::float8 as s from bench_runs s
      where s.queue = $1 and s.instance = 'survivor' and exists (select 1 from bench_runs d where d.queue = $1 and d.key = s.key and d.instance <> 'survivor')`,
    [queue, diedAtDb],
  );
  return {
    how,
    lost: CRASH_JOBS - states.done,
    failed: states.failed,
    neverRun: CRASH_JOBS - counted.keys,
    runTwice: counted.reruns,
    runs: counted.runs,
    takeoverS: takeover.rows[0]?.s == null ? '-' : Number(takeover.rows[0].s).toFixed(1),
    recoveryS: drained ? seconds(recoveredMs) : `not drained (${JSON.stringify(states)})`,
  };
}

// ─── 3. duplicates ───

async function duplicates(contender: Contender, throttle = false, policy: 'standard' | 'short' = 'standard') {
  const queue = freshQueue('dup');
  await contender.prepare([queue], policy);
  const runs = new Map<string, number>();
  const keys = Array.from({ length: DUP_KEYS }, (_, n) => `m_${n}`);
  let created = 0;
  const enqueue = async (key: string) => {
    if (await contender.enqueue(queue, { key }, { key, throttle })) created += 1;
  };
  // A double click: the same key twice at once.
  await Promise.all(keys.flatMap((key) => [enqueue(key), enqueue(key)]));
  const instance = await contender.instance('dup', { [queue]: async ({ key }) => void runs.set(key, (runs.get(key) ?? 0) + 1) }, { concurrency: CONCURRENCY });
  const total = () => [...runs.values()].reduce((a, b) => a + b, 0);
  await waitFor(async () => (await contender.states(queue)).waiting === 0 && total() >= DUP_KEYS, 30_000, 100);
  // A replay after the job ran.
  for (const key of keys) await enqueue(key);
  await sleep(POLL_MS * 4);
  await waitFor(async () => (await contender.states(queue)).waiting === 0, 30_000, 100);
  await instance.stop();
  return { created, runs: total(), runTwice: [...runs.values()].filter((n) => n > 1).length };
}

// ─── 4. order ───

async function order(contender: Contender) {
  const queue = freshQueue('order');
  await contender.prepare([queue]);
  const enqueueAll = async (jobs: { key: string; owner?: string; priority?: number }[]) => {
    for (const { key, ...options } of jobs) await contender.enqueue(queue, { key }, options);
  };
  const run = async (count: number) => {
    const started: string[] = [];
    const instance = await contender.instance('order', { [queue]: async ({ key }) => void started.push(key) }, { concurrency: 1 });
    await waitFor(() => started.length >= count, 60_000);
    await instance.stop();
    return started;
  };
  const backlog = (owner: string, count: number) => Array.from({ length: count }, (_, i) => ({ key: `${owner}${i + 1}`, owner }));
  // Enqueued a few ms apart, so "oldest first" is well defined for both.
  const spaced = async (jobs: { key: string; owner?: string; priority?: number }[]) => {
    for (const job of jobs) {
      await enqueueAll([job]);
      await sleep(2);
    }
  };
  await spaced([...backlog('a', 20), { key: 'reply', owner: 'b', priority: 100 }]);
  const first = await run(21);
  await spaced([...backlog('a', 6), ...backlog('b', 2)]);
  const turns = await run(8);
  return { replyFirst: first[0] === 'reply' ? 'yes' : `no (${first.indexOf('reply') + 1}th)`, turns: turns.join(' ') };
}

// ─── the run ───

async function main() {
  if (process.argv[2] === 'child') {
    const [, , , name, url, queue] = process.argv;
    await crashChild(name ?? '', url ?? '', queue ?? '');
    return;
  }
  const adminUrl = postgresAdminUrl();
  let backends = BACKENDS;
  if (backends.includes('postgres')) {
    try {
      await withClient(adminUrl, (client) => client.query('select 1'));
    } catch (error) {
      console.log(`PostgreSQL skipped: nothing answers at ${adminUrl.replace(/\/\/[^@]*@/, '//…@')} (${error instanceof Error ? error.message : String(error)}).`);
      backends = backends.filter((name) => name !== 'postgres');
    }
  }
  const contenders = ['ours', 'pg-boss-loops', 'pg-boss-batch', 'pg-boss-prefetch'];
  const rows: Record<string, string | number>[] = [];
  const dupRows: Record<string, string | number>[] = [];
  for (const kind of backends as Backend['kind'][]) {
    for (const name of contenders) {
      // A database of its own per contender: neither sees the other's rows.
      const backend = await openBackend(kind, adminUrl);
      const contender = makeContender(name, backend.db, backend.query, backend.bossConnection);
      try {
        const speed = await throughput(contender, JOBS, 0);
        const slow = await throughput(contender, SLOW_JOBS, SLOW_WORK_MS);
        const crashed = await crash(contender, backend, name);
        const ordered = await order(contender);
        rows.push({
          database: kind,
          queue: contender.label,
          'enqueued/s': speed.enqueuedPerS,
          'completed/s': speed.completedPerS,
          [`completed/s (${SLOW_WORK_MS} ms jobs)`]: slow.completedPerS,
          'crash: lost': crashed.lost,
          'run twice': crashed.runTwice,
          'taken over s': crashed.takeoverS,
          'all done s': crashed.recoveryS,
          'reply first': ordered.replyFirst,
          'a×6 then b×2 run as': ordered.turns,
        });
        console.log(`${kind} ${contender.label}: throughput ${JSON.stringify(speed)}; crash ${JSON.stringify(crashed)}`);
        const variants: [string, boolean, 'standard' | 'short'][] = name === 'ours' ? [['dedupeKey', false, 'standard']] : name === 'pg-boss-loops' ? [['singletonKey (standard queue)', false, 'standard'], ['singletonKey (short queue)', false, 'short'], ['singletonKey + singletonSeconds 3600', true, 'standard']] : [];
        for (const [variant, throttle, policy] of variants) {
          const dup = await duplicates(contender, throttle, policy);
          dupRows.push({ database: kind, queue: contender.label, key: variant, 'jobs created': dup.created, 'handler runs': dup.runs, 'keys run twice': dup.runTwice });
        }
      } finally {
        await contender.close();
        await backend.close();
      }
    }
  }
  console.log(`\nJob queues: ${JOBS} jobs doing nothing (and ${SLOW_JOBS} of ${SLOW_WORK_MS} ms), ${CONCURRENCY} slots, poll 0.5 s, lease ${LEASE_SECONDS} s; crash: ${CRASH_JOBS} jobs of ${CRASH_WORK_MS} ms, the instance dies at ${KILL_AT_SHARE * 100} %`);
  table(rows);
  console.log(`Duplicates: ${DUP_KEYS} keys, each enqueued twice at once, run, then enqueued again after it ran (expected: ${DUP_KEYS} runs)`);
  table(dupRows);
  console.log('crash: lost = jobs not completed; run twice = jobs whose handler ran more than once (the ones the dead instance held).');
  console.log('taken over s = from the death until the survivor had started the last job the dead instance held; all done s = from the death to the last job completed.');
  console.log('Reproduce: npx tsx bench/job-queues.ts');
  process.exit(0);
}

await main();
