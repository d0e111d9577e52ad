import { PayOS } from '@payos/node';
import { describe, expect, it } from 'vitest';
import { dataSignature } from '../../../payos-sandbox/payos-signature.js';
import { sdkSignedWebhook } from '../../../test/payos-webhook.js';
import { payosProvider } from './payment-provider.js';
import { PayosClient } from './payos-client.js';

const CHECKSUM_KEY = '1a54716c8f0efb2744fb28b6e38b25da7f67a925d98bc1c18bd8faaecadd7675';
const sdk = new PayOS({ clientId: 'client-id-for-tests', apiKey: 'api-key-for-tests', checksumKey: CHECKSUM_KEY, logLevel: 'off' });

/** A provider whose client never goes on the network: webhooks are checked locally with the checksum key. */
const providerWith = (checksumKey: string) =>
  payosProvider({
    name: 'payos',
    client: new PayosClient({
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'client-id',
      apiKey: 'api-key',
      checksumKey,
      fetch: () => Promise.reject(new Error('no network in this test')),
    }),
  });

describe('PayOS webhooks, verified through the official SDK’s signing', () => {
  it('a webhook the SDK signs is accepted; one the sandbox signs is accepted by the SDK too; a tampered amount by neither', async () => {
    const provider = providerWith(CHECKSUM_KEY);
    const fromSdk = await sdkSignedWebhook(CHECKSUM_KEY);
    await expect(provider.verifyWebhook(fromSdk)).resolves.toMatchObject({ orderCode: 123, amount: 3000, code: '00', reference: 'TF230204212323' });

    const sandboxSigned = { ...fromSdk, data: { ...fromSdk.data, orderCode: 100_002, amount: 250_000 } };
    sandboxSigned.signature = dataSignature(sandboxSigned.data, CHECKSUM_KEY);
    await expect(provider.verifyWebhook(sandboxSigned)).resolves.toMatchObject({ orderCode: 100_002, amount: 250_000 });
    await expect(sdk.webhooks.verify(sandboxSigned)).resolves.toMatchObject({ orderCode: 100_002, amount: 250_000 });

    const tampered = { ...sandboxSigned, data: { ...sandboxSigned.data, amount: 2_500_000 } };
    await expect(provider.verifyWebhook(tampered)).resolves.toBeNull();
    await expect(sdk.webhooks.verify(tampered)).rejects.toThrow();
  });

  it('refuses another key’s signature, an upper-cased signature, and what is not a signed webhook', async () => {
    const provider = providerWith(CHECKSUM_KEY);
    const webhook = await sdkSignedWebhook(CHECKSUM_KEY);
    await expect(providerWith('another-checksum-key-0000000000').verifyWebhook(webhook)).resolves.toBeNull();
    await expect(provider.verifyWebhook({ ...webhook, signature: webhook.signature.toUpperCase() })).resolves.toBeNull();
    for (const body of [null, 'text', [], {}, { data: {} }, { data: [], signature: 'x' }, { data: { orderCode: '1', amount: 1 }, signature: 'x' }]) {
      await expect(provider.verifyWebhook(body)).resolves.toBeNull();
    }
  });

  it('a signed webhook whose order code or amount is not a number is refused', async () => {
    const provider = providerWith(CHECKSUM_KEY);
    await expect(provider.verifyWebhook(await sdkSignedWebhook(CHECKSUM_KEY, { orderCode: '123' }))).resolves.toBeNull();
    await expect(provider.verifyWebhook(await sdkSignedWebhook(CHECKSUM_KEY, { amount: '3000' }))).resolves.toBeNull();
  });
});
