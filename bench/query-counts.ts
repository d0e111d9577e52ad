/**
 * How many statements the product sends to PostgreSQL for one Meta webhook acknowledgement and for one bot answer
 * (the `bot.reply` job: the ledger's hold and settle, the model, the reply through the Graph sandbox, the inbox):
 * the shop of bench/floor.ts on a fresh PostgreSQL database, the server started with bench/query-count-preload.ts.
 * 1. Acknowledgements alone (`JOBS_POLL_INTERVAL_MS=0`): QUERY_MESSAGES (100) signed Messenger messages, one at a
 *    time; statements ÷ messages.
 * 2. The worker on the same database answers the jobs those messages queued; counted until every job is done;
 *    statements ÷ jobs, the worker's idle polls included (shown in the tally).
 * Counts, not timings: they do not depend on the machine's load.
 * Reproduce: `npx tsx bench/query-counts.ts` (BENCH_PORT_OFFSET moves the port; QUERY_TOP rows, 40).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createDatabase, freshDir, newMessageRequests, postgresAdminUrl, prepareShop, removeDir, serverEnv, startApi, withClient } from './server-harness.ts';
import { ROOT } from './support.ts';

const MESSAGES = Number(process.env.QUERY_MESSAGES ?? 100);
const TOP = Number(process.env.QUERY_TOP ?? 40);
const PORT = 18_590 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const PRELOAD = join(ROOT, 'bench', 'query-count-preload.ts');

type Tally = Record<string, number>;

/** Runs `work` against a server counting its statements from when it is ready until it stops. */
async function counted(env: Record<string, string>, file: string, work: (url: string) => Promise<void>): Promise<Tally> {
  const api = await startApi({ ...env, QUERY_COUNT_FILE: file }, undefined, [PRELOAD]);
  try {
    api.child.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await work(api.url);
  } finally {
    await api.stop();
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Tally;
}

function print(title: string, tally: Tally, per: number, unit: string): void {
  const total = Object.values(tally).reduce((sum, n) => sum + n, 0);
  console.log(`\n${title}: ${total} statements, ${(total / per).toFixed(1)} per ${unit}`);
  const rows = Object.entries(tally)
    .sort(([, a], [, b]) => b - a)
    .slice(0, TOP)
    .map(([statement, n]) => ({ [`per ${unit}`]: Number((n / per).toFixed(2)), statement }));
  console.table(rows);
}

const dir = freshDir('pagemate-query-counts-');
const database = await createDatabase(postgresAdminUrl(), 'pagemate_query_counts');
const env = serverEnv(PORT, { url: database.url });
try {
  const shop = await prepareShop(env, Array.from({ length: 20 }, (_, i) => 100_000 + i * 1_000));
  const acks = await counted({ ...env, JOBS_POLL_INTERVAL_MS: '0' }, join(dir, 'acks.json'), async (url) => {
    const result = await autocannon({ url: `${url}/webhook`, connections: 1, amount: MESSAGES, requests: newMessageRequests(shop, 'm_count') });
    if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} acknowledgements failed`);
  });
  const jobsLeft = () =>
    withClient(database.url, async (client) => Number((await client.query<{ n: string }>(`select count(*) as n from jobs where queue in ('inbox.event', 'bot.reply') and status not in ('done', 'failed')`)).rows[0]?.n ?? 0));
  const queued = await jobsLeft();
  const answers = await counted(env, join(dir, 'answers.json'), async () => {
    const deadline = Date.now() + 120_000;
    while ((await jobsLeft()) > 0) {
      if (Date.now() > deadline) throw new Error('the worker did not finish the queued answers in 120 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  const done = await withClient(database.url, async (client) =>
    (await client.query<{ status: string; n: string }>(`select status, count(*) as n from jobs where queue = 'bot.reply' group by status order by status`)).rows,
  );
  print(`Acknowledgements (${MESSAGES} messages, no worker)`, acks, MESSAGES, 'message');
  print(`Bot answers (${queued} queued jobs; ${done.map((row) => `${row.status} ${row.n}`).join(', ')})`, answers, Math.max(queued, 1), 'answer');
  console.log('\nReproduce: npx tsx bench/query-counts.ts');
} finally {
  await database.drop();
  removeDir(env.FILES_DIR);
  removeDir(dir);
}
