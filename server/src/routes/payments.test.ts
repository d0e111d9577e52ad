import type { Deposit } from '@pagemate/shared-contracts/contracts';
import { PayOS } from '@payos/node';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataSignature } from '../payos-sandbox/payos-signature.js';
import { errorOf } from '../test/accounts.js';
import { ManualClock } from '../test/clock.js';
import { api, localPath, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, injectingFetch, type TestApp, testDatabases } from '../test/helper.js';
import { expectInvalidField } from '../test/invalid-field.js';
import { ENV, type Faults, faultyFetch, WEBHOOK, type WebhookBody } from '../test/payments.js';

describe.each(testDatabases)('payments through the PayOS sandbox (%s)', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  const clock = new ManualClock();
  /** What the sandbox delivered to the webhook, and switches to make deliveries or the provider fail. */
  const delivered: WebhookBody[] = [];
  const faults: Faults = { failWebhooks: 0, providerDown: false };

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: ENV, clock, fetch: faultyFetch(() => t, delivered, faults) });
    alice = await signedInUser(t);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    faults.failWebhooks = 0;
    faults.providerDown = false;
    delete faults.lookupAnswer;
  });

  const dataOf = <T>(response: LightMyRequestResponse): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  };
  const deposit = async (user: SignedIn, amount: number) => dataOf<Deposit>(await api(t, user, 'POST', '/api/v1/deposit', { user_id: user.userId, amount }));
  const status = async (user: SignedIn, paymentId: string) => dataOf<Deposit>(await api(t, user, 'GET', `/api/v1/payment-status/${paymentId}?user_id=${user.userId}`));
  const balance = async (user: SignedIn) => dataOf<{ total_balance: number }>(await api(t, user, 'GET', `/api/v1/total-balance/${user.userId}`)).total_balance;
  const checkoutPath = (payment: Deposit) => localPath(payment.checkout_url ?? '');
  const press = (payment: Deposit, button: 'pay' | 'cancel', lang = 'vi') =>
    t.app.inject({ method: 'POST', url: `${checkoutPath(payment)}/${button}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `lang=${lang}` });
  const events = (orderCode: number) => t.app.paymentsRepository.eventsOf(orderCode);
  const postWebhook = (body: unknown) => t.app.inject({ method: 'POST', url: WEBHOOK, payload: body as object });
  /** The ledger's sum equals the balance: nothing was credited beside the ledger. */
  const expectConsistent = async (user: SignedIn, expected: number) => {
    expect(await balance(user)).toBe(expected);
    expect(await t.app.ledgerRepository.sumOfEntries(user.userId)).toBe(expected);
  };
  const signed = (data: WebhookBody['data']): WebhookBody => {
    const keys = t.app.payosSandboxKeys;
    if (!keys) throw new Error('sandbox mode expected');
    return { code: '00', desc: 'success', success: true, data, signature: dataSignature(data, keys.checksumKey) };
  };

  it('deposit → sandbox checkout → pay → signed webhook credits → paid, balance and history', async () => {
    const user = await signedInUser(t);
    const payment = await deposit(user, 100_000);
    expect(payment).toMatchObject({ amount: 100_000, status: 'pending', provider: 'sandbox', paid_at: null, description: `PageMate ${payment.order_code}` });
    expect(payment.description.length).toBeLessThanOrEqual(25);
    expect(payment.checkout_url).toMatch(new RegExp(`^${t.app.config.publicApiUrl}/payos-sandbox/checkout/[0-9a-f]{32}$`));
    expect(payment.qr_code).toBe(payment.checkout_url);
    expect(new Date(payment.expires_at).getTime() - new Date(payment.created_at).getTime()).toBe(10 * 60_000);

    const page = await t.app.inject({ method: 'GET', url: checkoutPath(payment) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('100.000 VNĐ');
    expect(page.body).toContain('KHÔNG DÙNG TIỀN THẬT');
    expect(page.body).toContain('data-testid="sandbox-pay"');
    expect(page.body).toContain(String(payment.order_code));
    // Inline style by nonce only; the forms may go on to the shell (the redirect after paying).
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; style-src 'nonce-[^']+'; form-action 'self' http:\/\/localhost:3000;/);
    const english = await t.app.inject({ method: 'GET', url: checkoutPath(payment), headers: { 'accept-language': 'en-US,en;q=0.9,vi;q=0.5' } });
    expect(english.body).toContain('NO REAL MONEY');
    expect(english.body).toContain('>Pay</button>');

    const paid = await press(payment, 'pay');
    expect(paid.statusCode).toBe(303);
    const back = new URL(String(paid.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/user-dashboard/balance/');
    expect(Object.fromEntries(back.searchParams)).toEqual({ payment: payment.payment_id, code: '00', id: expect.stringMatching(/^[0-9a-f]{32}$/), cancel: 'false', status: 'PAID', orderCode: String(payment.order_code) });

    const after = await status(user, payment.payment_id);
    expect(after).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    expect(after.checkout_url).toBeUndefined();
    await expectConsistent(user, 100_000);
    const history = dataOf<{ items: Deposit[]; total: number }>(await api(t, user, 'GET', `/api/v1/deposit-history/${user.userId}`));
    expect(history).toMatchObject({ total: 1, items: [{ payment_id: payment.payment_id, status: 'paid', amount: 100_000 }] });
    expect((await events(payment.order_code)).map((event) => [event.source, event.outcome])).toEqual([['webhook', 'credited']]);
    const notes = await t.app.notifications.list(user.userId);
    expect(notes.filter((note) => note.kind === 'deposit_paid')).toEqual([expect.objectContaining({ params: { amount: 100_000, balance: 100_000 } })]);

    // Paying again shows the state instead of taking a second payment.
    const again = await press(payment, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('đã được thanh toán');
    await expectConsistent(user, 100_000);
  });

  it('the same paid webhook replayed 10× in a row and 10× at once credits once', async () => {
    const user = await signedInUser(t);
    const payment = await deposit(user, 250_000);
    expect((await press(payment, 'pay')).statusCode).toBe(303);
    const webhook = delivered.findLast((body) => body.data.orderCode === payment.order_code);
    expect(webhook).toBeDefined();
    for (let i = 0; i < 10; i += 1) {
      const replay = await postWebhook(webhook);
      expect(replay.json()).toEqual({ success: true });
    }
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => postWebhook(webhook)));
    expect(concurrent.every((response) => response.statusCode === 200)).toBe(true);
    await expectConsistent(user, 250_000);
    const outcomes = (await events(payment.order_code)).map((event) => event.outcome);
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(20);
    expect((await t.app.notifications.list(user.userId)).filter((note) => note.kind === 'deposit_paid')).toHaveLength(1);
  });

  it('a bad signature or a wrong amount credits nothing, is recorded and logged', async () => {
    const user = await signedInUser(t);
    const payment = await deposit(user, 100_000);
    const data = { orderCode: payment.order_code, amount: 100_000, description: payment.description, reference: 'X1', code: '00', desc: 'Thành công', paymentLinkId: 'x' };

    const forged = await postWebhook({ ...signed(data), data: { ...data, amount: 10_000_000 } });
    expect(forged.statusCode).toBe(400);
    const unsigned = await postWebhook({ code: '00', data, signature: 'deadbeef' });
    expect(unsigned.statusCode).toBe(400);
    const garbage = await postWebhook({ hello: 'world' });
    expect(garbage.statusCode).toBe(400);

    const mismatch = await postWebhook(signed({ ...data, amount: 10_000 }));
    expect(mismatch.statusCode).toBe(200);
    await expectConsistent(user, 0);
    expect((await status(user, payment.payment_id)).status).toBe('pending');
    expect((await events(payment.order_code)).map((event) => event.outcome)).toEqual(['bad_signature', 'bad_signature', 'amount_mismatch']);
    // Unverified: only what they claim is kept (order code, amount) with the verdict, never the body.
    const [first, second] = await events(payment.order_code);
    expect(first).toMatchObject({ orderCode: payment.order_code, amount: 10_000_000, payload: null, detail: 'signature does not match data' });
    expect(second).toMatchObject({ orderCode: payment.order_code, amount: 100_000, payload: null });
    const warnings = t.logs.filter((line) => line.level === 40 && (line.orderCode === payment.order_code || line.outcome === 'malformed')).map((line) => line.msg);
    expect(warnings).toEqual(expect.arrayContaining(['payment webhook refused: nothing credited', 'payment amount mismatch: nothing credited']));
    expect(t.logs.some((line) => line.level === 40 && line.outcome === 'malformed')).toBe(true);

    // PayOS's webhook-URL check posts a signed sample for order 123: accepted, nothing credited.
    const sample = await postWebhook(signed({ ...data, orderCode: 123, amount: 3000 }));
    expect(sample.json()).toEqual({ success: true });
    // The PayOS receiver is not in use in sandbox mode.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/payos', payload: signed(data) })).statusCode).toBe(404);
  });

  it('a webhook with a valid signature credits nothing until the provider confirms the payment, paid in full', async () => {
    const [user, other] = [await signedInUser(t), await signedInUser(t)];
    const payment = await deposit(user, 100_000);
    const theirs = await deposit(other, 100_000);
    // Signed with the checksum key (PayOS's signing string is not one-to-one), yet the link was never paid.
    const forged = signed({ orderCode: payment.order_code, amount: 100_000, description: payment.description, reference: 'FORGED', code: '00', desc: 'Thành công', paymentLinkId: 'x' });
    expect((await postWebhook(forged)).json()).toEqual({ success: true });
    await expectConsistent(user, 0);
    // The provider says PAID, but less than the order's amount.
    faults.lookupAnswer = (data) => ({ ...data, status: 'PAID', amountPaid: 99_999 });
    expect((await postWebhook(forged)).json()).toEqual({ success: true });
    await expectConsistent(user, 0);
    expect((await t.app.paymentsRepository.findById(payment.payment_id))?.status).toBe('pending');
    const unconfirmed = await events(payment.order_code);
    expect(unconfirmed.map((event) => [event.outcome, event.detail])).toEqual([
      ['unconfirmed', 'provider: PENDING, paid 0 of 100000'],
      ['unconfirmed', 'provider: PAID, paid 99999 of 100000'],
    ]);
    expect(t.logs.some((line) => line.msg === 'payment webhook not confirmed by the provider: nothing credited' && line.orderCode === payment.order_code)).toBe(true);

    // Paid for real: the same webhook now credits, once; the other user's payment is untouched.
    delete faults.lookupAnswer;
    expect((await press(payment, 'pay')).statusCode).toBe(303);
    expect((await postWebhook(forged)).json()).toEqual({ success: true });
    await expectConsistent(user, 100_000);
    await expectConsistent(other, 0);
    expect((await t.app.paymentsRepository.findById(theirs.payment_id))?.status).toBe('pending');
    expect((await events(payment.order_code)).map((event) => event.outcome).slice(2)).toEqual(['credited', 'duplicate']);
  });

  it('the provider unreachable when the webhook arrives: nothing credited, the payment stays pending, reconciliation credits it once', async () => {
    const user = await signedInUser(t);
    const payment = await deposit(user, 120_000);
    faults.providerDown = true;
    expect((await press(payment, 'pay')).statusCode).toBe(303);
    const webhook = delivered.findLast((body) => body.data.orderCode === payment.order_code);
    expect(webhook).toBeDefined();
    expect((await t.app.paymentsRepository.findById(payment.payment_id))?.status).toBe('pending');
    await expectConsistent(user, 0);
    expect((await events(payment.order_code)).map((event) => [event.source, event.outcome])).toEqual([['webhook', 'error']]);

    faults.providerDown = false;
    expect((await t.app.payments.reconcile()).credited).toBeGreaterThanOrEqual(1);
    await expectConsistent(user, 120_000);
    // Replayed afterwards, and again at once: still one credit.
    await Promise.all([postWebhook(webhook), postWebhook(webhook)]);
    await expectConsistent(user, 120_000);
    expect((await events(payment.order_code)).map((event) => [event.source, event.outcome])).toEqual([
      ['webhook', 'error'],
      ['reconcile', 'credited'],
      ['webhook', 'duplicate'],
      ['webhook', 'duplicate'],
    ]);
  });

  it('reconciliation credits a payment whose webhook never arrived', async () => {
    const user = await signedInUser(t);
    const payment = await deposit(user, 300_000);
    faults.failWebhooks = 1;
    const paid = await press(payment, 'pay');
    // The browser still goes back; the money is not lost with the delivery.
    expect(paid.statusCode).toBe(303);
    expect(faults.failWebhooks).toBe(0);
    await expectConsistent(user, 0);

    const summary = await t.app.payments.reconcile();
    expect(summary.credited).toBeGreaterThanOrEqual(1);
    expect((await status(user, payment.payment_id)).status).toBe('paid');
    await expectConsistent(user, 300_000);
    expect((await events(payment.order_code)).map((event) => [event.source, event.outcome])).toEqual([['reconcile', 'credited']]);
    // A late delivery of the same webhook is a duplicate.
    const late = delivered.findLast((body) => body.data.orderCode === payment.order_code);
    expect((await postWebhook(late)).json()).toEqual({ success: true });
    await expectConsistent(user, 300_000);
  });

  it('the browser back from the checkout gets the verdict at once: a status poll asks the provider', async () => {
    const user = await signedInUser(t);
    // Cancelled on the checkout page: PayOS sends no webhook for that, the poll finds out.
    const cancelled = await deposit(user, 40_000);
    expect((await press(cancelled, 'cancel')).statusCode).toBe(303);
    expect((await status(user, cancelled.payment_id)).status).toBe('cancelled');
    // Paid, but the webhook is lost: the poll credits it (once — the late webhook is a duplicate).
    const paid = await deposit(user, 60_000);
    faults.failWebhooks = 1;
    expect((await press(paid, 'pay')).statusCode).toBe(303);
    expect((await status(user, paid.payment_id)).status).toBe('paid');
    expect((await events(paid.order_code)).map((event) => [event.source, event.outcome])).toEqual([['reconcile', 'credited']]);
    const late = delivered.findLast((body) => body.data.orderCode === paid.order_code);
    expect((await postWebhook(late)).json()).toEqual({ success: true });
    await expectConsistent(user, 60_000);
  });

  it('an unpaid payment expires: cancelled at the provider first, then its checkout refuses to take money', async () => {
    const user = await signedInUser(t);
    const payment = await deposit(user, 50_000);
    clock.advanceSeconds(11 * 60);
    await t.app.payments.reconcile();
    const after = await status(user, payment.payment_id);
    expect(after.status).toBe('expired');
    expect(after.checkout_url).toBeUndefined();
    const page = await press(payment, 'pay', 'en');
    expect(page.statusCode).toBe(409);
    expect(page.body).toMatch(/expired|cancelled/);
    await expectConsistent(user, 0);
    // A signed webhook for it credits nothing while the provider says the link was cancelled…
    const late = signed({ orderCode: payment.order_code, amount: 50_000, description: payment.description, reference: 'LATE1', code: '00', desc: 'Thành công', paymentLinkId: 'x' });
    expect((await postWebhook(late)).json()).toEqual({ success: true });
    await expectConsistent(user, 0);
    // …but money that reached the merchant anyway (a transfer the provider accepted just before the expiry) is.
    faults.lookupAnswer = (data) => ({ ...data, status: 'PAID', amountPaid: 50_000 });
    expect((await postWebhook(late)).json()).toEqual({ success: true });
    expect((await t.app.paymentsRepository.findById(payment.payment_id))?.status).toBe('paid');
    await expectConsistent(user, 50_000);
    expect((await events(payment.order_code)).map((event) => event.outcome)).toEqual(['expired', 'unconfirmed', 'credited']);
  });

  it('reconciliation runs racing on one database check each pending payment once (claimed FOR UPDATE SKIP LOCKED)', async () => {
    const user = await signedInUser(t);
    clock.advanceSeconds(120);
    const created = [await deposit(user, 11_000), await deposit(user, 12_000), await deposit(user, 13_000)];
    await Promise.all([t.app.payments.reconcile(), t.app.payments.reconcile(), t.app.payments.reconcile()]);
    for (const payment of created) expect((await t.app.paymentsRepository.findById(payment.payment_id))?.checks).toBe(1);
  });

  it('asking for a payment past its expiry settles it at once (the client is polling for a verdict)', async () => {
    const user = await signedInUser(t);
    const payment = await deposit(user, 60_000);
    clock.advanceSeconds(11 * 60);
    expect((await status(user, payment.payment_id)).status).toBe('expired');
  });

  it('cancel: by the user through the API, or on the checkout page; a paid payment cannot be cancelled', async () => {
    const user = await signedInUser(t);
    const first = await deposit(user, 70_000);
    const cancelled = dataOf<Deposit>(await api(t, user, 'POST', '/api/v1/payment-cancel', { user_id: user.userId, payment_id: first.payment_id }));
    expect(cancelled.status).toBe('cancelled');
    expect((await press(first, 'pay')).statusCode).toBe(409);

    const second = await deposit(user, 80_000);
    const onPage = await press(second, 'cancel');
    expect(onPage.statusCode).toBe(303);
    expect(new URL(String(onPage.headers.location)).searchParams.get('cancel')).toBe('true');
    await t.app.payments.reconcile();
    expect((await status(user, second.payment_id)).status).toBe('cancelled');

    const third = await deposit(user, 90_000);
    await press(third, 'pay');
    const refused = await api(t, user, 'POST', '/api/v1/payment-cancel', { user_id: user.userId, payment_id: third.payment_id });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('CONFLICT');
    await expectConsistent(user, 90_000);
  });

  it("another user's payment is not found", async () => {
    const payment = await deposit(alice, 20_000);
    const mallory = await signedInUser(t);
    const peek = await api(t, mallory, 'GET', `/api/v1/payment-status/${payment.payment_id}?user_id=${mallory.userId}`);
    expect(peek.statusCode).toBe(404);
    const cancel = await api(t, mallory, 'POST', '/api/v1/payment-cancel', { user_id: mallory.userId, payment_id: payment.payment_id });
    expect(cancel.statusCode).toBe(404);
    expectInvalidField(await api(t, mallory, 'GET', `/api/v1/payment-status/not-a-uuid?user_id=${mallory.userId}`), 'id');
    const theirs = dataOf<{ items: Deposit[]; total: number }>(await api(t, mallory, 'GET', `/api/v1/deposit-history/${mallory.userId}`));
    expect(theirs).toEqual({ items: [], total: 0 });
  });

  it('provider down: 502 PAYMENT_PROVIDER_FAILED and the payment recorded as failed', async () => {
    const user = await signedInUser(t);
    faults.providerDown = true;
    const response = await api(t, user, 'POST', '/api/v1/deposit', { user_id: user.userId, amount: 100_000 });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response)).toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED' });
    faults.providerDown = false;
    const history = dataOf<{ items: Deposit[]; total: number }>(await api(t, user, 'GET', `/api/v1/deposit-history/${user.userId}`));
    expect(history.items).toEqual([expect.objectContaining({ status: 'failed', amount: 100_000 })]);
    const row = await t.app.paymentsRepository.findById(history.items[0]?.payment_id ?? '');
    expect(row?.failureReason).toMatch(/could not be reached/);
    // Bounds come from the contract.
    expect((await api(t, user, 'POST', '/api/v1/deposit', { user_id: user.userId, amount: 9_999 })).statusCode).toBe(400);
  });

  it('deposit history: pages, sorts by date or amount, filters by Vietnam days', async () => {
    const user = await signedInUser(t);
    const amounts = [30_000, 10_000, 20_000];
    for (const amount of amounts) {
      await deposit(user, amount);
      clock.advanceSeconds(60);
    }
    const list = async (query: string) => dataOf<{ items: Deposit[]; total: number }>(await api(t, user, 'GET', `/api/v1/deposit-history/${user.userId}?${query}`));
    expect((await list('')).items.map((item) => item.amount)).toEqual([20_000, 10_000, 30_000]);
    expect((await list('sort=amount&order=asc')).items.map((item) => item.amount)).toEqual([10_000, 20_000, 30_000]);
    expect(await list('page=2&page_size=2')).toMatchObject({ total: 3, items: [{ amount: 30_000 }] });
    const today = new Date(clock.now().getTime() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).total).toBeGreaterThanOrEqual(1);
    expect((await list('from=2001-01-01&to=2001-01-02')).total).toBe(0);
  });

  it('the official @payos/node SDK talks to the sandbox as to PayOS: create, get and cancel, signatures verified', async () => {
    const keys = t.app.payosSandboxKeys;
    if (!keys) throw new Error('sandbox mode expected');
    // The SDK resolves `/v2/…` against its base URL's origin (dropping any path), so the sandbox's prefix is
    // added on the way out, as a reverse proxy in front of it would.
    const viaSandbox = injectingFetch(() => t.app, t.app.config.publicApiUrl);
    const fetch = (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      return viaSandbox(`${url.origin}/payos-sandbox${url.pathname}${url.search}`, init);
    };
    const options = { ...keys, baseURL: t.app.config.publicApiUrl, fetch, maxRetries: 0, logLevel: 'off' as const };
    const sdk = new PayOS(options);
    const orderCode = 900_000_000 + Math.floor(Math.random() * 1e6);
    const link = await sdk.paymentRequests.create({ orderCode, amount: 15_000, description: 'SDK test', returnUrl: 'http://localhost:3000/ok', cancelUrl: 'http://localhost:3000/no' });
    expect(link).toMatchObject({ orderCode, amount: 15_000, status: 'PENDING', currency: 'VND' });
    expect(await sdk.paymentRequests.get(orderCode)).toMatchObject({ id: link.paymentLinkId, status: 'PENDING', amountPaid: 0 });
    expect(await sdk.paymentRequests.cancel(orderCode, 'test')).toMatchObject({ status: 'CANCELLED' });
    // Wrong API key → refused like PayOS.
    const stranger = new PayOS({ ...options, apiKey: 'wrong-key' });
    await expect(stranger.paymentRequests.get(orderCode)).rejects.toThrow();
  });
});
