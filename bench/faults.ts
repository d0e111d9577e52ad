/**
 * Faults: "A worker process killed mid-job, the LLM endpoint hanging or failing, the Graph API
 * returning 5xx / 613 rate limits: jobs retry with backoff and nothing is lost or doubled."
 *
 * Each scenario runs the API as `npm start -w server` runs it (a child process under tsx) on its own fresh
 * PostgreSQL database (127.0.0.1:5432, or BENCH_DATABASE_URL / TEST_DATABASE_URL as admin URL; dropped
 * afterwards), sets a shop up through the HTTP API (server-harness.ts), and sends FAULT_EVENTS Meta-signed
 * Messenger messages to the bakery page (each a new mid from its own customer), paced over ~5 s. The sender acts
 * like Meta: a delivery without a 200 is sent again (same bytes) with growing delays. The model is a fake
 * OpenAI-compatible endpoint on 127.0.0.1 (node:http, below); Graph is the API's own Meta sandbox, in scenario 3
 * behind a local proxy (FACEBOOK_GRAPH_URL) that injects failures. Everything listens on 127.0.0.1 only.
 *
 *  1. killed   — SIGKILL of the API once ~30 % of the answers were sent, a fresh instance on the same database.
 *                The dead instance's running jobs come back after their lease: JOBS_LEASE_SECONDS (15 here).
 *  2. llm      — the model hangs (never answers) for FAULT_LLM_HANG_SECONDS, then answers HTTP 500 for
 *                FAULT_LLM_ERROR_SECONDS, then recovers; LLM_TIMEOUT_SECONDS=2 must cut the hangs.
 *  2b. llm-down — the model answers 500 for good (FAULT_PERMANENT_EVENTS events): every attempt fails; what the
 *                user is left with is checked (the message marked failed "model_failed", no charge, no hold).
 *                This scenario and 3b run with BOT_REPLY_MAX_ATTEMPTS=5 (≈ 40 s of retries, not the default hour).
 *  3. graph    — the first FAULT_GRAPH_FAILURES Send API calls fail, in turn: error 613 (rate limit, HTTP 400,
 *                not delivered), HTTP 500 code 2 (not delivered), and HTTP 503 *after* the sandbox delivered it
 *                (the outcome lost: the retry must find the answer at "Facebook" and not send it twice).
 *  3b. graph-down — every Send API call answers 613 (FAULT_PERMANENT_EVENTS events): the answers end failed,
 *                their charges refunded.
 *
 * Then the bench waits (at most FAULT_DRAIN_SECONDS) until no `bot.reply` job is queued or running, and checks in
 * the database, per event: exactly one bot answer recorded as sent, exactly one send recorded by the sandbox
 * Graph, exactly one token charge; no hold left open; every job done, none failed.
 * Reproduce: `npx tsx bench/faults.ts` (FAULT_EVENTS=100, FAULT_DRAIN_SECONDS=120, FAULT_SCENARIOS=killed,llm,llm-down,graph,graph-down).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeLlm, type GraphProxy, startFakeLlm, startGraphProxy } from './fault-servers.ts';
import { collectErrors, countSentAnswers, tallyEvents } from './fault-tally.ts';
import {
  createDatabase,
  postgresAdminUrl,
  prepareShop,
  removeDir,
  type RunningServer,
  serverEnv,
  signedMessage,
  startApi,
  withClient,
} from './server-harness.ts';
import { seconds, sleep, table } from './support.ts';

const EVENTS = Number(process.env.FAULT_EVENTS ?? 100);
const PERMANENT_EVENTS = Number(process.env.FAULT_PERMANENT_EVENTS ?? 5);
const DRAIN_DEADLINE_MS = Number(process.env.FAULT_DRAIN_SECONDS ?? 120) * 1000;
const LEASE_SECONDS = Number(process.env.FAULT_LEASE_SECONDS ?? 15);
const LLM_HANG_MS = Number(process.env.FAULT_LLM_HANG_SECONDS ?? 6) * 1000;
const LLM_ERROR_MS = Number(process.env.FAULT_LLM_ERROR_SECONDS ?? 6) * 1000;
const GRAPH_FAILURES = Number(process.env.FAULT_GRAPH_FAILURES ?? EVENTS);
const SCENARIOS = (process.env.FAULT_SCENARIOS ?? 'killed,llm,llm-down,graph,graph-down').split(',').map((name) => name.trim());
/** The deliveries are spread over this long (a steady stream, not one burst). */
const SEND_SPREAD_MS = 5_000;
const SEND_DEADLINE_MS = 90_000;
const KILL_AT_SHARE = 0.3;
const BASE_PORT = 18_520;

