import {
  type Client,
  type MyPartner,
  type Order,
  PARTNER_CODE_ALPHABET,
  type PartnerAlert,
  type PartnerClient,
  type PartnerInvite,
  type PartnerOrder,
  type PartnerOverview,
  type PartnerShop,
  type PartnerStaff,
} from '@pagemate/shared-contracts/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookPages, orders } from '../db/schema/index.js';
import { bearer, claimsOf, errorOf, login, registerAccount } from '../test/accounts.js';
import { api, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { JOIN_PARTNER_LIMIT } from './partner.js';
import { expectInvalidField } from '../test/invalid-field.js';

/** Lan's demo account in the sandbox connects three pages; the bakery is the first. */
const LAN_PAGES = 3;
/** Lan's copy of the demo bakery (set once she connected). */
let BAKERY = '';
const DAY_MS = 24 * 3600 * 1000;

describe.each(testDatabases)('partner side (%s)', (kind) => {
  let t: TestApp;
  /** Agency A with shops lan (connected, credited) and bao; agency B with shop cuc. */
  let agencyA: SignedIn;
  let agencyB: SignedIn;
  let lan: SignedIn;
  let bao: SignedIn;
  let cuc: SignedIn;
  let codeA: string;
  let codeB: string;

  const data = <T>(response: LightMyRequestResponse): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  };
  const refused = (response: LightMyRequestResponse, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorOf(response).code).toBe(code);
  };

  async function signedInPartner(): Promise<SignedIn> {
    const account = await registerAccount(t, { accountType: 'partner', prefix: 'agency' });
    const { accessToken } = await login(t, account.username, account.password);
    return { accessToken, userId: String(claimsOf(accessToken).userId), username: account.username, headers: bearer(accessToken) };
  }
  const join = (shop: SignedIn, code: string) => api(t, shop, 'POST', '/api/v1/account/partner/join', { user_id: shop.userId, code });
  const leave = (shop: SignedIn) => api(t, shop, 'POST', '/api/v1/account/partner/leave', { user_id: shop.userId });
  const myPartner = async (account: SignedIn) => data<MyPartner>(await api(t, account, 'GET', `/api/v1/account/partner?user_id=${account.userId}`));
  const inviteOf = async (agency: SignedIn) => data<PartnerInvite>(await api(t, agency, 'GET', '/api/v1/partner/invite')).code;
  const shopsOf = async (agency: SignedIn, days = 30) => data<PartnerShop[]>(await api(t, agency, 'GET', `/api/v1/partner/shops?days=${days}`));
  const clientsOf = (agency: SignedIn, query = '') => api(t, agency, 'GET', `/api/v1/partner/clients${query}`);
  const ordersOf = (agency: SignedIn, query = '') => api(t, agency, 'GET', `/api/v1/partner/orders${query}`);
  const alertsOf = async (agency: SignedIn) => data<PartnerAlert[]>(await api(t, agency, 'GET', '/api/v1/partner/alerts'));
  const saveStaff = (agency: SignedIn, body: object) => api(t, agency, 'POST', '/api/v1/partner/staff/save', body);
  const assign = (agency: SignedIn, shopId: string, staffId: string | null) => api(t, agency, 'POST', '/api/v1/partner/shops/assign', { shop_id: shopId, staff_id: staffId });
  const saveOrder = async (shop: SignedIn, body: object) => data<Order>(await api(t, shop, 'POST', '/api/v1/facebook/order/save', { user_id: shop.userId, ...body }));

  beforeAll(async () => {
    // Many sign-ups from one test address: lift the per-IP limits as the other multi-account suites do.
    t = await buildTestApp(kind, { env: { RATE_LIMIT_IP_MULTIPLIER: '100' } });
    [agencyA, agencyB, lan, bao, cuc] = [await signedInPartner(), await signedInPartner(), await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    await connectThroughSandbox(t, lan);
    BAKERY = sandboxPageId(t, lan, '109000000000011');
    await t.app.ledger.credit(lan.userId, 100_000, `partner-credit-${process.pid}-${kind}`, 'deposit');
    [codeA, codeB] = [await inviteOf(agencyA), await inviteOf(agencyB)];
    data(await join(lan, codeA));
    data(await join(bao, codeA));
    data(await join(cuc, codeB));
  });
  afterAll(() => t?.close());

  it('keeps partner routes for partner accounts and joining for shops', async () => {
    refused(await api(t, lan, 'GET', '/api/v1/partner/shops'), 403, 'PARTNER_ONLY');
    refused(await api(t, lan, 'GET', '/api/v1/partner/invite'), 403, 'PARTNER_ONLY');
    refused(await join(agencyB, codeA), 403, 'FORBIDDEN');
    // A partner account is its own partner, which is not a partner it joined.
    expect(await myPartner(agencyA)).toEqual({ partner: null });
  });

  it('lets a shop join with the code typed in any case, with a dash; joining again changes nothing', async () => {
    expect(codeA).toMatch(new RegExp(`^[${PARTNER_CODE_ALPHABET}]{8}$`));
    expect(await inviteOf(agencyA)).toBe(codeA);
    const shop = await signedInUser(t);
    const typed = `${codeA.slice(0, 4).toLowerCase()}-${codeA.slice(4).toLowerCase()}`;
    const joined = data<MyPartner>(await join(shop, typed));
    expect(joined.partner).toMatchObject({ name: agencyA.username });
    expect(data<MyPartner>(await join(shop, codeA))).toEqual(joined);
    expect(await myPartner(shop)).toEqual(joined);
    expect((await shopsOf(agencyA)).map((row) => row.shop_id)).toContain(shop.userId);
    data(await leave(shop));
  });

  it('refuses an unknown code, a malformed one, and a second partner', async () => {
    const shop = await signedInUser(t);
    const unknown = [...PARTNER_CODE_ALPHABET].find((letter) => !codeA.startsWith(letter) && !codeB.startsWith(letter)) ?? 'Z';
    refused(await join(shop, unknown.repeat(8)), 404, 'PARTNER_CODE_INVALID');
    refused(await join(shop, 'O0-IL1'), 400, 'VALIDATION_FAILED');
    refused(await join(lan, codeB), 409, 'PARTNER_ALREADY_JOINED');
    expect((await myPartner(lan)).partner?.name).toBe(agencyA.username);
  });

  it('slows down guessing: past the per-account limit a shop gets 429 with Retry-After, even for a good code', async () => {
    const shop = await signedInUser(t);
    const unknown = [...PARTNER_CODE_ALPHABET].find((letter) => !codeA.startsWith(letter) && !codeB.startsWith(letter)) ?? 'Z';
    const max = JOIN_PARTNER_LIMIT.account?.max ?? 0;
    for (let attempt = 0; attempt < max; attempt += 1) refused(await join(shop, unknown.repeat(8)), 404, 'PARTNER_CODE_INVALID');
    const limited = await join(shop, codeA);
    refused(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await myPartner(shop)).partner).toBeNull();
  });

  it('rotating the code refuses the old one and keeps the shops', async () => {
    const agency = await signedInPartner();
    const shop = await signedInUser(t);
    const old = await inviteOf(agency);
    data(await join(shop, old));
    const rotated = data<PartnerInvite>(await api(t, agency, 'POST', '/api/v1/partner/invite/rotate')).code;
    expect(rotated).not.toBe(old);
    expect(await inviteOf(agency)).toBe(rotated);
    refused(await join(await signedInUser(t), old), 404, 'PARTNER_CODE_INVALID');
    expect((await shopsOf(agency)).map((row) => row.shop_id)).toEqual([shop.userId]);
  });

  it("shows a shop's figures: pages, balance, orders, clients — and its lists with the shop's name", async () => {
    const client = data<Client>(await api(t, lan, 'POST', '/api/v1/facebook/client/save', { user_id: lan.userId, name: 'Chị Hạnh', phone: '0901 234 567', page_id: BAKERY }));
    await saveOrder(lan, { productName: 'Bánh mì', unitPrice: 25_000, quantity: 2, page_id: BAKERY, client_id: client.id });

    const row = (await shopsOf(agencyA)).find((shop) => shop.shop_id === lan.userId);
    expect(row).toMatchObject({
      username: lan.username,
      pages: LAN_PAGES,
      pages_need_attention: 0,
      balance: 100_000,
      low_balance: false,
      orders: 1,
      order_value: 50_000,
      clients: 1,
      staff_id: null,
    });
    expect(row?.last_activity_at).not.toBeNull();

    const clients = data<PartnerClient[]>(await clientsOf(agencyA, `?shop_id=${lan.userId}`));
    expect(clients).toEqual([expect.objectContaining({ id: client.id, name: 'Chị Hạnh', order_count: 1, shop_id: lan.userId, shop_name: lan.username })]);
    const listed = data<PartnerOrder[]>(await ordersOf(agencyA, `?shop_id=${lan.userId}&status=new`));
    expect(listed).toEqual([expect.objectContaining({ productName: 'Bánh mì', totalPrice: 50_000, client_name: 'Chị Hạnh', shop_id: lan.userId, shop_name: lan.username })]);
    expect(data<PartnerOrder[]>(await ordersOf(agencyA, '?status=delivered'))).toEqual([]);
    // Nothing of a conversation's text travels with a client or an order.
    expect(JSON.stringify(clients)).not.toMatch(/last_text|"text"/);
  });

  it('sums the shops in the overview, over every day of the range', async () => {
    await saveOrder(bao, { productName: 'Áo thun', unitPrice: 150_000, quantity: 1 });
    const cancelled = await saveOrder(bao, { productName: 'Quần', unitPrice: 90_000, quantity: 1 });
    await saveOrder(bao, { orderId: cancelled.orderId, productName: 'Quần', unitPrice: 90_000, quantity: 1, status: 'cancelled' });
    const shops = await shopsOf(agencyA, 7);
    const overview = data<PartnerOverview>(await api(t, agencyA, 'GET', '/api/v1/partner/dashboard?days=7'));
    expect(overview.days).toHaveLength(7);
    expect(overview.orders_per_day).toHaveLength(7);
    expect(overview.orders_per_day.map((day) => day.date)).toEqual(overview.days.map((day) => day.date));
    expect(overview.totals).toMatchObject({
      shops: shops.length,
      pages: shops.reduce((total, shop) => total + shop.pages, 0),
      orders: shops.reduce((total, shop) => total + shop.orders, 0),
      order_value: shops.reduce((total, shop) => total + shop.order_value, 0),
      clients: shops.reduce((total, shop) => total + shop.clients, 0),
    });
    expect(overview.totals.orders).toBe(3);
    expect(overview.totals.order_value).toBe(200_000);
    expect(overview.orders_per_day.at(-1)).toMatchObject({ orders: 3, order_value: 200_000 });

    const onlyBao = data<PartnerOverview>(await api(t, agencyA, 'GET', `/api/v1/partner/dashboard?days=30&shop_id=${bao.userId}`));
    expect(onlyBao.days).toHaveLength(30);
    expect(onlyBao.totals).toMatchObject({ shops: 1, pages: 0, orders: 2, order_value: 150_000 });
    refused(await api(t, agencyA, 'GET', '/api/v1/partner/dashboard?days=6'), 400, 'VALIDATION_FAILED');
  });

  it('raises alerts: low balance, a page to reconnect, an order waiting for over a day', async () => {
    const waiting = await saveOrder(bao, { productName: 'Mũ', unitPrice: 50_000, quantity: 1 });
    const twoDaysAgo = new Date(t.app.clock.now().getTime() - 2 * DAY_MS);
    await t.app.db.orm.update(orders).set({ createdAt: twoDaysAgo }).where(eq(orders.id, waiting.orderId));
    await t.app.db.orm.update(facebookPages).set({ needsReconnect: true }).where(and(eq(facebookPages.userId, lan.userId), eq(facebookPages.pageId, BAKERY)));

    const alerts = await alertsOf(agencyA);
    expect(alerts).toContainEqual(expect.objectContaining({ kind: 'low_balance', shop_id: bao.userId, value: 0, page_id: null }));
    expect(alerts).toContainEqual(expect.objectContaining({ kind: 'order_waiting', shop_id: bao.userId, value: 1, at: twoDaysAgo.toISOString() }));
    expect(alerts).toContainEqual(expect.objectContaining({ kind: 'page_reconnect', shop_id: lan.userId, page_id: BAKERY }));
    expect(alerts.some((alert) => alert.kind === 'low_balance' && alert.shop_id === lan.userId)).toBe(false);
    // Most urgent kind first.
    expect(alerts[0]?.kind).toBe('page_reconnect');
    expect((await shopsOf(agencyA)).find((shop) => shop.shop_id === lan.userId)?.pages_need_attention).toBe(1);
    await t.app.db.orm.update(facebookPages).set({ needsReconnect: false }).where(eq(facebookPages.userId, lan.userId));
  });

  it('keeps a team, assigns a manager to a shop, and deleting the member clears the assignment', async () => {
    const member = data<PartnerStaff>(await saveStaff(agencyA, { name: 'Ngọc Anh', email: 'Ngoc.Anh@Agency.vn', phone: '0912 000 111', role: 'account_manager' }));
    expect(member).toMatchObject({ name: 'Ngọc Anh', email: 'ngoc.anh@agency.vn', active: true, shop_count: 0 });
    const assigned = data<PartnerShop>(await assign(agencyA, lan.userId, member.id));
    expect(assigned).toMatchObject({ shop_id: lan.userId, staff_id: member.id, staff_name: 'Ngọc Anh', pages: LAN_PAGES });
    const edited = data<PartnerStaff>(await saveStaff(agencyA, { id: member.id, name: 'Ngọc Anh Trần', role: 'support', active: false }));
    expect(edited).toMatchObject({ name: 'Ngọc Anh Trần', role: 'support', active: false, shop_count: 1 });
    expect(data<PartnerStaff[]>(await api(t, agencyA, 'GET', '/api/v1/partner/staff'))).toEqual([edited]);

    data(await assign(agencyA, bao.userId, member.id));
    expect(data<PartnerShop>(await assign(agencyA, bao.userId, null)).staff_id).toBeNull();
    data(await api(t, agencyA, 'POST', '/api/v1/partner/staff/delete', { id: member.id }));
    expect(data<PartnerStaff[]>(await api(t, agencyA, 'GET', '/api/v1/partner/staff'))).toEqual([]);
    expect((await shopsOf(agencyA)).find((shop) => shop.shop_id === lan.userId)).toMatchObject({ staff_id: null, staff_name: null });
    refused(await api(t, agencyA, 'POST', '/api/v1/partner/staff/delete', { id: member.id }), 404, 'NOT_FOUND');
  });

  it('refuses bad staff input with the fields at fault', async () => {
    const bad = await saveStaff(agencyA, { name: ' ', email: 'not-an-email', role: 'boss' });
    refused(bad, 400, 'VALIDATION_FAILED');
    expect(errorOf(bad).issues?.map((issue) => issue.path).sort()).toEqual(['email', 'name', 'role']);
  });

  it("never shows one partner another's shops, clients, orders or team", async () => {
    const staffB = data<PartnerStaff>(await saveStaff(agencyB, { name: 'Minh' }));
    expect((await shopsOf(agencyB)).map((shop) => shop.shop_id)).toEqual([cuc.userId]);
    expect((await shopsOf(agencyA)).map((shop) => shop.shop_id)).not.toContain(cuc.userId);
    expect(data<PartnerOrder[]>(await ordersOf(agencyB)).every((order) => order.shop_id === cuc.userId)).toBe(true);
    expect(data<PartnerClient[]>(await clientsOf(agencyB))).toEqual([]);
    for (const response of [
      await clientsOf(agencyB, `?shop_id=${lan.userId}`),
      await ordersOf(agencyB, `?shop_id=${lan.userId}`),
      await api(t, agencyB, 'GET', `/api/v1/partner/dashboard?shop_id=${lan.userId}`),
      await assign(agencyB, lan.userId, null),
      await assign(agencyA, lan.userId, staffB.id),
      await saveStaff(agencyA, { id: staffB.id, name: 'Taken over' }),
      await api(t, agencyA, 'POST', '/api/v1/partner/staff/delete', { id: staffB.id }),
    ]) {
      refused(response, 404, 'NOT_FOUND');
    }
    expectInvalidField(await clientsOf(agencyA, '?shop_id=not-a-uuid'), 'shop_id');
    expect(data<PartnerStaff[]>(await api(t, agencyB, 'GET', '/api/v1/partner/staff'))).toEqual([expect.objectContaining({ id: staffB.id, name: 'Minh' })]);
    expect(data<PartnerStaff[]>(await api(t, agencyA, 'GET', '/api/v1/partner/staff')).map((member) => member.id)).not.toContain(staffB.id);
  });

  it('after a shop leaves, its partner sees nothing of it', async () => {
    const shop = await signedInUser(t);
    data(await join(shop, codeB));
    await saveOrder(shop, { productName: 'Trà sữa', unitPrice: 30_000, quantity: 1 });
    data(await api(t, shop, 'POST', '/api/v1/facebook/client/save', { user_id: shop.userId, name: 'Anh Tuấn' }));
    expect(data<PartnerClient[]>(await clientsOf(agencyB)).map((client) => client.shop_id)).toContain(shop.userId);

    expect(data<MyPartner>(await leave(shop))).toEqual({ partner: null });
    expect(data<MyPartner>(await leave(shop))).toEqual({ partner: null });
    expect(await myPartner(shop)).toEqual({ partner: null });
    expect((await shopsOf(agencyB)).map((row) => row.shop_id)).toEqual([cuc.userId]);
    expect(data<PartnerClient[]>(await clientsOf(agencyB)).map((client) => client.shop_id)).not.toContain(shop.userId);
    expect(data<PartnerOrder[]>(await ordersOf(agencyB)).map((order) => order.shop_id)).not.toContain(shop.userId);
    refused(await ordersOf(agencyB, `?shop_id=${shop.userId}`), 404, 'NOT_FOUND');
    // Free again: it may join another partner.
    expect(data<MyPartner>(await join(shop, codeA)).partner?.name).toBe(agencyA.username);
  });
});
