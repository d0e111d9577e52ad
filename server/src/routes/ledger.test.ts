import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../test/accounts.js';
import { api, type SignedIn } from '../test/facebook.js';
import { testDatabases } from '../test/helper.js';
import { ledgerSuite } from '../test/ledger.js';
import { LedgerRefusal, type Usage } from '../plugins/app/ledger/ledger-service.js';

// The ledger's calls one at a time: credit, hold, settle, release, the sweep of stale holds, notifications and the
// HTTP endpoints. How they behave run together is in ledger-concurrency.test.ts.
describe.each(testDatabases)('ledger and charge API (%s)', (kind) => {
  const { t, clock, ledger, key, newUser, expectConsistent } = ledgerSuite(kind);
  let bob: SignedIn;

  beforeAll(async () => {
    bob = await newUser();
  });

  const entryCount = async (idempotencyKey: string) => {
    const result = await t().app.db.orm.execute<{ n: number | string }>(sql`select count(*) as n from ledger_entries where idempotency_key = ${idempotencyKey}`);
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
    await expect(t().app.db.orm.execute(sql`update ledger_entries set amount = 1 where idempotency_key = ${paymentKey}`)).rejects.toThrow();
    await expect(t().app.db.orm.execute(sql`delete from ledger_entries where idempotency_key = ${paymentKey}`)).rejects.toThrow();
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

    const tokens = await api(t(), user, 'GET', `/api/v1/token-transactions/${user.userId}`);
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
    const result = await t().app.db.orm.execute<{ dedupe_key: string; params: Record<string, number> }>(
      sql`select dedupe_key, params from notifications where user_id = ${userId} and kind = ${kind} order by created_at, dedupe_key`,
    );
    return result.rows;
  };

  it('low balance: notified once per crossing under the threshold, again only after a top-up above it', async () => {
    // Threshold: the default 20.000 VND.
    expect(t().app.config.ledger.lowBalanceThresholdVnd).toBe(20_000);
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
    const listed = await api(t(), user, 'GET', `/api/v1/notifications/${user.userId}`);
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
    const notifications = t().app.notifications;
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
    const failures = t().logs.filter((line) => line.msg === 'notification failed (the ledger operation stands)' && line.userId === user.userId);
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
    expect((await api(t(), user, 'GET', `/api/v1/total-balance/${user.userId}`)).json()).toEqual({ status: 200, data: { total_balance: 0 } });
    await ledger().credit(user.userId, 200_000, key('dep'), 'deposit', 'Nạp tiền qua VietQR');
    await ledger().credit(user.userId, 5_000, key('refund'), 'refund', 'Hoàn tiền');
    await ledger().credit(user.userId, -1_000, key('adj'), 'adjustment', 'Điều chỉnh');
    const reservation = await ledger().reserve(user.userId, 500, key('res'));
    await ledger().settle(reservation.reservationId, { promptTokens: 1_000, completionTokens: 1_000, message: 'Tin nhắn' }, key('settle'));
    const open = await ledger().reserve(user.userId, 300, key('res'));

    const total = await api(t(), user, 'GET', `/api/v1/total-balance/${user.userId}`);
    expect(total.json()).toEqual({ status: 200, data: { total_balance: 200_000 + 5_000 - 1_000 - 40 - 300 } });

    const firstPage = await api(t(), user, 'GET', `/api/v1/balance-transactions/${user.userId}?page=1&page_size=3`);
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
    const secondPage = (await api(t(), user, 'GET', `/api/v1/balance-transactions/${user.userId}?page=2&page_size=3`)).json() as typeof first;
    expect(secondPage).toMatchObject({ status: 200, data: { total: 4, items: [{ transactionType: 'deposit', amount: 200_000, note: 'Nạp tiền qua VietQR', status: 'succeeded' }] } });
    expect(((await api(t(), user, 'GET', `/api/v1/balance-transactions/${user.userId}?page=3&page_size=3`)).json() as typeof first).data.items).toEqual([]);
    expect((await api(t(), user, 'GET', `/api/v1/balance-transactions/${user.userId}?page_size=101`)).statusCode).toBe(400);

    await ledger().settle(open.reservationId, { promptTokens: 10, completionTokens: 5, message: 'Sau' }, key('settle'));
    const tokens = (await api(t(), user, 'GET', `/api/v1/token-transactions/${user.userId}?page=1&page_size=1`)).json() as { data: { items: { message: string; totalCost: number }[]; total: number } };
    expect(tokens.data.total).toBe(2);
    expect(tokens.data.items).toHaveLength(1);

    const stranger = await newUser();
    for (const path of ['total-balance', 'balance-transactions', 'token-transactions']) {
      const other = await api(t(), stranger, 'GET', `/api/v1/${path}/${user.userId}`);
      expect(other.statusCode).toBe(403);
      expect(errorOf(other).code).toBe('FORBIDDEN');
      expect((await t().app.inject({ method: 'GET', url: `/api/v1/${path}/${user.userId}` })).statusCode).toBe(401);
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
