import { PayOS } from '@payos/node';

/** A webhook as PayOS documents it, signed the way the official SDK signs data. */
export async function sdkSignedWebhook(checksumKey: string, overrides: Record<string, unknown> = {}) {
  const sdk = new PayOS({ clientId: 'client-id-for-tests', apiKey: 'api-key-for-tests', checksumKey, logLevel: 'off' });
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
  const signature = await sdk.crypto.createSignatureFromObj(data, checksumKey);
  return { code: '00', desc: 'success', success: true, data, signature: signature ?? '' };
}
