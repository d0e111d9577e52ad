import { createHmac } from 'node:crypto';
import { PayOS } from '@payos/node';
import { describe, expect, it } from 'vitest';
import { dataSignature, dataSigningString, paymentRequestSignature } from './payos-signature.js';
import { sdkSignedWebhook } from '../test/payos-webhook.js';

const CHECKSUM_KEY = '1a54716c8f0efb2744fb28b6e38b25da7f67a925d98bc1c18bd8faaecadd7675';
const sdk = new PayOS({ clientId: 'client-id-for-tests', apiKey: 'api-key-for-tests', checksumKey: CHECKSUM_KEY, logLevel: 'off' });

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
      (await sdkSignedWebhook(CHECKSUM_KEY)).data,
      { b: 2, a: 'x', c: null, d: undefined, e: 'null', f: true },
      { id: 'abc', amount: 2000, transactions: [{ reference: 'R1', amount: 2000, counterAccountName: null, accountNumber: '1' }], canceledAt: null },
      {},
    ];
    for (const data of samples) expect(dataSignature(data, CHECKSUM_KEY)).toBe(await sdk.crypto.createSignatureFromObj(data, CHECKSUM_KEY));
    expect(dataSigningString({ b: 2, a: 'x', c: null, d: undefined })).toBe('a=x&b=2&c=');
  });
});
