/**
 * The product beside its floor, in one run on one PostgreSQL: for each hot path, autocannon against
 * bench/floor-server.ts (the least work the request needs, same Fastify 5, `pg` pool of 10, same database and
 * rows) and against the product as it runs in production (`NODE_ENV=production`, info logging, one instance,
 * started as `npm start -w server`), then one table: floor req/s and p99, product req/s and p99, ratio.
 * Rows: the list `GET api/v1/balance-transactions/{userId}` (page of 20 of 60 rows) at 10 and 50 connections;
 * `POST /webhook` (one new signed Messenger message each) at 10 and 50 connections with the job worker running
 * (it answers the queued messages during the run), and at 10 and 50 without a worker on the instance
 * (`JOBS_POLL_INTERVAL_MS=0`); and the bare Fastify hello-world of bench/throughput.ts. The rows share one
 * database, in that order: a later row meets the rows and queued answers the earlier ones left.
 * Each measurement is BENCH_DURATION_SECONDS (6) after a BENCH_WARMUP_SECONDS (1) warm-up, repeated BENCH_REPEATS (3) times with
 * floor and product alternating; the table shows medians, and the server process's CPU per request (Linux
 * /proc), which a shared machine's load disturbs far less than req/s, and the bot answers the product's worker finished
 * during the measured run (median). The product is started afresh for each of its
 * measurements (and stopped after), so its worker's backlog never runs while the floor is measured.
 * Reproduce: `npx tsx bench/floor.ts` (BENCH_PORT_OFFSET moves the ports, 18560–18562 by default, and is refused
 * when it puts one past 65535; BENCH_ONLY=text keeps only the rows naming
 * it; BENCH_DATABASE_URL or TEST_DATABASE_URL name the PostgreSQL server,
 * default the local one at 127.0.0.1:5432; a fresh database is created and dropped).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import {
  cpuTimeMs,
  createDatabase,
  postgresAdminUrl,
  prepareShop,
  removeDir,
  type RunningServer,
  serverEnv,
  newMessageRequests,
  startApi,
  startProcess,
  withClient,
} from './server-harness.ts';
import { ROOT, table } from './support.ts';

const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 6);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
/** Load before each measured run: the product is a fresh process each time, its hot paths not yet compiled by V8. */
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
/** BENCH_PORT_OFFSET=n moves every port by n, so two benches can run on one machine. */
const PORT_OFFSET = Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0;
const PORT = 18_560 + PORT_OFFSET;
const FLOOR_PORT = 18_561 + PORT_OFFSET;
const HELLO_PORT = 18_562 + PORT_OFFSET;
const MAX_PORT = 65_535;
if (PORT_OFFSET < 0 || Math.max(PORT, FLOOR_PORT, HELLO_PORT) > MAX_PORT) {
  console.error(
    `BENCH_PORT_OFFSET=${PORT_OFFSET} puts the ports at ${PORT}–${HELLO_PORT}, outside 1–${MAX_PORT}: take an offset from 0 to ${MAX_PORT - (HELLO_PORT - PORT_OFFSET)}.`,
  );
  process.exit(2);
}

