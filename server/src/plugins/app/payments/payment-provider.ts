import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FetchLike } from '../../../meta/graph-client.js';
import { PAYOS_API_URL, PayosClient, type PayosLinkStatus, type PayosWebhook, type PayosWebhookClaims, payosWebhookClaims } from './payos-client.js';
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

/** A webhook whose signature checked out: what it says was paid (not yet matched to a payment). Both providers send PayOS's. */
export type VerifiedWebhook = PayosWebhook;
/** What an unverified webhook body claims (never trusted). */
export type WebhookClaims = PayosWebhookClaims;

/** What a payment provider does for the payments service; PayOS and the built-in sandbox speak the same API. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  lookup(orderCode: number): Promise<PaymentLookup>;
  cancel(orderCode: number, reason?: string): Promise<PaymentLookup>;
  /** The webhook's data if `body` is signed with this provider's checksum key; null if not (or not a webhook). */
  verifyWebhook(body: unknown): Promise<VerifiedWebhook | null>;
  /** What `body` claims as this provider's webhook, unchecked: for the record of a refused one. */
  webhookClaims(body: unknown): WebhookClaims;
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
    verifyWebhook: (body) => client.verifyWebhook(body),
    webhookClaims: payosWebhookClaims,
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
