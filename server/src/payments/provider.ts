import type { PayosClient, PayosLinkStatus } from './payos-client.js';
import { isDataSignatureValid } from './payos-signature.js';

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

/** The body as PayOS sends it, `{code, desc, success, data, signature}`, with `data` signed by `checksumKey`. */
export function verifyPayosWebhook(body: unknown, checksumKey: string): VerifiedWebhook | null {
  if (!isRecord(body) || !isRecord(body.data) || typeof body.signature !== 'string') return null;
  const { data, signature } = body;
  if (!isDataSignatureValid(data, signature, checksumKey)) return null;
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
  checksumKey: string;
}

/** A provider speaking PayOS's API: PayOS itself, or the sandbox (the same client, another base URL and keys). */
export function payosProvider({ name, client, checksumKey }: PayosProviderOptions): PaymentProvider {
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
    verifyWebhook: (body) => Promise.resolve(verifyPayosWebhook(body, checksumKey)),
  };
}
