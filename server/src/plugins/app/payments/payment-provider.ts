import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FetchLike } from '../../../meta/graph-client.js';
import { PAYOS_API_URL, PayosClient } from '../../../payments/payos-client.js';
import { type PaymentProvider, payosProvider } from '../../../payments/provider.js';
import { storedAppValue } from '../app-meta-values.js';

export const PAYOS_SANDBOX_PREFIX = '/payos-sandbox';
export const PAYOS_SANDBOX_CLIENT_ID_KEY = 'payos_sandbox.client_id';
export const PAYOS_SANDBOX_API_KEY_KEY = 'payos_sandbox.api_key';
export const PAYOS_SANDBOX_CHECKSUM_KEY_KEY = 'payos_sandbox.checksum_key';

/** The PayOS credentials the built-in sandbox accepts (generated once, kept in app_meta, shared by instances). */
export interface PayosSandboxKeys {
  clientId: string;
  apiKey: string;
  checksumKey: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** PayOS when PAYOS_* are set, otherwise the built-in sandbox (the same PayOS client, other URL and keys). */
    paymentProvider: PaymentProvider;
    /** Set in sandbox mode only: what the sandbox checks requests against and signs with. */
    payosSandboxKeys: PayosSandboxKeys | undefined;
    /** Outbound HTTP of payments (PayOS calls, sandbox webhook deliveries); tests route it to `app.inject`. */
    paymentsFetch: FetchLike;
  }
}

async function sandboxKeys(app: FastifyInstance): Promise<PayosSandboxKeys> {
  const stored = (key: string, generate: () => string) => storedAppValue(app, key, generate).then((result) => result.value);
  return {
    clientId: await stored(PAYOS_SANDBOX_CLIENT_ID_KEY, () => randomUUID()),
    apiKey: await stored(PAYOS_SANDBOX_API_KEY_KEY, () => randomUUID()),
    checksumKey: await stored(PAYOS_SANDBOX_CHECKSUM_KEY_KEY, () => randomBytes(32).toString('hex')),
  };
}

async function paymentProviderPlugin(app: FastifyInstance, options: { fetch?: FetchLike }) {
  const { payments, publicApiUrl } = app.config;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const keys = payments.payos ?? (await sandboxKeys(app));
  const name = payments.payos ? 'payos' : 'sandbox';
  if (!payments.payos) app.log.warn('PAYOS_CLIENT_ID/PAYOS_API_KEY/PAYOS_CHECKSUM_KEY are not set: deposits go to the built-in PayOS sandbox (no real money)');
  const baseUrl = payments.payosApiUrl ?? (payments.payos ? PAYOS_API_URL : `${publicApiUrl}${PAYOS_SANDBOX_PREFIX}`);
  const client = new PayosClient({ baseUrl, ...keys, fetch: fetchImpl });
  app.decorate('paymentProvider', payosProvider({ name, client, checksumKey: keys.checksumKey }));
  app.decorate('payosSandboxKeys', payments.payos ? undefined : keys);
  app.decorate('paymentsFetch', fetchImpl);
}

export default fp(paymentProviderPlugin, { name: 'payment-provider', fastify: '5.x', dependencies: ['config', 'db'] });
