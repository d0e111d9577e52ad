import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../test/helper.js';
import { ledgerSuite } from '../test/ledger.js';

// The ledger's calls run together: parallel charges against one balance, concurrent closes of one hold, daily caps
// under concurrent holds, running balances, and the balance lock each hold takes (its round trips).
describe.each(testDatabases)('ledger under concurrency (%s)', (kind) => {
  const { t, ledger, key, newUser, expectConsistent } = ledgerSuite(kind);

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
    const lowest = await t().app.db.orm.execute<{ low: number | string }>(sql`select min(balance_after) as low from ledger_entries where user_id = ${user.userId}`);
    expect(Number(lowest.rows[0]?.low)).toBe(0);
    const tokens = await ledger().tokenTransactions(user.userId, { page: 1, page_size: 100, sort: 'date', order: 'desc' });
    expect(tokens.total).toBe(10);
    // 90 refusals, one "AI paused" notice for the day.
    expect((await t().app.notifications.list(user.userId)).filter((notice) => notice.kind === 'ai_paused_no_funds')).toHaveLength(1);
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
    const closings = await t().app.db.orm.execute<{ kind: string; idempotency_key: string }>(
      sql`select kind, idempotency_key from ledger_entries where reservation_id = ${reservationId} and kind <> 'reservation' order by kind`,
    );
    const transactions = await t().app.db.orm.execute<{ n: number | string }>(sql`select count(*) as n from token_transactions where reservation_id = ${reservationId}`);
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
    const entries = await t().app.db.orm.execute<{ amount: number | string; balance_after: number | string }>(
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
    const db = t().app.db;
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
    expect(await t().app.ledgerRepository.findBalance(newcomer.userId)).toMatchObject({ available: 0, reserved: 0 });
  });
});
