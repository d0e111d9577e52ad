/**
 * Webhook burst with a database "restart". 1,000 signed Messenger messages (each a new mid from its
 * own customer) to the bakery page a shop subscribed for the bot, sent by 20 concurrent senders to the API
 * running as `npm start -w server` runs it, on a fresh PostgreSQL database (127.0.0.1:5432, or
 * BENCH_DATABASE_URL / TEST_DATABASE_URL as admin URL) dropped afterwards.
 *
 * "Restart" here: the system PostgreSQL cannot be restarted by a bench, so once 300 deliveries were acknowledged
 * every connection of the app's database is terminated (`pg_terminate_backend`) every 25 ms for 2 s, which cuts
 * the pool's connections and the reconnects made during those 2 s — what the app sees of a restart.
 *
 * The sender behaves like Meta: a delivery that did not get 200 (non-200, connection error, 10 s timeout) is
 * sent again (same bytes) after a growing delay (100 ms doubling to 2 s; Meta waits longer, the bench is
 * bounded) until it gets 200. Then the job queue must drain, and the database must show, per event: exactly
 * one inbox item, exactly one answer sent to the sandbox Graph (its recorded `message` sends to that customer)
 * and exactly one token charge in the ledger.
 * Reproduce: `npx tsx bench/webhook-burst.ts` (BURST_EVENTS=1000, BURST_SENDERS=20, BURST_DRAIN_SECONDS=600; the API's
 * JOBS_CONCURRENCY is passed through). The cut connections must neither crash the API nor drain its pool:
 * `recoverBrokenConnections` in server/src/db/postgres.ts sees to that (tested in postgres.test.ts).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDatabase,
  postgresAdminUrl,
  prepareShop,
  removeDir,
  serverEnv,
  signedMessage,
  startApi,
  withClient,
} from './server-harness.ts';
import { countPerEvent } from './fault-tally.ts';
import { seconds, sleep, table } from './support.ts';

const EVENTS = Number(process.env.BURST_EVENTS ?? 1000);
const SENDERS = Number(process.env.BURST_SENDERS ?? 20);
const RESTART_AFTER_ACKS = Math.floor(EVENTS * 0.3);
const RESTART_MS = 2_000;
const SEND_DEADLINE_MS = 90_000;
const DRAIN_DEADLINE_MS = Number(process.env.BURST_DRAIN_SECONDS ?? 600) * 1000;
const PORT = 18_490;

async function main() {
  const adminUrl = postgresAdminUrl();
  const database = await createDatabase(adminUrl, 'pagemate_burst');
  const env = serverEnv(PORT, { url: database.url });
  const logDir = mkdtempSync(join(tmpdir(), 'pagemate-burst-logs-'));
  const logFile = join(logDir, 'api.log');
  let keepLogs = false;
  try {
    const shop = await prepareShop(env, [5_000_000]);
    const api = await startApi(env, logFile);
    try {
      const events = Array.from({ length: EVENTS }, (_, i) => ({
        psid: `8${String(i).padStart(15, '0')}`,
        mid: `m_burst_${process.pid}_${i}`,
      }));

      // ── the burst, with the restart in the middle ──
      let acknowledged = 0;
      const acknowledgedMids = new Set<string>();
      let retries = 0;
      const failures = new Map<string, number>();
      let undelivered = 0;
      let restart: Promise<{ terminated: number; startedAt: number }> | undefined;
      const burstStarted = performance.now();
      const sendDeadline = Date.now() + SEND_DEADLINE_MS;

      const restartDatabase = async () => {
        const startedAt = performance.now() - burstStarted;
        let terminated = 0;
        await withClient(adminUrl, async (admin) => {
          const until = Date.now() + RESTART_MS;
          while (Date.now() < until) {
            const result = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database.name]);
            terminated += result.rowCount ?? 0;
            await sleep(25);
          }
        });
        return { terminated, startedAt };
      };

      const deliver = async (event: (typeof events)[number]) => {
        const { body, signature } = signedMessage(shop.appSecret, shop.pageId, event.psid, event.mid, 'Bánh mì thịt nướng giá bao nhiêu vậy shop?');
        for (let attempt = 0; ; attempt += 1) {
          let outcome: string;
          try {
            const response = await fetch(`${api.url}/webhook`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
              body,
              signal: AbortSignal.timeout(10_000),
            });
            await response.arrayBuffer();
            if (response.status === 200) break;
            outcome = `HTTP ${response.status}`;
          } catch (error) {
            outcome = error instanceof Error ? `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}` : String(error);
          }
          failures.set(outcome, (failures.get(outcome) ?? 0) + 1);
          // Meta would go on retrying for hours; with the server process gone the bench stops and reports it.
          if (Date.now() > sendDeadline || api.exit) {
            undelivered += 1;
            return;
          }
          retries += 1;
          await sleep(Math.min(100 * 2 ** attempt, 2_000));
        }
        acknowledged += 1;
        acknowledgedMids.add(event.mid);
        if (acknowledged === RESTART_AFTER_ACKS) restart = restartDatabase();
      };

      let next = 0;
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (next < events.length) {
            const event = events[next];
            next += 1;
            if (!event) continue;
            // Past the deadline (or with the server gone) the rest is counted as not delivered, not sent.
            if (Date.now() > sendDeadline || api.exit) undelivered += 1;
            else await deliver(event);
          }
        }),
      );
      const burstMs = performance.now() - burstStarted;
      const fault = await restart;

      // ── drain: every event recorded and every bot answer done (or failed for good); self-scheduling jobs (pages.health) stay queued ──
      const drainStarted = performance.now();
      let drained = false;
      let lastStates: Record<string, number> = {};
      while (performance.now() - drainStarted < DRAIN_DEADLINE_MS) {
        if (api.exit) break;
        const rows = await withClient(database.url, (db) => db.query<{ status: string; n: number }>("select status, count(*)::int as n from jobs where queue in ('inbox.event', 'bot.reply') group by status"));
        lastStates = Object.fromEntries(rows.rows.map((r) => [r.status, r.n]));
        if (!lastStates.queued && !lastStates.running) {
          drained = true;
          break;
        }
        await sleep(250);
      }
      const drainMs = performance.now() - drainStarted;

      // ── the database, per event ──
      const counts = await withClient(database.url, async (db) => {
        const perEvent = await countPerEvent(db, events, shop.pageId);
        const totals = await db.query<{ charges: number; token_transactions: number; failed_jobs: number }>(
          `select (select count(*)::int from ledger_entries where user_id = $1 and kind = 'token_charge') as charges,
                  (select count(*)::int from token_transactions where user_id = $1) as token_transactions,
                  (select count(*)::int from jobs where status = 'failed') as failed_jobs`,
          [shop.userId],
        );
        const failedJobs = await db.query<{ queue: string; last_error: string; n: number }>(
          `select queue, left(last_error, 160) as last_error, count(*)::int as n from jobs where status = 'failed' group by 1, 2 order by n desc limit 5`,
        );
        return { perEvent, totals: totals.rows[0], failedJobs: failedJobs.rows };
      });

      const tally = (key: 'items' | 'answers' | 'graph_sends' | 'charges' | 'refunds') => {
        const values = counts.perEvent.map((row) => row[key]);
        return { exactly1: values.filter((v) => v === 1).length, missing: values.filter((v) => v === 0).length, duplicated: values.filter((v) => v >= 2).length };
      };
      const crashed = api.exit !== undefined;
      console.log(
        `\nWebhook burst on PostgreSQL (${database.name}), ${EVENTS} events, ${SENDERS} concurrent senders, API as a child process`,
      );
      table([
        { figure: 'events sent', value: EVENTS },
        { figure: 'acknowledged with 200', value: acknowledged },
        { figure: 'not delivered (deadline or server gone)', value: undelivered },
        { figure: 'retries needed', value: retries },
        { figure: 'burst wall time s', value: seconds(burstMs) },
        { figure: 'restart at s (after acks)', value: fault ? `${seconds(fault.startedAt)} (${RESTART_AFTER_ACKS})` : 'not reached' },
        { figure: 'backends terminated in 2 s', value: fault?.terminated ?? 0 },
        { figure: 'time to drain s', value: drained ? seconds(drainMs) : `NOT drained in ${seconds(drainMs)} s: ${JSON.stringify(lastStates)}` },
        { figure: 'jobs failed for good', value: counts.totals?.failed_jobs ?? 0 },
        { figure: 'server process', value: crashed ? `EXITED (${api.exit?.code ?? api.exit?.signal ?? '?'})` : 'alive' },
      ]);
      if (failures.size > 0) {
        console.log('Failed delivery attempts (then retried):');
        table([...failures].map(([outcome, n]) => ({ outcome: outcome.slice(0, 100), attempts: n })));
      }
      console.log('Per event (counted in the database):');
      table(
        (['items', 'answers', 'graph_sends', 'charges'] as const).map((key) => ({
          what: { items: 'inbox item (customer message)', answers: 'bot answer recorded as sent', graph_sends: 'answer sent to the sandbox Graph', charges: 'token charge in the ledger' }[key],
          ...tally(key),
        })),
      );
      const lostAfter200 = counts.perEvent.filter((row) => acknowledgedMids.has(row.mid) && row.items === 0).length;
      console.log(`Acknowledged with 200 but not in the inbox (lost): ${lostAfter200}.`);
      const refunds = counts.perEvent.filter((row) => row.refunds > 0).length;
      console.log(
        `Ledger: ${counts.totals?.charges ?? 0} token charges and ${counts.totals?.token_transactions ?? 0} token transactions for ${EVENTS} events; ${refunds} events refunded.`,
      );
      if (counts.failedJobs.length > 0) {
        console.log('Failed jobs:');
        table(counts.failedJobs.map((row) => ({ queue: row.queue, n: row.n, last_error: row.last_error })));
      }
      const bad = counts.perEvent.filter((row) => row.items !== 1 || row.answers !== 1 || row.graph_sends !== 1 || row.charges !== 1);
      if (bad.length > 0) {
        keepLogs = true;
        console.log(`${bad.length} events not exactly-once; first ones:`);
        table(bad.slice(0, 5).map(({ mid, items, answers, graph_sends, charges, refunds }) => ({ mid, items, answers, graph_sends, charges, refunds })));
      }
      if (crashed) {
        keepLogs = true;
        console.log(`The server process exited during the run. stderr tail:\n${api.stderrTail()}`);
      }
      const logText = readFileSync(logFile, 'utf8');
      const errorLines = logText.split('\n').filter((line) => /"level":(50|60)/.test(line));
      const byMessage = new Map<string, number>();
      for (const line of errorLines) {
        const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? '?';
        byMessage.set(msg, (byMessage.get(msg) ?? 0) + 1);
      }
      if (byMessage.size > 0) {
        console.log('Server error log lines during the run (level ≥ error), by message:');
        table([...byMessage].map(([msg, n]) => ({ msg: msg.slice(0, 100), lines: n })));
      }
      console.log(`Duplicates = ${bad.filter((row) => row.items > 1 || row.graph_sends > 1 || row.charges > 1).length}, missing = ${bad.filter((row) => row.items === 0 || row.graph_sends === 0 || row.charges === 0).length}.`);
      if (keepLogs) console.log(`Server log kept: ${logFile}`);
    } finally {
      await api.stop();
    }
  } finally {
    if (process.env.BURST_KEEP_DATABASE === "1") console.log(`Database kept: ${database.name}`);
    else await database.drop();
    removeDir(env.FILES_DIR);
    if (!keepLogs) removeDir(logDir);
  }
  console.log(`Reproduce: npx tsx bench/webhook-burst.ts`);
}

await main();
