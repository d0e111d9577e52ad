import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FetchLike } from '../../../meta/graph-client.js';
import { PAYOS_API_URL, PayosClient, type PayosLinkStatus } from './payos-client.js';
import { sameSecret } from '../../../http/same-secret.js';
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

export type PaymentProviderName = 'sandbox' | 'payos';

export interface CreatePaymentInput {
  orderCode: number;
  amount: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CreatedPayment {
  providerRef: string;
  checkoutUrl: string;
  qrCode: string;
}

export interface PaymentLookup {
  status: PayosLinkStatus;
  amount: number;
  amountPaid: number;
}

/** A webhook whose signature checked out: what it says was paid (not yet matched to a payment). */
export interface VerifiedWebhook {
  orderCode: number;
  amount: number;
  /** The transfer's result: "00" is a successful payment. */
  code: string;
  reference: string;
  paymentLinkId: string;
  data: Record<string, unknown>;
  signature: string;
}

/** What a payment provider does for the payments service; PayOS and the built-in sandbox speak the same API. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  lookup(orderCode: number): Promise<PaymentLookup>;
  cancel(orderCode: number, reason?: string): Promise<PaymentLookup>;
  /** The webhook's data if `body` is signed with this provider's checksum key; null if not (or not a webhook). */
  verifyWebhook(body: unknown): Promise<VerifiedWebhook | null>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body as PayOS sends it, `{code, desc, success, data, signature}`: `data` if the signature is the one
 * `sign` computes over it (the SDK's signing, compared in constant time), null if not or not a webhook.
 */
export async function verifyPayosWebhook(body: unknown, sign: (data: Record<string, unknown>) => Promise<string | null>): Promise<VerifiedWebhook | null> {
  if (!isRecord(body) || !isRecord(body.data) || typeof body.signature !== 'string') return null;
  const { data, signature } = body;
  const expected = await sign(data);
  if (expected === null || !sameSecret(expected, signature)) return null;
  const { orderCode, amount, code, reference, paymentLinkId } = data;
  if (typeof orderCode !== 'number' || typeof amount !== 'number') return null;
  return {
    orderCode,
    amount,
    code: typeof code === 'string' ? code : '',
    reference: typeof reference === 'string' ? reference : '',
    paymentLinkId: typeof paymentLinkId === 'string' ? paymentLinkId : '',
    data,
    signature,
  };
}

export interface PayosProviderOptions {
  name: PaymentProviderName;
  client: PayosClient;
}

/** A provider speaking PayOS's API: PayOS itself, or the sandbox (the same client, another base URL and keys). */
export function payosProvider({ name, client }: PayosProviderOptions): PaymentProvider {
  const lookupOf = (info: { status: PayosLinkStatus; amount: number; amountPaid: number }): PaymentLookup => ({
    status: info.status,
    amount: info.amount,
    amountPaid: info.amountPaid,
  });
  return {
    name,
    async create(input) {
      const link = await client.createPaymentLink({
        orderCode: input.orderCode,
        amount: input.amount,
        description: input.description,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        expiredAt: Math.floor(input.expiresAt.getTime() / 1000),
      });
      return { providerRef: link.paymentLinkId, checkoutUrl: link.checkoutUrl, qrCode: link.qrCode };
    },
    lookup: async (orderCode) => lookupOf(await client.getPaymentLink(orderCode)),
    cancel: async (orderCode, reason = 'Cancelled by the customer') => lookupOf(await client.cancelPaymentLink(orderCode, reason)),
    verifyWebhook: (body) => verifyPayosWebhook(body, (data) => client.dataSignature(data)),
  };
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
  app.decorate('paymentProvider', payosProvider({ name, client }));
  app.decorate('payosSandboxKeys', payments.payos ? undefined : keys);
  app.decorate('paymentsFetch', fetchImpl);
}

export default fp(paymentProviderPlugin, { name: 'payment-provider', fastify: '5.x', dependencies: ['config', 'db'] });