interface Sample {
  rps: number;
  p99: number;
  failed: number;
  /** The server process's CPU (user + system) per answered request, ms: steadier than req/s on a shared machine. */
  cpuMs: number;
  /** Bot answers (`bot.reply` jobs) the product finished during the measured run; NaN for the floor. */
  answered: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Bot answers finished (done or failed) between `from` and `to` in the product's database. */
const answersFinished = (databaseUrl: string, from: Date, to: Date) =>
  withClient(databaseUrl, async (client) => {
    const counted = await client.query<{ n: number }>(
      `select count(*)::int as n from jobs where queue = 'bot.reply' and status in ('done', 'failed') and finished_at between $1 and $2`,
      [from, to],
    );
    return counted.rows[0]?.n ?? 0;
  });

async function measure(options: Options, connections: number, pid?: number, databaseUrl?: string): Promise<Sample> {
  await autocannon({ ...options, connections, duration: WARMUP });
  const cpuBefore = cpuTimeMs(pid);
  const from = new Date();
  const result: Result = await autocannon({ ...options, connections, duration: DURATION });
  const cpuMs = (cpuTimeMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
  const answered = databaseUrl ? await answersFinished(databaseUrl, from, new Date()) : Number.NaN;
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts, cpuMs, answered };
}

interface Path {
  name: string;
  connections: number;
  /** The product's extra environment for this row. */
  env: Record<string, string>;
  options(base: string): Options;
}

async function main() {
  const started = performance.now();
  const loads = [loadavg()[0] ?? 0];
  const database = await createDatabase(postgresAdminUrl(), 'pagemate_floor');
  const env = serverEnv(PORT, { url: database.url });
  try {
    const shop = await prepareShop(env, Array.from({ length: 60 }, (_, i) => 10_000 + i * 1_000));
    const messageRequests = newMessageRequests(shop, 'm_floor');
    const list = (base: string): Options => ({
      url: `${base}/api/v1/balance-transactions/${shop.userId}?page=1&page_size=20`,
      headers: { authorization: `Bearer ${shop.accessToken}` },
    });
    const webhook = (base: string): Options => ({
      url: `${base}/webhook`,
      requests: messageRequests,
    });
    const noWorker = { JOBS_POLL_INTERVAL_MS: '0' };
    const paths: Path[] = [
      { name: 'GET balance-transactions (page of 20), c=10', connections: 10, env: {}, options: list },
      { name: 'GET balance-transactions (page of 20), c=50', connections: 50, env: {}, options: list },
      { name: 'POST /webhook (new mid each), c=10, worker', connections: 10, env: {}, options: webhook },
      { name: 'POST /webhook (new mid each), c=50, worker', connections: 50, env: {}, options: webhook },
      { name: 'POST /webhook (new mid each), c=10, no worker', connections: 10, env: noWorker, options: webhook },
      { name: 'POST /webhook (new mid each), c=50, no worker', connections: 50, env: noWorker, options: webhook },
    ];

    // BENCH_ONLY=text keeps the rows whose name contains it (a quicker look at one path).
    const only = process.env.BENCH_ONLY;
    if (only) paths.splice(0, paths.length, ...paths.filter((path) => path.name.includes(only)));

    const hello = await startProcess('hello-world-server.ts', join(ROOT, 'bench'), { PORT: String(HELLO_PORT) });
    const helloSamples: Sample[] = [];
    try {
      for (let i = 0; i < REPEATS; i += 1) helloSamples.push(await measure({ url: `${hello.url}/` }, 10));
    } finally {
      await hello.stop();
    }

    const floor = await startProcess('floor-server.ts', join(ROOT, 'bench'), { PORT: String(FLOOR_PORT), DATABASE_URL: database.url, FLOOR_APP_SECRET: shop.appSecret });
    const rows: Record<string, string | number>[] = [];
    const cell = (samples: Sample[]) => `${Math.round(median(samples.map((s) => s.rps)))} req/s, p99 ${median(samples.map((s) => s.p99))} ms`;
    const cpu = (samples: Sample[]) => median(samples.map((s) => s.cpuMs));
    rows.push({ path: 'bare Fastify hello-world, c=10', floor: cell(helloSamples), product: '', ratio: '', 'non-2xx/errors': helloSamples.reduce((n, s) => n + s.failed, 0) });
    try {
      for (const path of paths) {
        const floorSamples: Sample[] = [];
        const productSamples: Sample[] = [];
        for (let i = 0; i < REPEATS; i += 1) {
          floorSamples.push(await measure(path.options(floor.url), path.connections, floor.child.pid));
          let api: RunningServer | undefined;
          try {
            api = await startApi({ ...env, ...path.env });
            productSamples.push(await measure(path.options(api.url), path.connections, api.child.pid, database.url));
            if (api.exit) throw new Error(`the server exited during the run: ${api.stderrTail()}`);
          } finally {
            await api?.stop();
          }
          loads.push(loadavg()[0] ?? 0);
        }
        const ratio = median(productSamples.map((s) => s.rps)) / median(floorSamples.map((s) => s.rps));
        rows.push({
          path: path.name,
          floor: cell(floorSamples),
          product: cell(productSamples),
          ratio: ratio.toFixed(2),
          'CPU ms/request floor / product': `${cpu(floorSamples).toFixed(2)} / ${cpu(productSamples).toFixed(2)}`,
          'non-2xx/errors': [...floorSamples, ...productSamples].reduce((n, s) => n + s.failed, 0),
          'answers finished in the run': median(productSamples.map((s) => s.answered)),
        });
      }
    } finally {
      await floor.stop();
    }
    console.log(`\nPostgreSQL (${database.name}): ${DURATION} s per run after ${WARMUP} s warm-up, median of ${REPEATS} runs (floor and product alternating)`);
    table(rows);
  } finally {
    await database.drop();
    removeDir(env.FILES_DIR);
  }
  console.log(`Load average (1 min) during the run: ${loads.map((load) => load.toFixed(2)).join(', ')}`);
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(0)} s on Node ${process.version}. Reproduce: npx tsx bench/floor.ts`);
}

await main();
