/**
 * One shop's webhook acknowledgement beside another shop's flood: the product (`NODE_ENV=production`, no job
 * worker) on a fresh PostgreSQL database, first with nothing queued, then with BENCH_BACKLOG (50,000) answers
 * queued for another owner after the planner's statistics were taken (as until the next ANALYZE: PostgreSQL's
 * autovacuum comes within a minute or so, PGlite never). For each: autocannon `POST /webhook` (one new signed Messenger message each, c=50) for
 * BENCH_DURATION_SECONDS (6) after a 1 s warm-up, the server's CPU per request (Linux /proc), and what the
 * database's sessions were doing (`pg_stat_activity` sampled every 20 ms: statement and wait event).
 * Reproduce: `npx tsx bench/webhook-backlog.ts` (BENCH_PORT_OFFSET moves the port, 18570 by default;
 * BENCH_DATABASE_URL or TEST_DATABASE_URL name the PostgreSQL server).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuTimeMs, createDatabase, newMessageRequests, postgresAdminUrl, prepareShop, removeDir, serverEnv, startApi, withClient } from './server-harness.ts';
import { table } from './support.ts';

const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 6);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 50_000);
const PORT = 18_570 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const CONNECTIONS = 50;
const SAMPLE_MS = 20;

/** `count` answers queued for `owner`, as a flood with no worker leaves them (turns 1…count). */
const queueBacklog = (url: string, owner: string, count: number) =>
  withClient(url, (client) =>
    client.query(
      `insert into jobs (id, queue, payload, dedupe_key, priority, owner, turn, status, max_attempts, run_at, created_at, updated_at)
       select gen_random_uuid(), 'bot.reply', jsonb_build_object('itemId', gen_random_uuid()), 'backlog:' || n, 10, $1, n, 'queued', 3, now(), now(), now()
       from generate_series(1, $2::int) as n`,
      [owner, count],
    ),
  );

/** What the database's other sessions do, sampled until `stop` resolves: "wait event · statement" → samples. */
async function sampleActivity(url: string, until: Promise<unknown>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let done = false;
  void until.finally(() => {
    done = true;
  });
  try {
    while (!done) {
      const { rows } = await client.query<{ wait: string; query: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait, regexp_replace(left(query, 70), '\\s+', ' ', 'g') as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
      );
      for (const row of rows) seen.set(`${row.wait} · ${row.query}`, (seen.get(`${row.wait} · ${row.query}`) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  } finally {
    await client.end();
  }
  return seen;
}

async function main() {
  const database = await createDatabase(postgresAdminUrl(), 'pagemate_backlog');
  const env = serverEnv(PORT, { url: database.url }, { JOBS_POLL_INTERVAL_MS: '0' });
  const rows: Record<string, string | number>[] = [];
  try {
    const shop = await prepareShop(env, [100_000]);
    for (const backlog of [0, BACKLOG]) {
      await withClient(database.url, (client) => client.query('analyze'));
      if (backlog > 0) await queueBacklog(database.url, randomUUID(), backlog);
      const api = await startApi(env);
      try {
        const options = { url: `${api.url}/webhook`, requests: newMessageRequests(shop, `m_backlog${backlog}`), connections: CONNECTIONS };
        await autocannon({ ...options, duration: 1 });
        const cpuBefore = cpuTimeMs(api.child.pid);
        const run = Promise.resolve(autocannon({ ...options, duration: DURATION }));
        const activity = sampleActivity(database.url, run);
        const result = await run;
        const cpuMs = (cpuTimeMs(api.child.pid) - cpuBefore) / Math.max(1, result.requests.total);
        rows.push({ 'other owner\'s backlog': backlog, 'req/s': Math.round(result.requests.average), 'p99 ms': result.latency.p99, 'CPU ms/request': cpuMs.toFixed(2), 'non-2xx/errors': result.non2xx + result.errors });
        const top = [...(await activity).entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
        console.log(`\nbacklog ${backlog}: database sessions (samples every ${SAMPLE_MS} ms)`);
        for (const [what, samples] of top) console.log(`${String(samples).padStart(6)}  ${what}`);
      } finally {
        await api.stop();
      }
    }
    console.log(`\nPOST /webhook, c=${CONNECTIONS}, no worker, ${DURATION} s per run`);
    table(rows);
  } finally {
    await database.drop();
    removeDir(env.FILES_DIR);
  }
  console.log(`Load average (1 min): ${loadavg()[0]?.toFixed(2)}. Reproduce: npx tsx bench/webhook-backlog.ts`);
}

await main();
