/**
 * The ledger's hold, settlement and stale-hold sweep for a shop with a long history: LEDGER_HISTORY (50,000) past
 * AI answers, each a hold, its return, its token charge and its token transaction, spread over the
 * LEDGER_HISTORY_DAYS (90) Vietnam days before today, and a second shop with as many. The daily caps and the sweep
 * read the table of open holds (`open_holds`), so none of these should grow with that history; this prints what they
 * take, through the product's own ledger (`app.ledger`, the real server modules built in this process: nothing
 * listens, nothing leaves the machine).
 * Per operation, LEDGER_CALLS (200) calls one after another after LEDGER_WARMUP (20) unmeasured ones:
 * - reserve: a hold on a page, with the balance and both daily caps checked;
 * - settle: each of those holds charged at its real cost;
 * - releaseStale, nothing stale: the sweep every instance runs every 5 minutes, in the usual case;
 * - releaseStale, one stale hold: a hold left open, the clock moved past the TTL, the sweep returning it.
 * Runs on an embedded PGlite (file-backed in a temporary folder, as `npm start` keeps it) by default; with
 * DATABASE_URL, on a throw-away database created on that PostgreSQL server and dropped afterwards.
 * Figures only: the machine's load moves them.
 * Reproduce: `npx tsx bench/ledger-holds.ts` (LEDGER_HISTORY=0 for the same calls without a history).
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { users } from '../server/src/db/schema/index.ts';
import { RESERVATION_TTL_MS } from '../server/src/plugins/app/ledger/ledger-service.ts';
import { createDatabase, freshDir, removeDir, type ScratchDatabase } from './server-harness.ts';
import { table } from './support.ts';

const HISTORY = Number(process.env.LEDGER_HISTORY ?? 50_000);
const HISTORY_DAYS = Number(process.env.LEDGER_HISTORY_DAYS ?? 90);
const CALLS = Number(process.env.LEDGER_CALLS ?? 200);
const WARMUP = Number(process.env.LEDGER_WARMUP ?? 20);
/** What each past answer held, and what it cost (VND). */
const PAST_HOLD = 500;
const PAST_COST = 40;
const DEPOSIT = 1_000_000_000;
const PAGES = ['page-1', 'page-2', 'page-3'];
const USAGE = { promptTokens: 1_500, completionTokens: 500, message: 'Dạ, bánh mì thịt nướng giá 25.000đ ạ.' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A clock the bench moves forward (past the hold TTL for the sweep); otherwise the machine's time. */
let clockOffsetMs = 0;
const clock = { now: () => new Date(Date.now() + clockOffsetMs) };

const database: ScratchDatabase | undefined = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL, 'pagemate_ledger_holds') : undefined;
const pgliteDir = database ? undefined : freshDir('pagemate-bench-ledger-');
const filesDir = freshDir('pagemate-bench-files-');
const app = await buildApp({
  config: loadConfig({
    ...(database ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: pgliteDir ?? '' }),
    FILES_DIR: filesDir,
    JOBS_POLL_INTERVAL_MS: '0',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'silent',
    // The caps are checked on every hold, but what is measured is their cost, not where they stop the shop.
    DAILY_SPEND_CAP_USER_VND: '1000000000',
    DAILY_SPEND_CAP_PAGE_VND: '1000000000',
  }),
  clock,
});

/**
 * A shop with `HISTORY` past answers, written as the ledger writes them (balances after each entry included) in one
 * statement per table: a deposit, then per answer its hold, the hold's return and the token charge, and the token
 * transaction; its balance row is what the entries add up to. No hold is left open.
 */
async function seedShop(name: string): Promise<string> {
  const userId = randomUUID();
  await app.db.orm.insert(users).values({ id: userId, username: name, email: `${name}.${userId}@example.test`, passwordHash: 'x', role: 'user' });
  const dayStart = new Date(clock.now().getTime() - HISTORY_DAYS * 86_400_000);
  const stepSeconds = (HISTORY_DAYS * 86_400 - 3_600) / Math.max(HISTORY, 1);
  // The answers, numbered from 1 (oldest): $1 user, $2 first instant, $3 seconds between answers, $4 how many, $5 pages.
  const answers = `answers as (
      select n, md5($1::uuid::text || ':' || n)::uuid as reservation_id,
        $2::timestamptz + make_interval(secs => n * $3::float8) as at,
        ($5::text[])[1 + n % cardinality($5::text[])] as page_id
      from generate_series(1, $4::integer) as n
    )`;
  const answerValues = [userId, dayStart, stepSeconds, HISTORY, PAGES];
  const run = (name: string, text: string, values: readonly unknown[]) => app.db.query({ name: `bench_ledger_holds_${name}`, text }, values);
  await run(
    'deposit',
    `insert into ledger_entries (id, user_id, kind, amount, balance_after, idempotency_key, reservation_id, page_id, note, created_at)
    values (gen_random_uuid(), $1::uuid, 'deposit', $2::bigint, $2::bigint, 'bench-deposit-' || $1::uuid::text, null, null, 'Nạp tiền', $3::timestamptz)`,
    [userId, DEPOSIT, dayStart],
  );
  // Per answer, $6 deposit, $7 hold, $8 cost: the balance before it is the deposit less the answers before it.
  await run(
    'entries',
    `with ${answers}
    insert into ledger_entries (id, user_id, kind, amount, balance_after, idempotency_key, reservation_id, page_id, note, created_at)
    select case e.kind when 'reservation' then a.reservation_id else gen_random_uuid() end, $1::uuid, e.kind, e.amount, b.before + e.change,
      'bench-' || $1::uuid::text || '-' || a.n || '-' || e.kind, a.reservation_id, a.page_id, e.note, a.at + e.later
    from answers a
      cross join lateral (select $6::bigint - (a.n - 1) * $8::bigint as before) as b
      cross join lateral (values
        (1, 'reservation', -$7::bigint, -$7::bigint, 'AI reply hold', interval '0'),
        (2, 'release', $7::bigint, 0::bigint, 'AI reply hold returned', interval '2 seconds'),
        (3, 'token_charge', -$8::bigint, -$8::bigint, 'AI reply: 2000 tokens', interval '2 seconds')
      ) as e(position, kind, amount, change, note, later)
    order by a.n, e.position`,
    [...answerValues, DEPOSIT, PAST_HOLD, PAST_COST],
  );
  await run(
    'transactions',
    `with ${answers}
    insert into token_transactions (id, user_id, page_id, reservation_id, prompt_tokens, completion_tokens, total_tokens, total_cost, message, idempotency_key, created_at)
    select gen_random_uuid(), $1::uuid, page_id, reservation_id, 1500, 500, 2000, $6::bigint, 'Câu trả lời cũ',
      'bench-' || $1::uuid::text || '-' || n || '-token_charge', at + interval '2 seconds'
    from answers`,
    [...answerValues, PAST_COST],
  );
  await run('balance', `insert into balances (user_id, available, reserved, updated_at) values ($1::uuid, $2::bigint, 0, $3::timestamptz)`, [userId, DEPOSIT - HISTORY * PAST_COST, clock.now()]);
  return userId;
}

