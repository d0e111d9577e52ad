import type { Deposit } from '@pagemate/shared-contracts/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataSignature } from '../payos-sandbox/payos-signature.js';
import { ManualClock } from '../test/clock.js';
import { api, localPath, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { ENV, type Faults, faultyFetch, WEBHOOK, type WebhookBody } from '../test/payments.js';
import { PAYMENT_WEBHOOK_REFUSAL_LIMIT } from './payments.js';

describe.each(testDatabases)('the payment webhook facing the internet (%s)', (kind) => {
  let t: TestApp;
  let user: SignedIn;
  const clock = new ManualClock();
  const delivered: WebhookBody[] = [];
  const faults: Faults = { failWebhooks: 0, providerDown: false };

  beforeAll(async () => {
    // As deployed: no rate-limit multiplier, reconciliation every second.
    const env = { ...ENV, RATE_LIMIT_IP_MULTIPLIER: '1', PAYMENT_RECONCILE_INTERVAL_SECONDS: '1' };
    t = await buildTestApp(kind, { env, clock, fetch: faultyFetch(() => t, delivered, faults) });
    user = await signedInUser(t);
  });
  afterAll(() => t?.close());

  const deposit = async (amount: number) => {
    const response = await api(t, user, 'POST', '/api/v1/deposit', { user_id: user.userId, amount });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Deposit }).data;
  };
  const balance = () => t.app.ledgerRepository.sumOfEntries(user.userId);

  it('the reconciliation job (PAYMENT_RECONCILE_INTERVAL_SECONDS) credits, once, a paid webhook the provider could not confirm', async () => {
    const payment = await deposit(75_000);
    faults.providerDown = true;
    const paid = await t.app.inject({ method: 'POST', url: `${localPath(payment.checkout_url ?? '')}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'lang=en' });
    expect(paid.statusCode).toBe(303);
    const outcomes = async () => (await t.app.paymentsRepository.eventsOf(payment.order_code)).map((event) => `${event.source}:${event.outcome}`);
    expect(await outcomes()).toContain('webhook:error');
    expect(await balance()).toBe(0);

    faults.providerDown = false;
    // Past the lease of a check the job may have made before the webhook came.
    clock.advanceSeconds(61);
    await vi.waitFor(async () => expect(await balance()).toBe(75_000), { timeout: 15_000, interval: 200 });
    const webhook = delivered.findLast((body) => body.data.orderCode === payment.order_code);
    expect((await t.app.inject({ method: 'POST', url: WEBHOOK, payload: webhook as object })).json()).toEqual({ success: true });
    expect(await balance()).toBe(75_000);
    expect((await outcomes()).filter((outcome) => outcome.endsWith(':credited'))).toEqual(['reconcile:credited']);
  });

  it(`refused webhooks are limited per address (${PAYMENT_WEBHOOK_REFUSAL_LIMIT.max} a minute, then 429 and nothing stored); signed ones always pass`, async () => {
    const keys = t.app.payosSandboxKeys;
    if (!keys) throw new Error('sandbox mode expected');
    const post = (body: object, remoteAddress: string) => t.app.inject({ method: 'POST', url: WEBHOOK, remoteAddress, payload: body });
    const orderCode = 990_000_000 + Math.floor(Math.random() * 1e6);
    const data = { orderCode, amount: 10_000, description: 'x', reference: 'R', code: '00', desc: 'ok', paymentLinkId: 'x' };
    const padding = 'A'.repeat(50_000);
    const unsigned = { code: '00', desc: padding, junk: { deep: padding }, data: { ...data, extra: padding }, signature: 'deadbeef' };
    const signed = { code: '00', desc: 'success', success: true, data, signature: dataSignature(data, keys.checksumKey) };

    for (let i = 0; i < PAYMENT_WEBHOOK_REFUSAL_LIMIT.max; i += 1) expect((await post(unsigned, '10.81.0.1')).statusCode).toBe(400);
    const refused = await post(unsigned, '10.81.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post({ hello: 'world' }, '10.81.0.1')).statusCode).toBe(429);

    // Nothing of the bodies but their claims, and nothing at all past the limit.
    const events = await t.app.paymentsRepository.eventsOf(orderCode);
    expect(events).toHaveLength(PAYMENT_WEBHOOK_REFUSAL_LIMIT.max);
    expect(events.every((event) => event.outcome === 'bad_signature' && event.amount === 10_000 && event.payload === null)).toBe(true);
    expect(events.every((event) => !JSON.stringify(event).includes(padding.slice(0, 100)))).toBe(true);

    // The provider's own deliveries are never refused for rate, from that address or any other.
    expect((await post(signed, '10.81.0.1')).json()).toEqual({ success: true });
    expect((await post(unsigned, '10.81.0.2')).statusCode).toBe(400);
    const [accepted] = (await t.app.paymentsRepository.eventsOf(orderCode)).filter((event) => event.outcome === 'unknown_order');
    expect(accepted?.payload).toEqual({ data, signature: signed.signature });
  });
});
