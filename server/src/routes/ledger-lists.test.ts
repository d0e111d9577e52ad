import type { BalanceSummary, BalanceTransaction, TokenTransaction } from '@pagemate/shared-contracts/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, errorOf, GOOD_PASSWORD, login } from '../test/accounts.js';
import { ManualClock } from '../test/clock.js';
import { api, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';

// 20 VND per 1.000 tokens: 50.000 tokens cost 1.000 VND.
const ENV = { PRICE_PER_1000_TOKENS_VND: '20', RATE_LIMIT_IP_MULTIPLIER: '100' };
/** 23:59:59 on 31 March 2025 in Vietnam (UTC+7): one second before a new day and a new month. */
const LAST_SECOND_OF_MARCH = new Date('2025-03-31T16:59:59Z');

interface ListBody<Item> {
  status: 200;
  data: { items: Item[]; total: number };
}

describe.each(testDatabases)('balance lists and overview (%s)', (kind) => {
  let t: TestApp;
  let user: SignedIn;
  const clock = new ManualClock(LAST_SECOND_OF_MARCH);
  let keyCounter = 0;
  const key = (label: string) => `${label}-${process.pid}-${++keyCounter}`;

  /** One AI reply that costs `tokens` × 20 / 1.000 VND (held, then settled). */
  const aiReply = async (userId: string, tokens: number, message: string) => {
    const reservation = await t.app.ledger.reserve(userId, 5_000, key('res'));
    await t.app.ledger.settle(reservation.reservationId, { promptTokens: tokens, completionTokens: 0, message }, key('settle'));
  };

  /** A fresh access token: the clock moves by days here, further than an access token lives. */
  const signInAgain = async (who: SignedIn): Promise<SignedIn> => {
    const { accessToken } = await login(t, who.username, GOOD_PASSWORD);
    return { ...who, accessToken, headers: bearer(accessToken) };
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: ENV, clock });
    user = await signedInUser(t);
    const { ledger } = t.app;
    // 31 March, 23:59:59 (Vietnam).
    await ledger.credit(user.userId, 100_000, key('dep'), 'deposit', 'Nạp tháng 3');
    await aiReply(user.userId, 50_000, 'Tháng 3');
    // 1 April, 00:00:00: a new Vietnam day and month.
    clock.advanceSeconds(1);
    await ledger.credit(user.userId, 50_000, key('dep'), 'deposit', 'Nạp tháng 4');
    await aiReply(user.userId, 150_000, 'Ngày 1/4');
    await ledger.credit(user.userId, 500, key('refund'), 'refund', 'Hoàn tiền');
    // 2 April, 00:00:00.
    clock.advanceSeconds(24 * 3600);
    await ledger.credit(user.userId, -200, key('adj'), 'adjustment', 'Điều chỉnh');
    await aiReply(user.userId, 100_000, 'Ngày 2/4');
    // Still in progress: held, neither spent nor listed.
    await ledger.reserve(user.userId, 700, key('res'));
    clock.advanceSeconds(3600);
    user = await signInAgain(user);
  });
  afterAll(() => t?.close());
  afterEach(() => expectLedgerConsistent(t));

  const balanceList = async (query: string) => {
    const response = await api(t, user, 'GET', `/api/v1/balance-transactions/${user.userId}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ListBody<BalanceTransaction>;
    return { total: body.data.total, rows: body.data.items.map((item) => [item.transactionType, item.amount]) };
  };
  const tokenList = async (query: string) => {
    const response = await api(t, user, 'GET', `/api/v1/token-transactions/${user.userId}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ListBody<TokenTransaction>;
    return { total: body.data.total, costs: body.data.items.map((item) => item.totalCost) };
  };

  const CHRONOLOGICAL = [
    ['deposit', 100_000],
    ['token_charge', -1_000],
    ['deposit', 50_000],
    ['token_charge', -3_000],
    ['refund', 500],
    ['adjustment', -200],
    ['token_charge', -2_000],
  ];

  it('balance transactions: newest first by default, oldest first with order=asc (same-instant entries in the order they were written)', async () => {
    expect(await balanceList('')).toEqual({ total: 7, rows: [...CHRONOLOGICAL].reverse() });
    expect(await balanceList('order=asc')).toEqual({ total: 7, rows: CHRONOLOGICAL });
    expect(await balanceList('sort=date&order=asc&page=2&page_size=3')).toEqual({ total: 7, rows: CHRONOLOGICAL.slice(3, 6) });
  });

  it('a page costs two queries: the session check (a logout refuses the next request) and the rows with their total', async () => {
    const client = (t.app.db.orm as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const queries = vi.spyOn(client, 'query');
    try {
      expect(await balanceList('page=1&page_size=3')).toMatchObject({ total: 7 });
      expect(queries).toHaveBeenCalledTimes(2);
    } finally {
      queries.mockRestore();
    }
  });

  it('the session check runs beside the page query, and an ended session gets its 401 and never the rows', async () => {
    let settle: (active: boolean) => void = () => undefined;
    const check = vi.spyOn(t.app.sessionsRepository, 'isSessionActive').mockImplementation(() => new Promise<boolean>((resolve) => (settle = resolve)));
    const rows = vi.spyOn(t.app.ledger, 'balanceTransactions');
    try {
      const answered = api(t, user, 'GET', `/api/v1/balance-transactions/${user.userId}?page=1&page_size=3`);
      // The page is asked for while the session check is still out.
      await vi.waitFor(() => expect(rows).toHaveBeenCalledTimes(1));
      expect(check).toHaveBeenCalledTimes(1);
      await rows.mock.results[0]?.value;
      settle(false);
      const refused = await answered;
      expect(refused.statusCode).toBe(401);
      expect(errorOf(refused).code).toBe('UNAUTHENTICATED');
      expect(refused.body).not.toContain('token_charge');

      // Whatever else is wrong with the request, an ended session hears about the session first.
      check.mockResolvedValue(false);
      for (const url of [`/api/v1/balance-transactions/${user.userId}?page=0`, `/api/v1/balance-transactions/${crypto.randomUUID()}`]) {
        const response = await api(t, user, 'GET', url);
        expect(response.statusCode, url).toBe(401);
        expect(errorOf(response).code).toBe('UNAUTHENTICATED');
      }
      // A live session gets the page, and its other errors as before.
      check.mockResolvedValue(true);
      expect(await balanceList('page=1&page_size=3')).toMatchObject({ total: 7 });
      expect((await api(t, user, 'GET', `/api/v1/balance-transactions/${user.userId}?page=0`)).statusCode).toBe(400);
    } finally {
      check.mockRestore();
      rows.mockRestore();
    }
  });

  it('a logout refuses the next page at once', async () => {
    const other = await signedInUser(t);
    expect((await api(t, other, 'GET', `/api/v1/balance-transactions/${other.userId}`)).statusCode).toBe(200);
    expect((await api(t, other, 'POST', '/logout')).statusCode).toBe(200);
    const refused = await api(t, other, 'GET', `/api/v1/balance-transactions/${other.userId}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('items');
  });

  it('balance transactions sorted by amount, both ways, paginated', async () => {
    const ascending = [...CHRONOLOGICAL].sort((a, b) => Number(a[1]) - Number(b[1]));
    expect(await balanceList('sort=amount&order=asc')).toEqual({ total: 7, rows: ascending });
    expect(await balanceList('sort=amount&order=desc&page=1&page_size=2')).toEqual({ total: 7, rows: [['deposit', 100_000], ['deposit', 50_000]] });
    expect(await balanceList('sort=amount&order=desc&page=2&page_size=2')).toEqual({ total: 7, rows: [['refund', 500], ['adjustment', -200]] });
    expect(await balanceList('sort=amount&page=4&page_size=2')).toEqual({ total: 7, rows: [['token_charge', -3_000]] });
    // Past the last page: no rows, the total all the same.
    expect(await balanceList('sort=amount&page=5&page_size=2')).toEqual({ total: 7, rows: [] });
  });

  it('balance transactions between Vietnam days: 23:59:59 belongs to the day before, 00:00:00 to the new one; the total counts the filter', async () => {
    expect(await balanceList('to=2025-03-31')).toEqual({ total: 2, rows: [['token_charge', -1_000], ['deposit', 100_000]] });
    expect(await balanceList('from=2025-04-01&to=2025-04-01')).toEqual({ total: 3, rows: [['refund', 500], ['token_charge', -3_000], ['deposit', 50_000]] });
    expect(await balanceList('from=2025-04-01&to=2025-04-01&page=2&page_size=2')).toEqual({ total: 3, rows: [['deposit', 50_000]] });
    expect(await balanceList('from=2025-04-01&sort=amount&order=asc')).toEqual({
      total: 5,
      rows: [['token_charge', -3_000], ['token_charge', -2_000], ['adjustment', -200], ['refund', 500], ['deposit', 50_000]],
    });
    expect(await balanceList('from=2025-04-03')).toEqual({ total: 0, rows: [] });
    expect(await balanceList('from=2025-03-01&to=2025-04-30')).toMatchObject({ total: 7 });
  });

  it('a range that is not one: 400 with a message, not an empty list', async () => {
    for (const query of ['from=2025-04-02&to=2025-04-01', 'from=2025-02-30', 'to=2025-13-01', 'from=1-4-2025', 'sort=note', 'order=up', 'page=0']) {
      const response = await api(t, user, 'GET', `/api/v1/balance-transactions/${user.userId}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).message, query).not.toBe('');
    }
  });

  it('token transactions: by date or by cost, both ways, filtered by Vietnam day', async () => {
    expect(await tokenList('')).toEqual({ total: 3, costs: [2_000, 3_000, 1_000] });
    expect(await tokenList('order=asc')).toEqual({ total: 3, costs: [1_000, 3_000, 2_000] });
    expect(await tokenList('sort=amount')).toEqual({ total: 3, costs: [3_000, 2_000, 1_000] });
    expect(await tokenList('sort=amount&order=asc&page=1&page_size=2')).toEqual({ total: 3, costs: [1_000, 2_000] });
    expect(await tokenList('page=2&page_size=3')).toEqual({ total: 3, costs: [] });
    expect(await tokenList('from=2025-04-01&order=asc')).toEqual({ total: 2, costs: [3_000, 2_000] });
    expect(await tokenList('to=2025-03-31')).toEqual({ total: 1, costs: [1_000] });
    expect(await tokenList('from=2025-04-01&to=2025-04-01&page=2&page_size=1')).toEqual({ total: 1, costs: [] });
  });

  it('balance summary: month totals from 1 April (Vietnam), one bucket per day with the midnight entries on the right side', async () => {
    const response = await api(t, user, 'GET', `/api/v1/balance-summary/${user.userId}?days=4`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      data: {
        total_balance: 100_000 - 1_000 + 50_000 - 3_000 + 500 - 200 - 2_000 - 700,
        reserved: 700,
        spent_this_month: 5_000,
        deposited_this_month: 50_000,
        low_balance_threshold: 20_000,
        daily: [
          { date: '2025-03-30', spend: 0, deposits: 0 },
          { date: '2025-03-31', spend: 1_000, deposits: 100_000 },
          { date: '2025-04-01', spend: 3_000, deposits: 50_000 },
          { date: '2025-04-02', spend: 2_000, deposits: 0 },
        ],
      },
    });
  });

  it('balance summary: 30 days by default, ending today, empty days included; a new user has all zeros', async () => {
    const summary = ((await api(t, user, 'GET', `/api/v1/balance-summary/${user.userId}`)).json() as { data: BalanceSummary }).data;
    expect(summary.daily).toHaveLength(30);
    expect(summary.daily[0]?.date).toBe('2025-03-04');
    expect(summary.daily.at(-1)?.date).toBe('2025-04-02');
    expect(summary.daily.reduce((sum, day) => sum + day.spend, 0)).toBe(6_000);

    const newcomer = await signedInUser(t);
    const empty = await api(t, newcomer, 'GET', `/api/v1/balance-summary/${newcomer.userId}?days=1`);
    expect(empty.json()).toEqual({
      status: 200,
      data: { total_balance: 0, reserved: 0, spent_this_month: 0, deposited_this_month: 0, low_balance_threshold: 20_000, daily: [{ date: '2025-04-02', spend: 0, deposits: 0 }] },
    });
    for (const days of ['0', '367', 'many']) {
      expect((await api(t, user, 'GET', `/api/v1/balance-summary/${user.userId}?days=${days}`)).statusCode, days).toBe(400);
    }
  });

  it("another user's lists and overview: 403, whatever the query", async () => {
    const stranger = await signedInUser(t);
    for (const path of ['balance-transactions', 'token-transactions', 'balance-summary']) {
      const response = await api(t, stranger, 'GET', `/api/v1/${path}/${user.userId}?page=1&from=2025-04-01`);
      expect(response.statusCode, path).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
    }
  });
});
