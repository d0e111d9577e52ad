import type { Client, InboxThread, Order } from '@pagemate/shared-contracts/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tokenTransactions } from '../db/schema/index.js';
import { hubSignature, metaJson } from '../meta-sandbox/webhook-payload.js';
import { insertDocument } from '../test/chat.js';
import { api, chooseDocuments, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';

/** Lan's copies of the demo bakery and fashion pages (set once she connected). */
let BAKERY = '';
let FASHION = '';

let serial = 0;
/** A Messenger message as Meta delivers it (the sample of messenger-platform/reference/webhook-events/messages). */
function message(pageId: string, psid: string, text: string) {
  const ms = Date.now();
  return { object: 'page', entry: [{ id: pageId, time: ms, messaging: [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: ms, message: { mid: `mid.${ms}${++serial}`, text } }] }] };
}

describe.each(testDatabases)('clients and orders (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let bob: SignedIn;

  const deliver = (payload: unknown) => {
    const body = metaJson(payload);
    return t.app.inject({ method: 'POST', url: '/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(t.app.meta.appSecret, body) }, payload: body });
  };
  const data = <T>(response: { statusCode: number; body: string; json(): unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  };
  const ordersOf = async (user: SignedIn, pageId?: string) => data<Order[]>(await api(t, user, 'GET', `/api/v1/facebook/get-orders?user_id=${user.userId}${pageId ? `&page_id=${pageId}` : ''}`));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    lan = await signedInUser(t);
    bob = await signedInUser(t);
    await connectThroughSandbox(t, lan);
    [BAKERY, FASHION] = [sandboxPageId(t, lan, '109000000000011'), sandboxPageId(t, lan, '109000000000012')];
    await t.app.ledger.credit(lan.userId, 100_000, `crm-credit-${process.pid}-${kind}`, 'deposit');
    for (const type of ['messages', 'comments'] as const) {
      const response = await api(t, lan, 'POST', '/api/v1/facebook/subscribed', { user_id: lan.userId, page_id: BAKERY, type, action: 'subscribe' });
      expect(response.statusCode).toBe(200);
    }
    await insertDocument(t, lan.userId, 'thuc-don.txt', ['Thực đơn: Bánh mì thịt nướng giá 25.000đ một ổ. Bánh mì chả cá giá 20.000đ.', 'Trà đào cam sả: 30k. Giao hàng miễn phí trong 3 km.']);
    await chooseDocuments(t, lan, [BAKERY], [{ collection_name: 'Tài liệu', file_name: 'thuc-don.txt' }]);
  });
  afterAll(() => t?.close());

  it('the bot captures an order from a conversation, confirms it back, and records its client — once', async () => {
    const psid = '6100000000000001';
    const payload = message(BAKERY, psid, 'Cho mình đặt 2 ổ bánh mì thịt nướng, giao tới 12 Lê Lợi, Quận 1. SĐT 0912 345 678');
    const charges = (await t.app.db.orm.select({ n: count() }).from(tokenTransactions).where(eq(tokenTransactions.userId, lan.userId)))[0]?.n;
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await deliver(payload)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();

    const [order, ...others] = await ordersOf(lan);
    expect(others).toHaveLength(0);
    expect(order).toMatchObject({
      productName: 'Bánh mì thịt nướng',
      unitPrice: 25_000,
      quantity: 2,
      totalPrice: 50_000,
      deliveryAddress: '12 Lê Lợi, Quận 1',
      status: 'new',
      page_id: BAKERY,
      source: 'bot',
    });
    // The confirmation is what the customer got, composed from the recorded order: no model call, no charge.
    const sent = (await t.app.sandboxRepository.activityOf(lan.userId, BAKERY, 50)).filter((event) => event.kind === 'message');
    expect(sent).toHaveLength(1);
    const text = (sent[0]?.payload as { message: { text: string } }).message.text;
    expect(text).toContain('2 × Bánh mì thịt nướng');
    expect(text).toContain('50.000');
    expect(text).toContain('12 Lê Lợi');
    expect((await t.app.db.orm.select({ n: count() }).from(tokenTransactions).where(eq(tokenTransactions.userId, lan.userId)))[0]?.n).toBe(charges);

    const clients = data<Client[]>(await api(t, lan, 'GET', '/api/v1/facebook/get-clients'));
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({ phone: '0912345678', page_id: BAKERY, order_count: 1 });
    expect(order?.client_id).toBe(clients[0]?.id);

    // The client detail: their conversation and their order.
    const detail = data<{ client: Client; conversations: InboxThread[]; orders: Order[] }>(await api(t, lan, 'GET', `/api/v1/facebook/client/${clients[0]?.id}?user_id=${lan.userId}`));
    expect(detail.conversations.map((thread) => thread.customer_id)).toEqual([psid]);
    expect(detail.orders.map((item) => item.orderId)).toEqual([order?.orderId]);

    // A question is answered, not recorded as an order.
    await deliver(message(BAKERY, psid, 'Bánh mì chả cá giá bao nhiêu vậy shop?'));
    await t.app.jobs.runDue();
    expect(await ordersOf(lan)).toHaveLength(1);
  });

  it('a client is created from a conversation once, then edited by hand', async () => {
    const psid = '6100000000000002';
    await deliver(message(BAKERY, psid, 'Shop ơi'));
    await t.app.jobs.runDue();
    const threads = data<InboxThread[]>(await api(t, lan, 'POST', '/api/v1/facebook/get-messages', { user_id: lan.userId, page_id: BAKERY }));
    const thread = threads.find((item) => item.customer_id === psid);
    const first = data<Client>(await api(t, lan, 'POST', '/api/v1/facebook/client/from-thread', { user_id: lan.userId, thread_id: thread?.thread_id }));
    const again = data<Client>(await api(t, lan, 'POST', '/api/v1/facebook/client/from-thread', { user_id: lan.userId, thread_id: thread?.thread_id }));
    expect(again.id).toBe(first.id);
    expect(first.conversation_id).toBe(thread?.thread_id);
    const edited = data<Client>(
      await api(t, lan, 'POST', '/api/v1/facebook/client/save', { user_id: lan.userId, id: first.id, name: 'Chị Hạnh', phone: '0901 234 567', favoriteColor: 'Xanh ngọc', stylePreference: 'Tối giản' }),
    );
    expect(edited).toMatchObject({ name: 'Chị Hạnh', phone: '0901 234 567', favoriteColor: 'Xanh ngọc', stylePreference: 'Tối giản', page_id: BAKERY });
    const moved = await api(t, lan, 'POST', '/api/v1/facebook/client/save', { user_id: lan.userId, id: first.id, name: 'Chị Hạnh', page_id: FASHION });
    expect(moved.statusCode).toBe(400);
    // A client entered by hand may move to another of the user's pages.
    const manual = data<Client>(await api(t, lan, 'POST', '/api/v1/facebook/client/save', { user_id: lan.userId, name: 'Anh Tuấn', page_id: BAKERY }));
    expect(data<Client>(await api(t, lan, 'POST', '/api/v1/facebook/client/save', { user_id: lan.userId, id: manual.id, name: 'Anh Tuấn', page_id: FASHION })).page_id).toBe(FASHION);
    await api(t, lan, 'POST', '/api/v1/facebook/client/delete', { user_id: lan.userId, id: manual.id });
    const bad = await api(t, lan, 'POST', '/api/v1/facebook/client/save', { user_id: lan.userId, name: '', phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { issues: { path: string }[] }).issues.map((issue) => issue.path).sort()).toEqual(['name', 'phone']);
  });

  it('orders by hand: totals computed, status only forward or cancelled, filter by page', async () => {
    const manual = data<Order>(
      await api(t, lan, 'POST', '/api/v1/facebook/order/save', { user_id: lan.userId, productName: 'Áo sơ mi lụa', unitPrice: 350_000, quantity: 3, deliveryAddress: '8 Hai Bà Trưng', page_id: FASHION }),
    );
    expect(manual).toMatchObject({ totalPrice: 1_050_000, status: 'new', source: 'manual', page_id: FASHION });
    const save = (status: Order['status']) =>
      api(t, lan, 'POST', '/api/v1/facebook/order/save', { user_id: lan.userId, orderId: manual.orderId, productName: 'Áo sơ mi lụa', unitPrice: 350_000, quantity: 3, status, page_id: FASHION });
    expect((await save('shipping')).statusCode).toBe(409);
    expect(data<Order>(await save('confirmed')).status).toBe('confirmed');
    expect(data<Order>(await save('shipping')).status).toBe('shipping');
    expect(data<Order>(await save('delivered')).status).toBe('delivered');
    const backwards = await save('cancelled');
    expect(backwards.statusCode).toBe(409);
    expect((backwards.json() as { message: string }).message).toContain('delivered');

    expect((await ordersOf(lan, FASHION)).map((order) => order.orderId)).toEqual([manual.orderId]);
    expect((await ordersOf(lan, BAKERY)).every((order) => order.page_id === BAKERY)).toBe(true);
    expect((await ordersOf(lan)).length).toBeGreaterThanOrEqual(2);
    const wrongType = await api(t, lan, 'POST', '/api/v1/facebook/order/save', { user_id: lan.userId, productName: 'X', unitPrice: '12', quantity: 0 });
    expect(wrongType.statusCode).toBe(400);
  });

  it("another user's clients and orders are out of reach; the dashboard counts them", async () => {
    const [order] = await ordersOf(lan);
    const [client] = data<Client[]>(await api(t, lan, 'GET', '/api/v1/facebook/get-clients'));
    expect(data<Order[]>(await api(t, bob, 'GET', `/api/v1/facebook/get-orders?user_id=${bob.userId}`))).toEqual([]);
    expect((await api(t, bob, 'GET', `/api/v1/facebook/get-orders?user_id=${lan.userId}`)).statusCode).toBe(403);
    expect((await api(t, bob, 'GET', `/api/v1/facebook/get-orders?user_id=${bob.userId}&page_id=${BAKERY}`)).statusCode).toBe(404);
    expect((await api(t, bob, 'GET', `/api/v1/facebook/client/${client?.id}?user_id=${bob.userId}`)).statusCode).toBe(404);
    expect((await api(t, bob, 'POST', '/api/v1/facebook/client/save', { user_id: bob.userId, id: client?.id, name: 'x' })).statusCode).toBe(404);
    expect((await api(t, bob, 'POST', '/api/v1/facebook/order/save', { user_id: bob.userId, orderId: order?.orderId, productName: 'x', unitPrice: 1, quantity: 1 })).statusCode).toBe(404);
    expect((await api(t, bob, 'POST', '/api/v1/facebook/client/delete', { user_id: bob.userId, id: client?.id })).statusCode).toBe(404);
    const counts = data<Record<string, number>>(await api(t, lan, 'GET', `/api/v1/facebook/dashboard/count_all_by_userid?user_id=${lan.userId}`));
    expect(counts.orders).toBe((await t.app.db.orm.select({ n: count() }).from(orders).where(eq(orders.userId, lan.userId)))[0]?.n);
    expect(counts.clients).toBe(2);
    // Deleting a client keeps their orders, unlinked.
    expect((await api(t, lan, 'POST', '/api/v1/facebook/client/delete', { user_id: lan.userId, id: client?.id })).statusCode).toBe(200);
    expect((await ordersOf(lan)).length).toBe(counts.orders);
  });
});
