import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../test/accounts.js';
import { api, type SignedIn, signedInUser } from '../test/facebook.js';
import { ManualClock } from '../test/clock.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { LedgerRefusal } from '../plugins/app/ledger/ledger-service.js';

const CAPS = { PRICE_PER_1000_TOKENS_VND: '20', DAILY_SPEND_CAP_USER_VND: '50000', DAILY_SPEND_CAP_PAGE_VND: '20000' };

describe.each(testDatabases)('ledger and charge API (%s)', (kind) => {
  let t: TestApp;
  let bob: SignedIn;
  // Stands still, so a test never straddles midnight in Vietnam (when daily caps reset).
  const clock = new ManualClock();
  let keyCounter = 0;
  const key = (label: string) => `${label}-${process.pid}-${++keyCounter}`;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: CAPS, clock });
    bob = await signedInUser(t);
  });
  afterAll(() => t?.close());

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
    await expect(overBalance).rejects.toMatchObject({ status: 402, code: 'CONFLICT', reason: 'insufficient_balance' });

    // Page cap 20.000: 15.000 held on page A leaves 5.000 for that page, the user cap still has room.
    const held = await ledger().reserve(user.userId, 15_000, key('res'), { pageId: 'page-a' });
    await expect(ledger().reserve(user.userId, 6_000, key('res'), { pageId: 'page-a' })).rejects.toMatchObject({ status: 402, reason: 'daily_cap_page' });
    await ledger().reserve(user.userId, 5_000, key('res'), { pageId: 'page-a' });
    // User cap 50.000: 20.000 held on page A, 30.000 more across pages, then nothing.
    await ledger().reserve(user.userId, 15_000, key('res'), { pageId: 'page-b' });
    await ledger().reserve(user.userId, 15_000, key('res'));
    await expect(ledger().reserve(user.userId, 1, key('res'), { pageId: 'page-c' })).rejects.toMatchObject({ status: 402, reason: 'daily_cap_user' });
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

  it('20 concurrent reserves against a balance that covers 5: exactly 5 succeed, never below zero', async () => {
    const user = await newUser();
    await ledger().credit(user.userId, 5_000, key('dep'), 'deposit');
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => ledger().reserve(user.userId, 1_000, key('race'))));
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(succeeded).toHaveLength(5);
    expect(refused.every((outcome) => outcome.reason instanceof LedgerRefusal && outcome.reason.reason === 'insufficient_balance')).toBe(true);
    expect(await ledger().balanceOf(user.userId)).toBe(0);
    expect((await expectConsistent(user.userId))?.reserved).toBe(5_000);
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
});
