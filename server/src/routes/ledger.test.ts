import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorOf } from '../test/accounts.js';
import { api, type SignedIn, signedInUser } from '../test/facebook.js';
import { ManualClock } from '../test/clock.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';
import { LedgerRefusal, type Usage } from '../plugins/app/ledger/ledger-service.js';

const CAPS = { PRICE_PER_1000_TOKENS_VND: '20', DAILY_SPEND_CAP_USER_VND: '50000', DAILY_SPEND_CAP_PAGE_VND: '20000' };
/** Each test signs up its own users, more than one address may register per window. */
const ENV = { ...CAPS, RATE_LIMIT_IP_MULTIPLIER: '100' };

describe.each(testDatabases)('ledger and charge API (%s)', (kind) => {
  let t: TestApp;
  let bob: SignedIn;
  // Stands still, so a test never straddles midnight in Vietnam (when daily caps reset).
  const clock = new ManualClock();
  let keyCounter = 0;
  const key = (label: string) => `${label}-${process.pid}-${++keyCounter}`;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: ENV, clock });
    bob = await signedInUser(t);
  });
  afterAll(() => t?.close());
  // After every test, for every user so far: Σ entries = available ≥ 0, reserved = Σ open holds ≥ 0.
  afterEach(() => expectLedgerConsistent(t));

  const newUser = () => signedInUser(t);
  const ledger = () => t.app.ledger;
  /** The ledger's sum equals the balance, and neither the available nor the held amount is negative. */
  const expectConsistent = async (userId: string) => {
    const balance = await t.app.ledgerRepository.findBalance(userId);
    expect(await t.app.ledgerRepository.sumOfEntries(userId)).toBe(balance?.available ?? 0);
    expect(balance?.available ?? 0).toBeGreaterThanOrEqual(0);
    expect(balance?.reserved ?? 0).toBeGreaterThanOrEqual(0);
    return balance;
  };
  const entryCount = async (idempotencyKey: string) => {
    const result = await t.app.db.orm.execute<{ n: number | string }>(sql`select count(*) as n from ledger_entries where idempotency_key = ${idempotencyKey}`);
    return Number(result.rows[0]?.n);
  };

  it('credit: the same key twice is one entry and one credit, answering the first result', async () => {
    const user = await newUser();
    const paymentKey = key('payment');
    const first = await ledger().credit(user.userId, 100_000, paymentKey, 'deposit', 'Nạp tiền');
    const again = await ledger().credit(user.userId, 100_000, paymentKey, 'deposit', 'Nạp tiền');
    expect(again).toEqual(first);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => ledger().credit(user.userId, 100_000, paymentKey, 'deposit')));
    expect(concurrent.every((result) => result.entryId === first.entryId)).toBe(true);
    expect(await entryCount(paymentKey)).toBe(1);
    expect(await ledger().balanceOf(user.userId)).toBe(100_000);
    await expectConsistent(user.userId);
    // The key names one event: reusing it for another amount or user is refused, not applied.
    await expect(ledger().credit(user.userId, 5_000, paymentKey, 'deposit')).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    await expect(ledger().credit(bob.userId, 100_000, paymentKey, 'deposit')).rejects.toMatchObject({ status: 409 });
    await expect(ledger().credit(user.userId, -1, key('bad'), 'deposit')).rejects.toMatchObject({ status: 400 });
    await expect(ledger().credit(user.userId, 1.5, key('bad'), 'deposit')).rejects.toMatchObject({ status: 400 });
    await expect(ledger().credit(user.userId, -200_000, key('adj'), 'adjustment')).rejects.toBeInstanceOf(LedgerRefusal);
    expect(await ledger().balanceOf(user.userId)).toBe(100_000);
    // Append-only, enforced by the database too.
    await expect(t.app.db.orm.execute(sql`update ledger_entries set amount = 1 where idempotency_key = ${paymentKey}`)).rejects.toThrow();
    await expect(t.app.db.orm.execute(sql`delete from ledger_entries where idempotency_key = ${paymentKey}`)).rejects.toThrow();
    expect(await entryCount(paymentKey)).toBe(1);
  });

  it('reserve refuses beyond the balance and beyond the daily caps of the user and of the page', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 100_000, key('dep'), 'deposit');
    const overBalance = ledger().reserve(user.userId, 100_001, key('res'));
    await expect(overBalance).rejects.toMatchObject({ status: 402, code: 'INSUFFICIENT_BALANCE', reason: 'insufficient_balance', available: 100_000, needed: 100_001 });

    // Page cap 20.000: 15.000 held on page A leaves 5.000 for that page, the user cap still has room.
    const held = await ledger().reserve(user.userId, 15_000, key('res'), { pageId: 'page-a' });
    await expect(ledger().reserve(user.userId, 6_000, key('res'), { pageId: 'page-a' })).rejects.toMatchObject({ status: 402, code: 'DAILY_CAP_REACHED', reason: 'daily_cap_page' });
    await ledger().reserve(user.userId, 5_000, key('res'), { pageId: 'page-a' });
    // User cap 50.000: 20.000 held on page A, 30.000 more across pages, then nothing.
    await ledger().reserve(user.userId, 15_000, key('res'), { pageId: 'page-b' });
    await ledger().reserve(user.userId, 15_000, key('res'));
    await expect(ledger().reserve(user.userId, 1, key('res'), { pageId: 'page-c' })).rejects.toMatchObject({ status: 402, code: 'DAILY_CAP_REACHED', reason: 'daily_cap_user' });
    // Settled spend counts too: settling the 15.000 hold for 1.000 tokens (20 VND) frees the rest of the cap.
    await ledger().settle(held.reservationId, { promptTokens: 600, completionTokens: 400, message: 'Trả lời bình luận' }, key('settle'));
    await ledger().reserve(user.userId, 14_980, key('res'));
    await expect(ledger().reserve(user.userId, 1, key('res'))).rejects.toMatchObject({ reason: 'daily_cap_user' });
    expect(await ledger().balanceOf(user.userId)).toBe(100_000 - 50_000);
    // A new day: settled spend no longer counts, open holds still do (they are yesterday's unfinished calls).
    clock.advanceSeconds(24 * 3600);
    await ledger().reserve(user.userId, 20, key('res'), { pageId: 'page-c' });
    await expect(ledger().reserve(user.userId, 1, key('res'))).rejects.toMatchObject({ reason: 'daily_cap_user' });
    await expectConsistent(user.userId);
  });

  it('settle charges the real cost, returns the rest and records the token transaction; a replay changes nothing', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 10_000, key('dep'), 'deposit');
    const reservation = await ledger().reserve(user.userId, 1_000, key('res'), { pageId: 'page-1' });
    expect(reservation).toMatchObject({ amount: 1_000, available: 9_000, pageId: 'page-1' });
    expect(await ledger().balanceOf(user.userId)).toBe(9_000);

    const settleKey = key('settle');
    await expect(ledger().settle(reservation.reservationId, { promptTokens: -1, completionTokens: 0, message: '' }, settleKey)).rejects.toMatchObject({ status: 400 });
    const usage = { promptTokens: 1_234, completionTokens: 567, message: 'Chào chị, shop còn hàng ạ' };
    const settled = await ledger().settle(reservation.reservationId, usage, settleKey);
    // 1.801 tokens × 20 VND / 1.000 = 36,02 → 37 VND (rounded up to the dong).
    expect(settled).toMatchObject({ promptTokens: 1_234, completionTokens: 567, totalTokens: 1_801, cost: 37, charged: 37, available: 10_000 - 37 });
    expect(await ledger().balanceOf(user.userId)).toBe(9_963);
    const balance = await expectConsistent(user.userId);
    expect(balance?.reserved).toBe(0);

    const replay = await ledger().settle(reservation.reservationId, usage, settleKey);
    expect(replay).toEqual(settled);
    expect(await Promise.all([1, 2, 3].map(() => ledger().settle(reservation.reservationId, usage, settleKey)))).toEqual([settled, settled, settled]);
    expect(await ledger().balanceOf(user.userId)).toBe(9_963);
    // Settled once: another key, or a release, is refused.
    await expect(ledger().settle(reservation.reservationId, usage, key('settle'))).rejects.toMatchObject({ status: 409 });
    await expect(ledger().release(reservation.reservationId, key('release'))).rejects.toMatchObject({ status: 409 });
    await expect(ledger().settle('00000000-0000-4000-8000-000000000000', usage, key('settle'))).rejects.toMatchObject({ status: 404 });
    await expect(ledger().settle('not-a-uuid', usage, key('settle'))).rejects.toMatchObject({ status: 404 });

    const tokens = await api(t, user, 'GET', `/api/v1/token-transactions/${user.userId}`);
    expect(tokens.statusCode, tokens.body).toBe(200);
    const body = tokens.json() as { status: number; data: { items: Record<string, unknown>[]; total: number } };
    expect(body.data.total).toBe(1);
    expect(body.data.items[0]).toMatchObject({ promptTokens: 1_234, completionTokens: 567, totalToken: 1_801, totalCost: 37, message: usage.message });
    expect(Number.isNaN(Date.parse(String(body.data.items[0]?.time)))).toBe(false);
    await expectConsistent(user.userId);
  });

  it('settle above the estimate takes the real cost, but never more than the balance', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 100, key('dep'), 'deposit');
    const reservation = await ledger().reserve(user.userId, 10, key('res'));
    const settled = await ledger().settle(reservation.reservationId, { promptTokens: 9_000, completionTokens: 1_000, message: 'Dài' }, key('settle'));
    expect(settled).toMatchObject({ cost: 200, charged: 100, available: 0 });
    expect(await ledger().balanceOf(user.userId)).toBe(0);
    await expectConsistent(user.userId);
  });

  it('release returns the whole hold, once', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 5_000, key('dep'), 'deposit');
    const reservation = await ledger().reserve(user.userId, 3_000, key('res'));
    expect(await ledger().balanceOf(user.userId)).toBe(2_000);
    const releaseKey = key('release');
    const released = await ledger().release(reservation.reservationId, releaseKey);
    expect(released).toEqual({ reservationId: reservation.reservationId, amount: 3_000, available: 5_000 });
    expect(await ledger().release(reservation.reservationId, releaseKey)).toEqual(released);
    await expect(ledger().release(reservation.reservationId, key('release'))).rejects.toMatchObject({ status: 409 });
    await expect(ledger().settle(reservation.reservationId, { promptTokens: 1, completionTokens: 1, message: '' }, key('settle'))).rejects.toMatchObject({ status: 409 });
    expect(await ledger().balanceOf(user.userId)).toBe(5_000);
    expect((await expectConsistent(user.userId))?.reserved).toBe(0);
  });

  it('100 parallel charges (reserve, then settle) against a balance that covers 10: exactly 10 succeed, never below zero', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 10_000, key('dep'), 'deposit');
    // 30.000 + 20.000 tokens × 20 VND / 1.000 = 1.000 VND, the estimate: each charge costs exactly what it held.
    const usage = { promptTokens: 30_000, completionTokens: 20_000, message: 'Trả lời tin nhắn' };
    const charge = async () => {
      const reservation = await ledger().reserve(user.userId, 1_000, key('race'));
      return ledger().settle(reservation.reservationId, usage, key('race-settle'));
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, charge));
    const settled = outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected').map((outcome) => outcome.reason as unknown);
    expect(settled).toHaveLength(10);
    expect(settled.every((settlement) => settlement.charged === 1_000)).toBe(true);
    expect(refused).toHaveLength(90);
    for (const reason of refused) expect(reason).toMatchObject({ status: 402, code: 'INSUFFICIENT_BALANCE', reason: 'insufficient_balance' });
    const balance = await expectConsistent(user.userId);
    expect(balance).toMatchObject({ available: 0, reserved: 0 });
    // Every intermediate balance the ledger recorded, not only the last one.
    const lowest = await t.app.db.orm.execute<{ low: number | string }>(sql`select min(balance_after) as low from ledger_entries where user_id = ${user.userId}`);
    expect(Number(lowest.rows[0]?.low)).toBe(0);
    const tokens = await ledger().tokenTransactions(user.userId, { page: 1, page_size: 100, sort: 'date', order: 'desc' });
    expect(tokens.total).toBe(10);
    // 90 refusals, one "AI paused" notice for the day.
    expect((await t.app.notifications.list(user.userId)).filter((notice) => notice.kind === 'ai_paused_no_funds')).toHaveLength(1);
  });

  // With no other hold open, a second return of the hold would take `reserved` below zero; with one, it would not.
  // The calls are sent in the order given, so the group sent first usually wins; but any key may, the lone ones too.
  it.each([
    { first: 'settle', other: 0 },
    { first: 'release', other: 0 },
    { first: 'settle', other: 4_000 },
    { first: 'release', other: 4_000 },
  ])('concurrent settles and releases of one hold close it once ($first sent first, another hold of $other VND open)', async ({ first, other }) => {
    const user = await newUser();
    await ledger().credit(user.userId, 10_000, key('dep'), 'deposit');
    if (other > 0) await ledger().reserve(user.userId, other, key('other'));
    const { reservationId } = await ledger().reserve(user.userId, 2_000, key('res'));
    const usage = { promptTokens: 30_000, completionTokens: 20_000, message: 'Trả lời' };
    const settleKey = key('settle');
    const releaseKey = key('release');
    const settles = () => [
      ...Array.from({ length: 6 }, () => ledger().settle(reservationId, usage, settleKey)),
      ...Array.from({ length: 2 }, () => ledger().settle(reservationId, usage, key('other-settle'))),
    ];
    const releases = () => [
      ...Array.from({ length: 6 }, () => ledger().release(reservationId, releaseKey)),
      ...Array.from({ length: 2 }, () => ledger().release(reservationId, key('other-release'))),
    ];
    const outcomes = await Promise.allSettled<unknown>(first === 'settle' ? [...settles(), ...releases()] : [...releases(), ...settles()]);
    // One key closed it: its calls answer the same result, every other call is refused.
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => JSON.stringify(outcome.value));
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected').map((outcome) => outcome.reason as unknown);
    for (const reason of refused) expect(reason).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(new Set(fulfilled).size).toBe(1);
    const closings = await t.app.db.orm.execute<{ kind: string; idempotency_key: string }>(
      sql`select kind, idempotency_key from ledger_entries where reservation_id = ${reservationId} and kind <> 'reservation' order by kind`,
    );
    const transactions = await t.app.db.orm.execute<{ n: number | string }>(sql`select count(*) as n from token_transactions where reservation_id = ${reservationId}`);
    const release = closings.rows.filter((row) => row.kind === 'release');
    const charges = closings.rows.filter((row) => row.kind === 'token_charge');
    expect(release).toHaveLength(1);
    // A settlement returns the hold under its key's '#release'; a release under its own key.
    const winner = release[0]?.idempotency_key.replace(/#release$/, '');
    // The key sent six times answers six times; a lone key once.
    expect(fulfilled).toHaveLength(winner === settleKey || winner === releaseKey ? 6 : 1);
    if (charges.length > 0) {
      // A settle key won: 1.000 VND charged, once, under that key.
      expect(charges.map((row) => row.idempotency_key)).toEqual([winner]);
      expect(JSON.parse(fulfilled[0] ?? '{}')).toMatchObject({ charged: 1_000, available: 10_000 - other - 1_000 });
      expect(Number(transactions.rows[0]?.n)).toBe(1);
      expect(await ledger().balanceOf(user.userId)).toBe(10_000 - other - 1_000);
    } else {
      expect(release[0]?.idempotency_key).toBe(winner);
      expect(Number(transactions.rows[0]?.n)).toBe(0);
      expect(await ledger().balanceOf(user.userId)).toBe(10_000 - other);
    }
    expect((await expectConsistent(user.userId))?.reserved).toBe(other);
  });

  it('concurrent holds stop at the daily caps: on one page at the page cap, across pages at the user cap', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 1_000_000, key('dep'), 'deposit');
    // Page cap 20.000 VND: 10 holds of 2.000 fit, whatever the order they are taken in.
    const onPage = await Promise.allSettled(Array.from({ length: 25 }, () => ledger().reserve(user.userId, 2_000, key('page'), { pageId: 'page-race' })));
    expect(onPage.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    for (const outcome of onPage) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ status: 402, reason: 'daily_cap_page' });
    // User cap 50.000 VND: 20.000 held already, 15 holds of 2.000 more fit, on pages of their own.
    const acrossPages = await Promise.allSettled(Array.from({ length: 30 }, (_, index) => ledger().reserve(user.userId, 2_000, key('user'), { pageId: `page-${index}` })));
    expect(acrossPages.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(15);
    for (const outcome of acrossPages) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ status: 402, reason: 'daily_cap_user' });
    expect(await expectConsistent(user.userId)).toMatchObject({ available: 1_000_000 - 50_000, reserved: 50_000 });
  });

  it('holds, settles, releases and deposits of one user run together: every entry records the running balance', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 50_000, key('dep'), 'deposit');
    const usage = { promptTokens: 40_000, completionTokens: 10_000, message: 'Trả lời' };
    const holds = await Promise.all(Array.from({ length: 12 }, () => ledger().reserve(user.userId, 1_500, key('res'))));
    await Promise.all([
      ...holds.map((hold, index) => (index % 3 === 0 ? ledger().release(hold.reservationId, key('release')) : ledger().settle(hold.reservationId, usage, key('settle')))),
      ...Array.from({ length: 6 }, () => ledger().credit(user.userId, 700, key('dep'), 'deposit')),
      ...Array.from({ length: 6 }, () => ledger().reserve(user.userId, 300, key('res'))),
    ]);
    // 8 settled at 1.000 VND, 4 released, 6 deposits of 700, 6 holds of 300 still open.
    expect(await expectConsistent(user.userId)).toMatchObject({ available: 50_000 - 8_000 + 4_200 - 1_800, reserved: 1_800 });
    const entries = await t.app.db.orm.execute<{ amount: number | string; balance_after: number | string }>(
      sql`select amount, balance_after from ledger_entries where user_id = ${user.userId} order by seq`,
    );
    let running = 0;
    for (const entry of entries.rows) {
      running += Number(entry.amount);
      expect(Number(entry.balance_after)).toBe(running);
    }
  });

  it('round trips: a hold is one transaction of two statements, a settlement and a release one statement each', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 10_000, key('dep'), 'deposit');
    const sent: string[] = [];
    const db = t.app.db;
    const realQuery = db.query.bind(db);
    const realTransaction = db.inTransaction.bind(db);
    const query = vi.spyOn(db, 'query').mockImplementation((statement, values) => {
      sent.push(statement.name);
      return realQuery(statement, values);
    });
    const inTransaction = vi.spyOn(db, 'inTransaction').mockImplementation((run) =>
      realTransaction((queryable) => {
        sent.push('begin');
        return run({
          query: (statement, values) => {
            sent.push(statement.name);
            return queryable.query(statement, values);
          },
        });
      }),
    );
    const orm = vi.spyOn(db.orm, 'transaction');
    try {
      const released = await ledger().reserve(user.userId, 1_000, key('res'));
      const settled = await ledger().reserve(user.userId, 1_000, key('res'));
      await ledger().settle(settled.reservationId, { promptTokens: 10, completionTokens: 10, message: 'ok' }, key('settle'));
      await ledger().release(released.reservationId, key('release'));
      expect(sent).toEqual(['begin', 'ledger_lock_balance', 'ledger_hold', 'begin', 'ledger_lock_balance', 'ledger_hold', 'ledger_settle', 'ledger_release']);
      expect(orm).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
      inTransaction.mockRestore();
      orm.mockRestore();
    }
    // A user without a balance row yet: it is created, then locked, in the same transaction.
    const newcomer = await newUser();
    sent.length = 0;
    const counting = vi.spyOn(db, 'inTransaction').mockImplementation((run) =>
      realTransaction((queryable) =>
        run({
          query: (statement, values) => {
            sent.push(statement.name);
            return queryable.query(statement, values);
          },
        }),
      ),
    );
    try {
      await expect(ledger().reserve(newcomer.userId, 1_000, key('res'))).rejects.toMatchObject({ reason: 'insufficient_balance', available: 0 });
    } finally {
      counting.mockRestore();
    }
    expect(sent).toEqual(['ledger_lock_balance', 'ledger_create_balance', 'ledger_lock_balance', 'ledger_hold']);
    expect(await t.app.ledgerRepository.findBalance(newcomer.userId)).toMatchObject({ available: 0, reserved: 0 });
  });

  it('a reservation released because the model call failed returns all the money and records no token transaction', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 8_000, key('dep'), 'deposit');
    // What the AI reply path does: hold, call the model, settle — or release when the call fails.
    const reply = async (callModel: () => Promise<Usage>) => {
      const reservation = await ledger().reserve(user.userId, 3_000, key('res'));
      let usage: Usage;
      try {
        usage = await callModel();
      } catch (error) {
        await ledger().release(reservation.reservationId, key('release'));
        throw error;
      }
      return ledger().settle(reservation.reservationId, usage, key('settle'));
    };
    await expect(reply(() => Promise.reject(new Error('model timed out')))).rejects.toThrow('model timed out');
    expect(await expectConsistent(user.userId)).toMatchObject({ available: 8_000, reserved: 0 });
    expect((await ledger().tokenTransactions(user.userId, { page: 1, page_size: 10, sort: 'date', order: 'desc' })).total).toBe(0);
    expect((await ledger().balanceTransactions(user.userId, { page: 1, page_size: 10, sort: 'date', order: 'desc' })).items.map((item) => item.transactionType)).toEqual(['deposit']);
    // The money is usable again: a following reply that works is charged normally.
    await reply(() => Promise.resolve({ promptTokens: 40_000, completionTokens: 10_000, message: 'OK' }));
    expect(await ledger().balanceOf(user.userId)).toBe(7_000);
  });

  const noticesOf = async (userId: string, kind: string) => {
    const result = await t.app.db.orm.execute<{ dedupe_key: string; params: Record<string, number> }>(
      sql`select dedupe_key, params from notifications where user_id = ${userId} and kind = ${kind} order by created_at, dedupe_key`,
    );
    return result.rows;
  };

  it('low balance: notified once per crossing under the threshold, again only after a top-up above it', async () => {
    // Threshold: the default 20.000 VND.
    expect(t.app.config.ledger.lowBalanceThresholdVnd).toBe(20_000);
    const user = await newUser();
    await ledger().credit(user.userId, 25_000, key('dep'), 'deposit');
    const crossing = await ledger().reserve(user.userId, 6_000, key('res'));
    expect(await noticesOf(user.userId, 'low_balance')).toEqual([{ dedupe_key: `low_balance:${crossing.reservationId}`, params: { balance: 19_000, threshold: 20_000 } }]);

    // Settling returns the hold and takes the same 6.000: the balance never showed ≥ 20.000 again, so no notice.
    await ledger().settle(crossing.reservationId, { promptTokens: 300_000, completionTokens: 0, message: 'Dài' }, key('settle'));
    const stillUnder = await ledger().reserve(user.userId, 1_000, key('res'));
    await ledger().credit(user.userId, -1_000, key('adj'), 'adjustment');
    await ledger().release(stillUnder.reservationId, key('release'));
    expect(await ledger().balanceOf(user.userId)).toBe(18_000);
    expect(await noticesOf(user.userId, 'low_balance')).toHaveLength(1);

    // Topped up above the threshold, then an adjustment takes it under again: a second notice.
    await ledger().credit(user.userId, 10_000, key('dep'), 'deposit');
    const adjustmentKey = key('adj');
    const adjustment = await ledger().credit(user.userId, -9_000, adjustmentKey, 'adjustment', 'Điều chỉnh');
    await ledger().credit(user.userId, -9_000, adjustmentKey, 'adjustment', 'Điều chỉnh');
    // (The clock stands still: both have the same time, so compare without order.)
    const notices = await noticesOf(user.userId, 'low_balance');
    expect(notices).toHaveLength(2);
    expect(notices).toEqual(
      expect.arrayContaining([
        { dedupe_key: `low_balance:${crossing.reservationId}`, params: { balance: 19_000, threshold: 20_000 } },
        { dedupe_key: `low_balance:${adjustment.entryId}`, params: { balance: 19_000, threshold: 20_000 } },
      ]),
    );
    // What the header shows.
    const listed = await api(t, user, 'GET', `/api/v1/notifications/${user.userId}`);
    const items = (listed.json() as { data: { items: { kind: string; params: object }[] } }).data.items;
    expect(items.filter((item) => item.kind === 'low_balance')).toHaveLength(2);
  });

  it('low balance: a settlement costing more than its hold can cross too', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 21_000, key('dep'), 'deposit');
    const reservation = await ledger().reserve(user.userId, 500, key('res'));
    expect(await noticesOf(user.userId, 'low_balance')).toEqual([]);
    // 100.000 tokens = 2.000 VND: 21.000 → 19.000.
    await ledger().settle(reservation.reservationId, { promptTokens: 90_000, completionTokens: 10_000, message: 'Dài' }, key('settle'));
    expect((await noticesOf(user.userId, 'low_balance')).map((row) => row.params)).toEqual([{ balance: 19_000, threshold: 20_000 }]);
  });

  it('a notification that fails is logged and does not fail the money operation', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 20_000, key('dep'), 'deposit');
    const notifications = t.app.notifications;
    const original = notifications.notify;
    notifications.notify = () => Promise.reject(new Error('notifications table unavailable'));
    try {
      const reservation = await ledger().reserve(user.userId, 1_000, key('res'));
      expect(reservation.available).toBe(19_000);
      await expect(ledger().reserve(user.userId, 50_000, key('res'))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    } finally {
      notifications.notify = original;
    }
    expect(await ledger().balanceOf(user.userId)).toBe(19_000);
    const failures = t.logs.filter((line) => line.msg === 'notification failed (the ledger operation stands)' && line.userId === user.userId);
    expect(failures.map((line) => line.kind)).toEqual(['low_balance', 'ai_paused_no_funds']);
  });

  it('AI paused for lack of funds: one notification per Vietnam day however many replies are refused; not for daily caps', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 500, key('dep'), 'deposit');
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(ledger().reserve(user.userId, 1_000, key('res'))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    }
    const today = new Date(clock.now().getTime() + 7 * 3600 * 1000).toISOString().slice(0, 10);
    expect(await noticesOf(user.userId, 'ai_paused_no_funds')).toEqual([{ dedupe_key: `ai_paused_no_funds:${user.userId}:${today}`, params: { balance: 500, needed: 1_000 } }]);

    clock.advanceSeconds(24 * 3600);
    await expect(ledger().reserve(user.userId, 800, key('res'))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const notices = await noticesOf(user.userId, 'ai_paused_no_funds');
    expect(notices).toHaveLength(2);
    expect(notices[1]?.params).toEqual({ balance: 500, needed: 800 });

    // A daily cap stops replies too, but the balance is fine: no "top up" notice.
    const rich = await newUser();
    await ledger().credit(rich.userId, 1_000_000, key('dep'), 'deposit');
    await expect(ledger().reserve(rich.userId, 60_000, key('res'))).rejects.toMatchObject({ code: 'DAILY_CAP_REACHED' });
    expect(await noticesOf(rich.userId, 'ai_paused_no_funds')).toEqual([]);
  });

  it('endpoints: total balance, balance and token transactions newest first with pagination; 403 for another user', async () => {
    const user = await newUser();
    expect((await api(t, user, 'GET', `/api/v1/total-balance/${user.userId}`)).json()).toEqual({ status: 200, data: { total_balance: 0 } });
    await ledger().credit(user.userId, 200_000, key('dep'), 'deposit', 'Nạp tiền qua VietQR');
    await ledger().credit(user.userId, 5_000, key('refund'), 'refund', 'Hoàn tiền');
    await ledger().credit(user.userId, -1_000, key('adj'), 'adjustment', 'Điều chỉnh');
    const reservation = await ledger().reserve(user.userId, 500, key('res'));
    await ledger().settle(reservation.reservationId, { promptTokens: 1_000, completionTokens: 1_000, message: 'Tin nhắn' }, key('settle'));
    const open = await ledger().reserve(user.userId, 300, key('res'));

    const total = await api(t, user, 'GET', `/api/v1/total-balance/${user.userId}`);
    expect(total.json()).toEqual({ status: 200, data: { total_balance: 200_000 + 5_000 - 1_000 - 40 - 300 } });

    const firstPage = await api(t, user, 'GET', `/api/v1/balance-transactions/${user.userId}?page=1&page_size=3`);
    expect(firstPage.statusCode, firstPage.body).toBe(200);
    const first = firstPage.json() as { status: number; data: { items: { amount: number; transactionType: string; status: string; note: string; dateModified: string }[]; total: number } };
    // Holds and releases are not listed: deposit, refund, adjustment, token charge.
    expect(first.data.total).toBe(4);
    expect(first.data.items.map((item) => [item.transactionType, item.amount])).toEqual([
      ['token_charge', -40],
      ['adjustment', -1_000],
      ['refund', 5_000],
    ]);
    expect(first.data.items.every((item) => item.status === 'succeeded')).toBe(true);
    const secondPage = (await api(t, user, 'GET', `/api/v1/balance-transactions/${user.userId}?page=2&page_size=3`)).json() as typeof first;
    expect(secondPage).toMatchObject({ status: 200, data: { total: 4, items: [{ transactionType: 'deposit', amount: 200_000, note: 'Nạp tiền qua VietQR', status: 'succeeded' }] } });
    expect(((await api(t, user, 'GET', `/api/v1/balance-transactions/${user.userId}?page=3&page_size=3`)).json() as typeof first).data.items).toEqual([]);
    expect((await api(t, user, 'GET', `/api/v1/balance-transactions/${user.userId}?page_size=101`)).statusCode).toBe(400);

    await ledger().settle(open.reservationId, { promptTokens: 10, completionTokens: 5, message: 'Sau' }, key('settle'));
    const tokens = (await api(t, user, 'GET', `/api/v1/token-transactions/${user.userId}?page=1&page_size=1`)).json() as { data: { items: { message: string; totalCost: number }[]; total: number } };
    expect(tokens.data.total).toBe(2);
    expect(tokens.data.items).toHaveLength(1);

    const stranger = await newUser();
    for (const path of ['total-balance', 'balance-transactions', 'token-transactions']) {
      const other = await api(t, stranger, 'GET', `/api/v1/${path}/${user.userId}`);
      expect(other.statusCode).toBe(403);
      expect(errorOf(other).code).toBe('FORBIDDEN');
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/${path}/${user.userId}` })).statusCode).toBe(401);
    }
    await expectConsistent(user.userId);
  });

  // Last in this file: it returns every hold older than the TTL, other tests' included.
  it('a hold its caller never closed (the instance died mid-call) is returned after the TTL, once', async () => {
    clock.advanceSeconds(16 * 60);
    await ledger().releaseStale(); // what earlier tests left open on purpose
    const user = await newUser();
    await ledger().credit(user.userId, 10_000, key('deposit'), 'deposit');
    const abandoned = await ledger().reserve(user.userId, 3_000, key('hold'));
    const settled = await ledger().reserve(user.userId, 1_000, key('hold'));
    await ledger().settle(settled.reservationId, { promptTokens: 10, completionTokens: 10, message: 'ok' }, key('settle'));
    expect(await ledger().balanceOf(user.userId)).toBe(10_000 - 3_000 - 1);

    clock.advanceSeconds(10 * 60);
    expect(await ledger().releaseStale()).toBe(0); // younger than the TTL: its call may still be running
    clock.advanceSeconds(6 * 60);
    const [first, second] = await Promise.all([ledger().releaseStale(), ledger().releaseStale()]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await ledger().balanceOf(user.userId)).toBe(10_000 - 1);
    expect(await ledger().releaseStale()).toBe(0);
    // The late settle of the abandoned call is refused: its hold is already back.
    await expect(ledger().settle(abandoned.reservationId, { promptTokens: 1, completionTokens: 1, message: 'late' }, key('late'))).rejects.toMatchObject({ status: 409 });
    const balance = await expectConsistent(user.userId);
    expect(balance?.reserved).toBe(0);
  });
});
