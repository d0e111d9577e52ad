/**
 * Throughput: the API as `npm start -w server` runs it, under autocannon (10 connections, 8 s per
 * endpoint, loopback), beside a bare Fastify hello-world measured in the same run on the same machine. The
 * figure is the ratio req/s(endpoint) ÷ req/s(hello-world), with p50/p99 latency. Two endpoints:
 * - `GET api/v1/balance-transactions/{userId}` (authenticated, 20 of the user's 60 ledger rows per page);
 * - `POST /webhook`, one signed Messenger message per request, every one with a new `mid` (and one of 100
 *   customers): each is a new event — an inbox row, its thread and a queued bot job in one transaction —
 *   which is what Meta actually sends; a repeated mid would only measure the dedupe path. The job worker runs
 *   as in production and starts answering during the run (its work shares the machine and the database).
 * Runs on PGlite (file-backed, as `npm start` does) and, when PostgreSQL is reachable (BENCH_DATABASE_URL,
 * TEST_DATABASE_URL, or the local one at 127.0.0.1:5432), on a fresh PostgreSQL database dropped afterwards.
 * Reproduce: `npx tsx bench/throughput.ts` (BENCH_DURATION_SECONDS=8, BENCH_CONNECTIONS=10).
 */
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import {
  createDatabase,
  freshDir,
  postgresAdminUrl,
  prepareShop,
  removeDir,
  type ScratchDatabase,
  serverEnv,
  newMessageRequests,
  startApi,
  startProcess,
  withClient,
} from './server-harness.ts';
import { ROOT, table } from './support.ts';

// 8 s, not 10: two databases × three targets must fit in 2 minutes with the setup, on a busy 2-core machine too.
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = 18_480;
const HELLO_PORT = 18_481;

async function measure(options: Options): Promise<Result> {
  return autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
}

function row(name: string, result: Result, baseline: Result): Record<string, string | number> {
  return {
    endpoint: name,
    'req/s': Math.round(result.requests.average),
    'ratio to hello-world': (result.requests.average / baseline.requests.average).toFixed(3),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function reachablePostgres(): Promise<string | undefined> {
  const url = postgresAdminUrl();
  try {
    await withClient(url, (client) => client.query('select 1'));
    return url;
  } catch {
    return undefined;
  }
}

async function runOn(kind: 'pglite' | 'postgres', adminUrl?: string): Promise<void> {
  let pgliteDir: string | undefined;
  let database: ScratchDatabase | undefined;
  if (kind === 'postgres' && adminUrl) database = await createDatabase(adminUrl, 'pagemate_bench');
  else pgliteDir = freshDir('pagemate-bench-pglite-');
  const env = serverEnv(PORT, database ? { url: database.url } : { pgliteDir: pgliteDir ?? '' });
  try {
    // 60 ledger rows: the list endpoint reads a page of 20 and counts them all.
    const shop = await prepareShop(env, Array.from({ length: 60 }, (_, i) => 10_000 + i * 1_000));
    const hello = await startProcess('hello-world-server.ts', join(ROOT, 'bench'), { PORT: String(HELLO_PORT) });
    let helloResult: Result;
    try {
      helloResult = await measure({ url: `${hello.url}/` });
    } finally {
      await hello.stop();
    }
    const api = await startApi(env);
    try {
      const list = await measure({
        url: `${api.url}/api/v1/balance-transactions/${shop.userId}?page=1&page_size=20`,
        headers: { authorization: `Bearer ${shop.accessToken}` },
      });
      const messageRequests = newMessageRequests(shop, 'm_bench');
      const webhook = await measure({
        url: `${api.url}/webhook`,
        requests: messageRequests,
      });
      if (api.exit) throw new Error(`the server exited during the run: ${api.stderrTail()}`);
      console.log(`\n${kind === 'pglite' ? 'PGlite (file-backed, one connection)' : `PostgreSQL (${database?.name ?? ''})`}: ${CONNECTIONS} connections, ${DURATION} s each`);
      table([row('bare Fastify hello-world', helloResult, helloResult), row('GET balance-transactions (auth, 20 rows)', list, helloResult), row('POST /webhook (signed, new mid each)', webhook, helloResult)]);
    } finally {
      await api.stop();
    }
  } finally {
    await database?.drop();
    removeDir(pgliteDir);
    removeDir(env.FILES_DIR);
  }
}

async function main() {
  const started = performance.now();
  await runOn('pglite');
  const adminUrl = await reachablePostgres();
  if (adminUrl) await runOn('postgres', adminUrl);
  else console.log('\nPostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped.');
  console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s on Node ${process.version}. Reproduce: npx tsx bench/throughput.ts`);
}

await main();