/**
 * Milliseconds of each of `CALLS` calls of `run(i)`, after `WARMUP` unmeasured ones (numbered from -WARMUP);
 * `prepare(i)`, when given, runs before each call, outside the measure.
 */
async function timed(run: (i: number) => Promise<unknown>, prepare?: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = -WARMUP; i < 0; i += 1) {
    await prepare?.(i);
    await run(i);
  }
  const timings: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    await prepare?.(i);
    const started = performance.now();
    await run(i);
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

const row = (operation: string, timings: number[]) => ({
  operation,
  calls: timings.length,
  'median ms': percentile(timings, 50).toFixed(2),
  'p95 ms': percentile(timings, 95).toFixed(2),
  'max ms': (timings.at(-1) ?? 0).toFixed(2),
});

try {
  const seedStarted = performance.now();
  const shop = await seedShop('bench_shop');
  await seedShop('bench_other_shop');
  const seedMs = performance.now() - seedStarted;
  // The seeded history is the ledger's own kind: its entries add up to the balance.
  if ((await app.ledgerRepository.sumOfEntries(shop)) !== (await app.ledger.balanceOf(shop))) throw new Error('the seeded ledger does not add up to its balance');
  const count = async (from: string) => Number((await app.db.query<{ n: number | string }>({ name: `bench_ledger_holds_count_${from}`, text: `select count(*) as n from ${from}` }, []))[0]?.n);
  const entries = await count('ledger_entries');
  const transactions = await count('token_transactions');

  const run = `${process.pid}-${Date.now()}`;
  const holds: string[] = [];
  const reserve = await timed(async (i) => {
    const hold = await app.ledger.reserve(shop, 500, `bench-hold-${run}-${i}`, { pageId: PAGES[0] ?? 'page-1' });
    holds.push(hold.reservationId);
  });
  const settle = await timed(async (i) => app.ledger.settle(holds[i + WARMUP] ?? '', USAGE, `bench-settle-${run}-${i}`));
  const sweepIdle = await timed(async () => app.ledger.releaseStale());
  const sweepOne = await timed(
    async () => {
      const returned = await app.ledger.releaseStale();
      if (returned !== 1) throw new Error(`the sweep returned ${returned} holds, not the one left open`);
    },
    async (i) => {
      await app.ledger.reserve(shop, 500, `bench-stale-${run}-${i}`, { pageId: PAGES[1] ?? 'page-2' });
      clockOffsetMs += RESERVATION_TTL_MS + 60_000;
    },
  );
  const stillHeld = Number((await app.db.query<{ held: number | string }>({ name: 'bench_ledger_holds_held', text: 'select coalesce(sum(reserved), 0) as held from balances' }, []))[0]?.held);

  const engine = database ? `PostgreSQL (${database.name})` : 'PGlite (file-backed)';
  console.log(
    `${engine}: 2 shops × ${HISTORY} past answers over ${HISTORY_DAYS} days, seeded in ${(seedMs / 1000).toFixed(1)} s ` +
      `(${entries} ledger entries, ${transactions} token transactions; ${stillHeld} VND still held at the end)`,
  );
  table([
    row('reserve (hold, balance and daily caps checked)', reserve),
    row('settle (charge, hold returned, token transaction)', settle),
    row('releaseStale, nothing stale', sweepIdle),
    row('releaseStale returning one stale hold', sweepOne),
  ]);
  console.log(`Reproduce: LEDGER_HISTORY=${HISTORY} npx tsx bench/ledger-holds.ts${database ? ' (DATABASE_URL set)' : ''}`);
} finally {
  await app.close();
  await database?.drop();
  removeDir(pgliteDir);
  removeDir(filesDir);
}
