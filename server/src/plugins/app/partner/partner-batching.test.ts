import { randomUUID } from 'node:crypto';
import type { PartnerAlert, PartnerOverview, PartnerShop } from '@pagemate/shared-contracts/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookAccounts, facebookPages, users } from '../../../db/schema/index.js';
import { bearer, claimsOf, login, registerAccount } from '../../../test/accounts.js';
import { api, type SignedIn } from '../../../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../../../test/helper.js';

const HOUR_MS = 3600 * 1000;
const RICH = 5_000_000;

type PageFields = Partial<Pick<typeof facebookPages.$inferInsert, 'needsReconnect' | 'botPausedReason' | 'botPausedUntil' | 'pageTokenEncrypted'>>;
type Callable = (...args: unknown[]) => unknown;

/**
 * Counts what the app sends to its database: every statement outside a transaction goes through the driver
 * client's `query` (drizzle-orm's PGlite and node-postgres sessions alike); a transaction is counted once, as the
 * `transaction` (PGlite) or promise-style `connect` (the pool checkout drizzle opens one with; `pool.query`
 * checks out with a callback, which is not counted again).
 */
function countQueries(t: TestApp) {
  const client = (t.app.db.orm as unknown as { $client: Record<string, unknown> }).$client;
  let count = 0;
  const restores = ['query', 'transaction', 'connect'].flatMap((name) => {
    const original = client[name];
    if (typeof original !== 'function') return [];
    const own = Object.hasOwn(client, name);
    client[name] = function counted(this: unknown, ...args: unknown[]) {
      if (!(name === 'connect' && typeof args[0] === 'function')) count += 1;
      return Reflect.apply(original as Callable, this, args);
    };
    return [() => (own ? (client[name] = original) : Reflect.deleteProperty(client, name))];
  });
  return {
    get count() {
      return count;
    },
    restore: () => restores.forEach((restore) => restore()),
  };
}