// ─── one scenario ───

interface Outcome {
  scenario: string;
  events: number;
  replies: number;
  charges: number | string;
  duplicates: number;
  lost: number | string;
  attempts: number;
  retries: number;
  drainS: string;
  verdict: string;
  notes: string[];
}

interface Setup {
  name: string;
  events: number;
  /** Environment added to the API's. */
  env: (ports: { api: number; llm: string }) => Record<string, string>;
  /** Runs beside the deliveries; may replace the API (returns the one running at the end). */
  during?: (ctx: { api: RunningServer; databaseUrl: string; startedAt: number; notes: string[]; marks: Map<string, number>; restart: () => Promise<RunningServer> }) => Promise<RunningServer | undefined>;
  llm: FakeLlm;
  /** Failing for good: every event is expected to end failed, visibly, with this reason, and cost nothing in the end. */
  permanent?: { reason: string; sees: string };
}

async function runScenario(adminUrl: string, setup: Setup, index: number): Promise<Outcome> {
  const port = BASE_PORT + index;
  const database = await createDatabase(adminUrl, `pagemate_faults_${setup.name.replace(/\W/g, '_')}`);
  const baseEnv = serverEnv(port, { url: database.url }, { LLM_BASE_URL: setup.llm.baseUrl, LLM_MODEL: 'bench-model', LLM_API_KEY: 'bench' });
  const env = { ...baseEnv, ...setup.env({ api: port, llm: setup.llm.baseUrl }) };
  const logDir = mkdtempSync(join(tmpdir(), 'pagemate-faults-logs-'));
  let logIndex = 0;
  const nextLog = () => join(logDir, `api-${(logIndex += 1)}.log`);
  const notes: string[] = [];
  let keepLogs = false;
  try {
    // The shop is set up with the plain sandbox (no proxy, no fault), as a user did it before trouble began.
    const shop = await prepareShop(baseEnv, [5_000_000]);
    let api = await startApi(env, nextLog());
    try {
      const events = Array.from({ length: setup.events }, (_, i) => ({ psid: `7${String(index).padStart(2, '0')}${String(i).padStart(13, '0')}`, mid: `m_fault_${index}_${process.pid}_${i}` }));
      let webhookRetries = 0;
      let undelivered = 0;
      let lastAck = 0;
      const startedAt = performance.now();
      const sendDeadline = Date.now() + SEND_DEADLINE_MS;
      const deliver = async (event: (typeof events)[number]) => {
        const { body, signature } = signedMessage(shop.appSecret, shop.pageId, event.psid, event.mid, 'Bánh mì thịt nướng giá bao nhiêu vậy shop?');
        for (let attempt = 0; ; attempt += 1) {
          try {
            const response = await fetch(`${api.url}/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body, signal: AbortSignal.timeout(10_000) });
            await response.arrayBuffer();
            if (response.status === 200) break;
          } catch {
            // the server is down or restarting: Meta tries again later
          }
          if (Date.now() > sendDeadline) {
            undelivered += 1;
            return;
          }
          webhookRetries += 1;
          await sleep(Math.min(200 * 2 ** attempt, 2_000));
        }
        lastAck = performance.now();
      };
      const sending = (async () => {
        const spread = SEND_SPREAD_MS / Math.max(1, events.length);
        const inFlight: Promise<void>[] = [];
        for (const event of events) {
          inFlight.push(deliver(event));
          await sleep(spread);
        }
        await Promise.all(inFlight);
      })();
      const restart = async () => {
        api = await startApi(env, nextLog());
        return api;
      };
      const marks = new Map<string, number>();
      const replaced = setup.during ? await setup.during({ api, databaseUrl: database.url, startedAt, notes, marks, restart }) : undefined;
      if (replaced) api = replaced;
      await sending;
      if (undelivered > 0) notes.push(`${undelivered} deliveries never acknowledged (sender deadline)`);
      if (webhookRetries > 0) notes.push(`${webhookRetries} webhook deliveries sent again (no 200 while the API was down)`);

      // ── drain: no bot.reply job queued or running ──
      let drained = false;
      let lastStates: Record<string, number> = {};
      while (performance.now() - startedAt < SEND_DEADLINE_MS + DRAIN_DEADLINE_MS && performance.now() - lastAck < DRAIN_DEADLINE_MS) {
        if (api.exit) break;
        const rows = await withClient(database.url, (db) => db.query<{ status: string; n: number }>("select status, count(*)::int as n from jobs where queue = 'bot.reply' group by status"));
        lastStates = Object.fromEntries(rows.rows.map((r) => [r.status, r.n]));
        if (!lastStates.queued && !lastStates.running && Object.values(lastStates).reduce((a, b) => a + b, 0) >= setup.events - undelivered) {
          drained = true;
          break;
        }
        await sleep(200);
      }
      const settledAt = performance.now();
      const drainMs = settledAt - lastAck;
      for (const [mark, at] of marks) notes.push(`all jobs settled ${seconds(settledAt - at)} s after the ${mark}`);

      // ── the database, per event ──
      const result = await tallyEvents(database.url, events, shop);

      const rows = result.perEvent;
      const replies = rows.reduce((sum, row) => sum + row.graph_sends, 0);
      const charges = rows.reduce((sum, row) => sum + row.charges, 0);
      const duplicates = rows.filter((row) => row.answers > 1 || row.graph_sends > 1 || row.charges > 1).length;
      const lost = rows.filter((row) => row.answers === 0 || row.graph_sends === 0 || row.charges === 0).length;
      const inconsistent = rows.filter((row) => row.answers !== row.graph_sends || row.graph_sends !== row.charges).length;
      const jobStates = Object.fromEntries(result.jobs.map((row) => [row.status, row.n]));
      const attempts = result.jobs.reduce((sum, row) => sum + row.attempts, 0);
      const jobCount = result.jobs.reduce((sum, row) => sum + row.n, 0);
      const openHolds = result.ledger?.open_holds ?? -1;
      const reserved = result.ledger?.reserved ?? -1;
      notes.push(`jobs ${JSON.stringify(jobStates)}; holds open ${openHolds} (reserved ${reserved} VND); token charges in the ledger ${result.ledger?.token_charges ?? '?'}; refunds ${result.ledger?.refunds ?? '?'}`);
      for (const row of result.failed) notes.push(`failed job ×${row.n}: ${row.last_error}`);
      const statuses = new Map<string, number>();
      for (const row of rows) statuses.set(`${row.reply_status ?? 'none'}${row.reason ? ` (${row.reason})` : ''}`, (statuses.get(`${row.reply_status ?? 'none'}${row.reason ? ` (${row.reason})` : ''}`) ?? 0) + 1);
      notes.push(`customer messages: ${[...statuses].map(([status, n]) => `${n} ${status}`).join(', ')}`);
      if (!drained) notes.push(`NOT drained within the deadline: ${JSON.stringify(lastStates)}`);

      let verdict: string;
      if (setup.permanent) {
        const expected = setup.permanent;
        // Nothing sent, and either never charged or charged once and refunded once.
        const visible = rows.every((row) => row.reply_status === 'failed' && row.reason === expected.reason && row.graph_sends === 0 && row.answers === 0 && row.charges === row.refunds && row.charges <= 1);
        const ok = drained && visible && openHolds === 0 && reserved === 0 && !jobStates.failed && jobStates.done === setup.events;
        verdict = ok ? 'OK: failed visibly, nothing kept' : 'FAIL';
        if (!ok) keepLogs = true;
        notes.push(`what the user sees: ${expected.sees}`);
        const failedVisibly = rows.filter((row) => row.reply_status === 'failed').length;
        const refunded = rows.reduce((sum, row) => sum + row.refunds, 0);
        return { scenario: setup.name, events: setup.events, replies, charges: refunded > 0 ? `${charges} (${refunded} refunded)` : charges, duplicates, lost: `0 (${failedVisibly} marked failed)`, attempts, retries: attempts - jobCount, drainS: seconds(drainMs), verdict, notes };
      }
      const ok = drained && duplicates === 0 && lost === 0 && inconsistent === 0 && openHolds === 0 && reserved === 0 && jobCount === setup.events && jobStates.done === setup.events;
      if (!ok) keepLogs = true;
      verdict = ok ? 'OK' : 'FAIL';
      if (!ok) {
        const bad = rows.filter((row) => row.answers !== 1 || row.graph_sends !== 1 || row.charges !== 1).slice(0, 3);
        for (const row of bad) notes.push(`not exactly once: ${JSON.stringify(row)}`);
      }
      const errors = collectErrors(logDir, logIndex);
      if (errors.length > 0) notes.push(`server log lines at error level: ${errors.join('; ')}`);
      return { scenario: setup.name, events: setup.events, replies, charges, duplicates, lost, attempts, retries: attempts - jobCount, drainS: drained ? seconds(drainMs) : `>${seconds(drainMs)}`, verdict, notes };
    } finally {
      await api.stop();
    }
  } finally {
    await database.drop();
    removeDir(env.FILES_DIR);
    removeDir(baseEnv.FILES_DIR);
    if (keepLogs) notes.push(`server logs kept in ${logDir}`);
    else removeDir(logDir);
  }
}

// ─── the scenarios ───

async function main() {
  const adminUrl = postgresAdminUrl();
  try {
    await withClient(adminUrl, (client) => client.query('select 1'));
  } catch (error) {
    console.log(`SKIPPED: no PostgreSQL answers at ${adminUrl.replace(/\/\/[^@]*@/, '//…@')} (${error instanceof Error ? error.message : String(error)}).`);
    console.log('Every scenario needs a server database: the killed worker is replaced by a fresh instance on the same database, and the bench counts');
    console.log('replies and charges while the API runs, which PGlite (one process) does not allow. Set BENCH_DATABASE_URL to an admin URL.');
    console.log('Reproduce: npx tsx bench/faults.ts');
    return;
  }
  const llm = await startFakeLlm();
  const outcomes: Outcome[] = [];
  try {
    for (const [index, name] of SCENARIOS.entries()) {
      const started = performance.now();
      llm.counts = { ok: 0, hang: 0, error: 0 };
      llm.hangsCut = [];
      llm.pieceDelayMs = 0;
      llm.mode = () => 'ok';
      let setup: Setup;
      let proxy: GraphProxy | undefined;
      if (name === 'killed') {
        // A model that takes ~0.4 s per answer and 8 jobs at once: the kill lands with several answers mid-way.
        llm.pieceDelayMs = 150;
        setup = {
          name: '1 worker killed',
          events: EVENTS,
          llm,
          env: () => ({ JOBS_CONCURRENCY: '8', JOBS_LEASE_SECONDS: String(LEASE_SECONDS), LLM_TIMEOUT_SECONDS: '5' }),
          during: async ({ api, databaseUrl, startedAt, notes, marks, restart }) => {
            const target = Math.ceil(EVENTS * KILL_AT_SHARE);
            while ((await countSentAnswers(databaseUrl)) < target) {
              if (performance.now() - startedAt > 60_000) throw new Error('the answers never reached the kill point');
              await sleep(50);
            }
            const running = await withClient(databaseUrl, (db) =>
              db.query<{ n: number; holds: number }>(
                `select (select count(*)::int from jobs where queue = 'bot.reply' and status = 'running') as n,
                        (select count(*)::int from inbox_items where author = 'bot' and reservation_id is not null and delivery = 'generating') as holds`,
              ),
            );
            const exited = new Promise<void>((resolve) => api.child.once('exit', () => resolve()));
            api.child.kill('SIGKILL');
            await exited;
            const killedAt = performance.now();
            marks.set('kill', killedAt);
            const sent = await countSentAnswers(databaseUrl);
            notes.push(
              `SIGKILL at ${seconds(killedAt - startedAt)} s with ${sent}/${EVENTS} answers sent, ${running.rows[0]?.n ?? '?'} bot.reply jobs running (${running.rows[0]?.holds ?? '?'} holding a hold mid-answer); lease ${LEASE_SECONDS} s`,
            );
            const fresh = await restart();
            notes.push(`fresh instance answering /health ${seconds(performance.now() - killedAt)} s after the kill`);
            return fresh;
          },
        };
      } else if (name === 'llm' || name === 'llm-down') {
        const permanent = name === 'llm-down';
        // The fault clock starts with the first model request (not with the first delivery).
        let t0 = 0;
        llm.mode = () => {
          if (permanent) return 'error';
          if (t0 === 0) t0 = performance.now();
          const elapsed = performance.now() - t0;
          return elapsed < LLM_HANG_MS ? 'hang' : elapsed < LLM_HANG_MS + LLM_ERROR_MS ? 'error' : 'ok';
        };
        setup = {
          name: permanent ? '2b LLM down for good' : '2 LLM hangs, then 500',
          events: permanent ? PERMANENT_EVENTS : EVENTS,
          llm,
          ...(permanent ? { permanent: { reason: 'model_failed', sees: 'each message in the inbox marked failed, reason "model_failed"; no answer sent, no charge, no hold left on the balance' } } : {}),
          // For good: the answers must give up within the drain deadline, so 5 tries (≈ 40 s) instead of 12 (≈ 1 h).
          env: () => ({ JOBS_CONCURRENCY: '8', LLM_TIMEOUT_SECONDS: '2', ...(permanent ? { BOT_REPLY_MAX_ATTEMPTS: '5' } : {}) }),
        };
      } else if (name === 'graph') {
        setup = {
          name: '3 Graph 5xx / 613',
          events: EVENTS,
          llm,
          env: () => ({ JOBS_CONCURRENCY: '8', FACEBOOK_GRAPH_URL: `${proxy?.url ?? ''}/meta-sandbox` }),
        };
        proxy = await startGraphProxy(`http://127.0.0.1:${BASE_PORT + index}`, GRAPH_FAILURES);
      } else if (name === 'graph-down') {
        setup = {
          name: '3b Graph 613 for good',
          events: PERMANENT_EVENTS,
          llm,
          permanent: {
            reason: 'send_failed',
            sees: 'each message in the inbox marked failed, reason "send_failed"; the answer was charged when generated and that charge refunded ("AI reply not delivered by Facebook"); nothing sent twice',
          },
          env: () => ({ JOBS_CONCURRENCY: '8', FACEBOOK_GRAPH_URL: `${proxy?.url ?? ''}/meta-sandbox`, BOT_REPLY_MAX_ATTEMPTS: '5' }),
        };
        proxy = await startGraphProxy(`http://127.0.0.1:${BASE_PORT + index}`, Number.POSITIVE_INFINITY, ['613 rate limit (not delivered)']);
      } else {
        throw new Error(`unknown scenario ${name} (killed, llm, llm-down, graph, graph-down)`);
      }
      try {
        const outcome = await runScenario(adminUrl, setup, index);
        if (name.startsWith('llm')) {
          const cut = llm.hangsCut;
          outcome.notes.unshift(
            `model requests: ${llm.counts.hang} hung, ${llm.counts.error} answered 500, ${llm.counts.ok} answered` +
              (cut.length > 0 ? `; hung requests cut by the API after ${seconds(Math.min(...cut))}–${seconds(Math.max(...cut))} s (LLM_TIMEOUT_SECONDS=2), ${llm.counts.hang - cut.length} never cut` : ''),
          );
        }
        if (proxy) {
          outcome.notes.unshift(
            `Send API calls: ${proxy.sendCalls}; injected ${[...proxy.injected].map(([fault, n]) => `${n}× ${fault}`).join(', ')}`,
          );
        }
        outcome.notes.push(`scenario wall time ${seconds(performance.now() - started)} s`);
        outcomes.push(outcome);
      } finally {
        await proxy?.close();
      }
    }
  } finally {
    await llm.close();
  }

  console.log(`\nFaults: ${EVENTS} Messenger events per scenario, API as a child process on PostgreSQL, model = local fake OpenAI endpoint`);
  table(
    outcomes.map((o) => ({
      scenario: o.scenario,
      events: o.events,
      replies: o.replies,
      charges: o.charges,
      duplicates: o.duplicates,
      lost: o.lost,
      'job attempts': o.attempts,
      retries: o.retries,
      'drain s': o.drainS,
      verdict: o.verdict,
    })),
  );
  for (const o of outcomes) {
    console.log(`${o.scenario}:`);
    for (const note of o.notes) console.log(`  - ${note}`);
  }
  console.log('drain s = from the last webhook acknowledged to no bot.reply job queued or running; retries = job attempts beyond the first.');
  console.log('Reproduce: npx tsx bench/faults.ts');
  if (outcomes.some((o) => o.verdict === 'FAIL')) process.exitCode = 1;
}

await main();
