import { describe, expect, it } from 'vitest';
import { PayosClient, PayosError, payosWebhookClaims } from './payos-client.js';
import { dataSignature, paymentRequestSignature } from '../../../payos-sandbox/payos-signature.js';

const CHECKSUM_KEY = 'checksum-key-for-the-client-test-0123456789abcdef';
const BASE = 'http://127.0.0.1:9/payos-sandbox';
const input = { orderCode: 100_001, amount: 50_000, description: 'PageMate 100001', returnUrl: 'https://app.vn/ok?x=1&y=2', cancelUrl: 'https://app.vn/cancel', expiredAt: 1_900_000_000 };

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A client whose transport answers `reply` and records what the SDK sent. */
function clientAnswering(reply: (sent: Sent, signal?: AbortSignal) => Response | Promise<Response>, timeoutMs?: number) {
  const sent: Sent[] = [];
  const client = new PayosClient({
    baseUrl: `${BASE}/`,
    clientId: 'client-id',
    apiKey: 'api-key',
    checksumKey: CHECKSUM_KEY,
    ...(timeoutMs ? { timeoutMs } : {}),
    fetch: async (url, init) => {
      const request = { url, method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      sent.push(request);
      return reply(request, init?.signal ?? undefined);
    },
  });
  return { client, sent };
}

const signed = (data: Record<string, unknown>, code = '00') => Response.json({ code, desc: code === '00' ? 'success' : 'Lỗi', data, signature: dataSignature(data, CHECKSUM_KEY) });
const link = { id: 'a1b2c3', orderCode: 100_001, amount: 50_000, amountPaid: 50_000, amountRemaining: 0, status: 'PAID', createdAt: '2026-01-01T00:00:00+07:00', transactions: [], canceledAt: null, cancellationReason: null };

describe('PayosClient over the official @payos/node SDK', () => {
  it('creates a link: our base path kept, the merchant headers, the request signed as PayOS documents it', async () => {
    const created = { bin: '970422', accountNumber: '1', accountName: 'X', amount: 50_000, description: input.description, orderCode: input.orderCode, currency: 'VND', paymentLinkId: 'a1b2c3', status: 'PENDING', checkoutUrl: 'https://pay.vn/a1b2c3', qrCode: '000201...' };
    const { client, sent } = clientAnswering(() => signed(created));
    expect(await client.createPaymentLink(input)).toEqual({ checkoutUrl: created.checkoutUrl, qrCode: created.qrCode, paymentLinkId: 'a1b2c3', status: 'PENDING' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(`${BASE}/v2/payment-requests`);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('x-client-id')).toBe('client-id');
    expect(sent[0]?.headers.get('x-api-key')).toBe('api-key');
    expect(sent[0]?.body).toMatchObject({ ...input, signature: paymentRequestSignature(input, CHECKSUM_KEY) });
  });

  it('looks a link up and cancels it by order code', async () => {
    const { client, sent } = clientAnswering((request) => signed(request.method === 'POST' ? { ...link, status: 'CANCELLED', amountPaid: 0 } : link));
    expect(await client.getPaymentLink(100_001)).toEqual({ paymentLinkId: 'a1b2c3', orderCode: 100_001, status: 'PAID', amount: 50_000, amountPaid: 50_000 });
    expect(await client.cancelPaymentLink(100_001, 'expired')).toMatchObject({ status: 'CANCELLED', amountPaid: 0 });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([`GET ${BASE}/v2/payment-requests/100001`, `POST ${BASE}/v2/payment-requests/100001/cancel`]);
    expect(sent[1]?.body).toEqual({ cancellationReason: 'expired' });
  });

  it('every failure is a PayosError (502) with its reason, and nothing is retried', async () => {
    const reasonOf = async (reply: (sent: Sent, signal?: AbortSignal) => Response | Promise<Response>, timeoutMs?: number) => {
      const { client, sent } = clientAnswering(reply, timeoutMs);
      const error = await client.getPaymentLink(100_001).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PayosError);
      expect(sent).toHaveLength(1);
      return { reason: (error as PayosError).reason, status: (error as PayosError).status, code: (error as PayosError).code };
    };
    expect(await reasonOf(() => Response.json({ code: '00', desc: 'ok', data: link, signature: 'f'.repeat(64) }))).toEqual({ reason: 'signature', status: 502, code: 'PAYMENT_PROVIDER_FAILED' });
    expect((await reasonOf(() => signed({ ...link, amount: 'lots' }))).reason).toBe('malformed');
    expect((await reasonOf(() => new Response('<html>gateway</html>', { status: 200 }))).reason).toBe('malformed');
    expect((await reasonOf(() => Response.json({ code: '101', desc: 'Không tìm thấy', data: null }))).reason).toBe('provider');
    expect((await reasonOf(() => Response.json({ code: '20', desc: 'Lỗi' }, { status: 503 }))).reason).toBe('http');
    expect((await reasonOf(() => Promise.reject(new TypeError('fetch failed')))).reason).toBe('network');
    // A server that never answers: like fetch, the transport gives up when the SDK's timeout aborts it.
    const silent = (_: Sent, signal?: AbortSignal) => new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)));
    expect((await reasonOf(silent, 50)).reason).toBe('timeout');
  });

  it('reads what an unverified webhook claims: PayOS’s signed shape or not, and only whole-number order codes and amounts', () => {
    expect(payosWebhookClaims({ code: '00', data: { orderCode: 100_001, amount: 50_000 }, signature: 'forged' })).toEqual({ signed: true, orderCode: 100_001, amount: 50_000 });
    expect(payosWebhookClaims({ data: { orderCode: '100001', amount: 1.5 }, signature: 'x' })).toEqual({ signed: true, orderCode: null, amount: null });
    expect(payosWebhookClaims({ data: { orderCode: 100_001, amount: 2 ** 60 } })).toEqual({ signed: false, orderCode: 100_001, amount: null });
    for (const body of [null, 'text', [], { data: [], signature: 'x' }, { data: { orderCode: 1 }, signature: 7 }]) {
      expect(payosWebhookClaims(body).signed, JSON.stringify(body)).toBe(false);
    }
  });
});