describe.each(testDatabases)('partner side batching (%s)', (kind) => {
  let t: TestApp;
  let serial = 0;

  /** A shop account written straight to the database (no sign-up: the partner side only reads it). */
  async function insertShop(partnerId: string | null): Promise<string> {
    const id = randomUUID();
    serial += 1;
    const name = `batch-${kind}-${serial}-${id.slice(0, 8)}`;
    await t.app.db.orm.insert(users).values({ id, username: name, email: `${name}@example.test`, passwordHash: 'not-a-hash', role: 'user', partnerId, partnerJoinedAt: partnerId ? t.app.clock.now() : null });
    return id;
  }

  /** Connected pages of a shop, in this order (each created a little after the previous one). */
  async function insertPages(userId: string, pages: PageFields[]): Promise<void> {
    const now = t.app.clock.now();
    const accountId = randomUUID();
    await t.app.db.orm.insert(facebookAccounts).values({ id: accountId, userId, facebookUserId: `fb-${accountId}`, name: 'Owner', userTokenEncrypted: t.app.meta.tokens.encrypt('user-token'), sandbox: true, createdAt: now, updatedAt: now });
    await t.app.db.orm.insert(facebookPages).values(
      pages.map((fields, index) => ({
        id: randomUUID(),
        userId,
        accountId,
        pageId: `${accountId.slice(0, 8)}-${index}`,
        name: `Page ${index}`,
        pageTokenEncrypted: t.app.meta.tokens.encrypt(`page-token-${index}`),
        createdAt: new Date(now.getTime() + index),
        updatedAt: new Date(now.getTime() + index),
        ...fields,
      })),
    );
  }

  const credit = (userId: string, amount: number) => t.app.ledger.credit(userId, amount, `batch-${userId}-${amount}`, 'deposit');

  async function signedInPartner(): Promise<SignedIn> {
    const account = await registerAccount(t, { accountType: 'partner', prefix: 'batch' });
    const { accessToken } = await login(t, account.username, account.password);
    return { accessToken, userId: String(claimsOf(accessToken).userId), username: account.username, headers: bearer(accessToken) };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { RATE_LIMIT_IP_MULTIPLIER: '100' } });
  });
  afterAll(() => t?.close());

  it('pageHealthOf and balancesOf answer what pageHealth and balanceOf answer, shop by shop', async () => {
    const later = new Date(t.app.clock.now().getTime() + HOUR_MS);
    const earlier = new Date(t.app.clock.now().getTime() - HOUR_MS);
    const bare = await insertShop(null);
    const healthy = await insertShop(null);
    const troubled = await insertShop(null);
    const brokeNoFunds = await insertShop(null);
    const richNoFunds = await insertShop(null);
    const neverPaid = await insertShop(null);
    const outsider = await insertShop(null);
    const unknown = randomUUID();

    await insertPages(healthy, [{}, { needsReconnect: true }]);
    await credit(healthy, RICH);
    await insertPages(troubled, [{ pageTokenEncrypted: 'v1:not:a:token' }, { botPausedReason: 'daily_cap', botPausedUntil: later }, { botPausedReason: 'daily_cap', botPausedUntil: earlier }]);
    await insertPages(brokeNoFunds, [{ botPausedReason: 'no_funds' }, {}]);
    await credit(brokeNoFunds, 1);
    await insertPages(richNoFunds, [{ botPausedReason: 'no_funds' }]);
    await credit(richNoFunds, RICH);
    await insertPages(neverPaid, [{ botPausedReason: 'no_funds' }]);
    await insertPages(outsider, [{ needsReconnect: true }]);
    await credit(outsider, RICH);

    const ids = [bare, healthy, troubled, brokeNoFunds, richNoFunds, neverPaid, unknown];
    const counter = countQueries(t);
    const [health, balances] = await Promise.all([t.app.facebook.pageHealthOf(ids), t.app.ledger.balancesOf(ids)]);
    counter.restore();
    // Pages in one query, the balances of shops paused for funds in another, all balances in a third.
    expect(counter.count).toBe(3);

    expect([...health.keys()]).toEqual(ids);
    expect([...balances.keys()]).toEqual(ids);
    for (const id of ids) {
      expect(health.get(id), id).toEqual(await t.app.facebook.pageHealth(id));
      expect(balances.get(id), id).toBe(await t.app.ledger.balanceOf(id));
    }

    // The cases the comparison covers, spelled out.
    expect(health.get(bare)).toEqual([]);
    expect(balances.get(bare)).toBe(0);
    expect(health.get(unknown)).toEqual([]);
    expect(balances.get(unknown)).toBe(0);
    expect(health.get(healthy)?.map((page) => [page.name, page.needsReconnect, page.botPaused])).toEqual([
      ['Page 0', false, null],
      ['Page 1', true, null],
    ]);
    expect(balances.get(healthy)).toBe(RICH);
    expect(health.get(troubled)?.map((page) => [page.needsReconnect, page.botPaused])).toEqual([
      [true, null],
      [false, 'daily_cap'],
      [false, null],
    ]);
    expect(health.get(brokeNoFunds)?.map((page) => page.botPaused)).toEqual(['no_funds', null]);
    expect(balances.get(brokeNoFunds)).toBe(1);
    expect(health.get(richNoFunds)?.map((page) => page.botPaused)).toEqual([null]);
    expect(health.get(neverPaid)?.map((page) => page.botPaused)).toEqual(['no_funds']);
    expect(balances.get(neverPaid)).toBe(0);
    // Only the users asked about.
    expect(health.has(outsider)).toBe(false);
  });

  it('asks nothing of the database for no users', async () => {
    const counter = countQueries(t);
    const [health, balances] = await Promise.all([t.app.facebook.pageHealthOf([]), t.app.ledger.balancesOf([])]);
    counter.restore();
    expect(counter.count).toBe(0);
    expect(health.size + balances.size).toBe(0);
  });

  it('reads a partner’s shops, dashboard and alerts in as many queries for 20 shops as for 1', async () => {
    /** A partner whose `n` shops each have a page paused for funds (the costlier path) and one to reconnect. */
    async function partnerWith(n: number): Promise<{ partner: SignedIn; shops: string[] }> {
      const partner = await signedInPartner();
      const shops: string[] = [];
      for (let index = 0; index < n; index += 1) {
        const shop = await insertShop(partner.userId);
        await insertPages(shop, [{ botPausedReason: 'no_funds' }, { needsReconnect: true }]);
        if (index % 2 === 0) await credit(shop, RICH);
        shops.push(shop);
      }
      return { partner, shops };
    }

    const requests = { shops: '/api/v1/partner/shops?days=30', dashboard: '/api/v1/partner/dashboard?days=30', alerts: '/api/v1/partner/alerts' };
    async function queriesOf(partner: SignedIn, expected: number): Promise<Record<keyof typeof requests, number>> {
      const counts = { shops: 0, dashboard: 0, alerts: 0 };
      for (const [name, url] of Object.entries(requests) as [keyof typeof requests, string][]) {
        const counter = countQueries(t);
        const response = await api(t, partner, 'GET', url);
        counter.restore();
        expect(response.statusCode, response.body).toBe(200);
        const { data } = response.json() as { data: PartnerShop[] | PartnerOverview | PartnerAlert[] };
        if (name === 'shops') expect(data as PartnerShop[]).toHaveLength(expected);
        if (name === 'dashboard') expect((data as PartnerOverview).totals.shops).toBe(expected);
        // Every shop: a page to reconnect, and (half of them) a bot paused for funds and a low balance.
        if (name === 'alerts') expect((data as PartnerAlert[]).filter((alert) => alert.kind === 'page_reconnect')).toHaveLength(expected);
        counts[name] = counter.count;
      }
      return counts;
    }

    const one = await partnerWith(1);
    const twenty = await partnerWith(20);
    const forOne = await queriesOf(one.partner, 1);
    const forTwenty = await queriesOf(twenty.partner, 20);
    console.info(`[${kind}] queries per request: 1 shop ${JSON.stringify(forOne)}, 20 shops ${JSON.stringify(forTwenty)}`);
    expect(forTwenty).toEqual(forOne);
    // A sanity bound: the count measures something, and stays a handful.
    for (const count of Object.values(forOne)) expect(count).toBeGreaterThan(0);
    for (const count of Object.values(forOne)) expect(count).toBeLessThanOrEqual(12);
  });
});
