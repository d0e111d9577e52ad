import { createHmac } from 'node:crypto';
import { PayOS } from '@payos/node';
import { describe, expect, it } from 'vitest';
import { dataSignature, dataSigningString, isDataSignatureValid, paymentRequestSignature, sameSignature } from './payos-signature.js';
import { verifyPayosWebhook } from './provider.js';

const CHECKSUM_KEY = '1a54716c8f0efb2744fb28b6e38b25da7f67a925d98bc1c18bd8faaecadd7675';
const sdk = new PayOS({ clientId: 'client-id-for-tests', apiKey: 'api-key-for-tests', checksumKey: CHECKSUM_KEY, logLevel: 'off' });

/** A webhook as PayOS documents it, signed the way the official SDK signs data. */
async function sdkSignedWebhook(overrides: Record<string, unknown> = {}) {
  const data = {
    orderCode: 123,
    amount: 3000,
    description: 'VQRIO123',
    accountNumber: '12345678',
    reference: 'TF230204212323',
    transactionDateTime: '2023-02-04 18:25:00',
    currency: 'VND',
    paymentLinkId: '124c33293c43417ab7879e14c8d9eb18',
    code: '00',
    desc: 'Thành công',
    counterAccountBankId: '',
    counterAccountBankName: '',
    counterAccountName: null,
    counterAccountNumber: null,
    virtualAccountName: null,
    virtualAccountNumber: '',
    ...overrides,
  };
  const signature = await sdk.crypto.createSignatureFromObj(data, CHECKSUM_KEY);
  return { code: '00', desc: 'success', success: true, data, signature: signature ?? '' };
}

describe('PayOS signatures, checked against the official @payos/node SDK', () => {
  it('create-payment signature: the five sorted fields, raw values (URLs with & and Vietnamese text as they are)', async () => {
    const requests = [
      { orderCode: 100_001, amount: 100_000, description: 'PageMate 100001', returnUrl: 'http://localhost:3000/user-dashboard/balance/?payment=abc', cancelUrl: 'http://localhost:3000/user-dashboard/balance/?payment=abc' },
      { orderCode: 9_007_199_254_740_991, amount: 50_000_000, description: 'Nạp tiền & thử', returnUrl: 'https://a.vn/ok?x=1&y=2', cancelUrl: 'https://a.vn/cancel#frag' },
    ];
    for (const request of requests) {
      expect(paymentRequestSignature(request, CHECKSUM_KEY)).toBe(await sdk.crypto.createSignatureOfPaymentRequest(request, CHECKSUM_KEY));
    }
    // The documented string, by hand: amount=…&cancelUrl=…&description=…&orderCode=…&returnUrl=…
    const returnUrl = 'http://localhost:3000/user-dashboard/balance/?payment=abc';
    const manual = createHmac('sha256', CHECKSUM_KEY)
      .update(`amount=100000&cancelUrl=${returnUrl}&description=PageMate 100001&orderCode=100001&returnUrl=${returnUrl}`)
      .digest('hex');
    expect(paymentRequestSignature({ orderCode: 100_001, amount: 100_000, description: 'PageMate 100001', returnUrl, cancelUrl: returnUrl }, CHECKSUM_KEY)).toBe(manual);
  });

  it('data signature equals the SDK: nulls, undefined keys, numbers, arrays of objects (GET answers carry transactions)', async () => {
    const samples: Record<string, unknown>[] = [
      (await sdkSignedWebhook()).data,
      { b: 2, a: 'x', c: null, d: undefined, e: 'null', f: true },
      { id: 'abc', amount: 2000, transactions: [{ reference: 'R1', amount: 2000, counterAccountName: null, accountNumber: '1' }], canceledAt: null },
      {},
    ];
    for (const data of samples) expect(dataSignature(data, CHECKSUM_KEY)).toBe(await sdk.crypto.createSignatureFromObj(data, CHECKSUM_KEY));
    expect(dataSigningString({ b: 2, a: 'x', c: null, d: undefined })).toBe('a=x&b=2&c=');
  });

  it('a webhook the SDK signs is accepted by ours; one we sign is accepted by the SDK; a tampered amount by neither', async () => {
    const fromSdk = await sdkSignedWebhook();
    expect(verifyPayosWebhook(fromSdk, CHECKSUM_KEY)).toMatchObject({ orderCode: 123, amount: 3000, code: '00', reference: 'TF230204212323' });

    const ours = { ...fromSdk, data: { ...fromSdk.data, orderCode: 100_002, amount: 250_000 } };
    ours.signature = dataSignature(ours.data, CHECKSUM_KEY);
    await expect(sdk.webhooks.verify(ours)).resolves.toMatchObject({ orderCode: 100_002, amount: 250_000 });

    const tampered = { ...ours, data: { ...ours.data, amount: 2_500_000 } };
    expect(verifyPayosWebhook(tampered, CHECKSUM_KEY)).toBeNull();
    await expect(sdk.webhooks.verify(tampered)).rejects.toThrow();
    expect(verifyPayosWebhook(ours, 'another-checksum-key-0000000000')).toBeNull();
    expect(isDataSignatureValid(ours.data, ours.signature.toUpperCase(), CHECKSUM_KEY)).toBe(false);
  });

  it('refuses what is not a signed webhook and compares in constant time without throwing on length', () => {
    for (const body of [null, 'text', [], {}, { data: {} }, { data: [], signature: 'x' }, { data: { orderCode: '1', amount: 1 }, signature: 'x' }]) {
      expect(verifyPayosWebhook(body, CHECKSUM_KEY)).toBeNull();
    }
    expect(sameSignature('abc', 'abcd')).toBe(false);
    expect(sameSignature('abc', 'abc')).toBe(true);
  });
});
