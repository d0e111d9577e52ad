import { APIError, ConnectionError, ConnectionTimeoutError, InvalidSignatureError, PayOS, UserAbortError } from '@payos/node';
import { AppError } from '../../../errors/app-error.js';
import { sameSecret } from '../../../http/same-secret.js';
import type { FetchLike } from '../../../meta/graph-client.js';

export const PAYOS_API_URL = 'https://api-merchant.payos.vn';
/** PayOS refuses longer transfer descriptions for accounts without a virtual account. */
export const PAYOS_DESCRIPTION_MAX = 25;
const TIMEOUT_MS = 10_000;

export type PayosLinkStatus = 'PENDING' | 'PAID' | 'CANCELLED' | 'EXPIRED' | 'PROCESSING' | 'UNDERPAID' | 'FAILED';

export interface CreatePaymentLinkInput {
  orderCode: number;
  amount: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** Unix seconds after which PayOS refuses the payment. */
  expiredAt: number;
}

export interface CreatedPaymentLink {
  checkoutUrl: string;
  qrCode: string;
  paymentLinkId: string;
  status: PayosLinkStatus;
}

export interface PaymentLinkInfo {
  paymentLinkId: string;
  orderCode: number;
  status: PayosLinkStatus;
  amount: number;
  amountPaid: number;
}

/** A webhook whose signature checked out: what PayOS says was paid (not yet matched to a payment). */
export interface PayosWebhook {
  orderCode: number;
  amount: number;
  /** The transfer's result: "00" is a successful payment. */
  code: string;
  reference: string;
  paymentLinkId: string;
  /** What was signed, as it came. */
  data: Record<string, unknown>;
  signature: string;
}

/** What a webhook body claims before (or without) its signature checking out: never trusted, kept for the audit. */
export interface PayosWebhookClaims {
  /** The body has PayOS's signed shape, `{…, data: {…}, signature: "…"}` (whether or not the signature is right). */
  signed: boolean;
  /** `data.orderCode` and `data.amount` when they are whole numbers. */
  orderCode: number | null;
  amount: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasSignedShape = (body: unknown): body is { data: Record<string, unknown>; signature: string } =>
  isRecord(body) && isRecord(body.data) && typeof body.signature === 'string';

/** What `body` claims as a PayOS webhook, read without checking anything. */
export function payosWebhookClaims(body: unknown): PayosWebhookClaims {
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  return {
    signed: hasSignedShape(body),
    orderCode: typeof data.orderCode === 'number' && Number.isSafeInteger(data.orderCode) ? data.orderCode : null,
    amount: typeof data.amount === 'number' && Number.isSafeInteger(data.amount) ? data.amount : null,
  };
}

export interface PayosClientOptions {
  /** e.g. https://api-merchant.payos.vn, or the built-in sandbox's `${PUBLIC_API_URL}/payos-sandbox`. */
  baseUrl: string;
  clientId: string;
  apiKey: string;
  checksumKey: string;
  fetch: FetchLike;
  timeoutMs?: number;
}

const REASON_TEXT: Record<PayosError['reason'], string> = {
  http: 'answered with an HTTP error',
  provider: 'refused the request',
  timeout: 'did not answer within 10 seconds',
  network: 'could not be reached',
  signature: 'sent an answer with an invalid signature',
  malformed: 'sent an answer that could not be read',
};
const userMessage = (operation: string, reason: PayosError['reason']) =>
  `The payment provider ${REASON_TEXT[reason]} (${operation}). Please try again in a few minutes.`;

/** The provider failed us; the user sees the message (AppError), the details go to the log through `cause`. */
export class PayosError extends AppError {
  override name = 'PayosError';

  constructor(
    readonly operation: string,
    readonly reason: 'http' | 'provider' | 'timeout' | 'network' | 'signature' | 'malformed',
    readonly detail: string,
  ) {
    super(502, 'PAYMENT_PROVIDER_FAILED', userMessage(operation, reason));
  }
}

const STATUSES = new Set<string>(['PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'PROCESSING', 'UNDERPAID', 'FAILED']);
const asStatus = (value: unknown): PayosLinkStatus | undefined => (typeof value === 'string' && STATUSES.has(value) ? (value as PayosLinkStatus) : undefined);

/** What went wrong in the SDK's terms, as one of our reasons (the SDK's own message goes to the log). */
function failureOf(operation: string, error: unknown): PayosError {
  if (error instanceof PayosError) return error;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof ConnectionTimeoutError) return new PayosError(operation, 'timeout', detail);
  if (error instanceof ConnectionError || error instanceof UserAbortError) return new PayosError(operation, 'network', detail);
  if (error instanceof InvalidSignatureError) return new PayosError(operation, 'signature', detail);
  if (error instanceof APIError) {
    // An HTTP success carrying a PayOS code other than "00" is a refusal; anything else an HTTP error.
    const refused = typeof error.status === 'number' && error.status >= 200 && error.status < 300;
    return new PayosError(operation, refused ? 'provider' : 'http', `HTTP ${String(error.status)} code ${String(error.code ?? '-')}: ${String(error.desc ?? error.message)}`);
  }
  // The SDK reads the body as JSON: an answer that is not JSON ends here.
  return new PayosError(operation, 'malformed', detail);
}

/**
 * The PayOS payment-request API (v2) through the official SDK (`@payos/node`): it signs create requests and
 * checks the signature of every answer that carries one with our checksum key. Every failure becomes a
 * `PayosError` (502 PAYMENT_PROVIDER_FAILED). Never retried (`maxRetries: 0`): a create that timed out may
 * exist at PayOS, and the caller (reconciliation) is the one that knows when asking again is safe.
 */
export class PayosClient {
  readonly baseUrl: string;
  private readonly sdk: PayOS;
  private readonly checksumKey: string;

  constructor(options: PayosClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.checksumKey = options.checksumKey;
    const transport = options.fetch;
    this.sdk = new PayOS({
      clientId: options.clientId,
      apiKey: options.apiKey,
      checksumKey: options.checksumKey,
      baseURL: this.baseUrl,
      timeout: options.timeoutMs ?? TIMEOUT_MS,
      maxRetries: 0,
      logLevel: 'off',
      // The SDK resolves `/v2/…` against `baseURL` with `new URL`, which drops a base path such as the
      // sandbox's `/payos-sandbox`: the path it asks for is put back under our base URL here.
      fetch: (input, init) => {
        const asked = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
        return transport(`${this.baseUrl}${asked.pathname}${asked.search}`, init);
      },
    });
  }

  async createPaymentLink(input: CreatePaymentLinkInput): Promise<CreatedPaymentLink> {
    const operation = 'create payment link';
    const data = await this.run(operation, () => this.sdk.paymentRequests.create(input));
    const { checkoutUrl, qrCode, paymentLinkId } = data as Partial<Record<string, unknown>>;
    if (typeof checkoutUrl !== 'string' || typeof qrCode !== 'string' || typeof paymentLinkId !== 'string') {
      throw new PayosError(operation, 'malformed', 'checkoutUrl, qrCode or paymentLinkId missing');
    }
    return { checkoutUrl, qrCode, paymentLinkId, status: asStatus(data.status) ?? 'PENDING' };
  }

  /** `GET /v2/payment-requests/{orderCode}`: the link's status and how much was paid. */
  async getPaymentLink(orderCode: number): Promise<PaymentLinkInfo> {
    const operation = 'get payment link';
    return this.linkInfo(operation, await this.run(operation, () => this.sdk.paymentRequests.get(orderCode)));
  }

  async cancelPaymentLink(orderCode: number, reason: string): Promise<PaymentLinkInfo> {
    const operation = 'cancel payment link';
    return this.linkInfo(operation, await this.run(operation, () => this.sdk.paymentRequests.cancel(orderCode, reason)));
  }

  /**
   * The body as PayOS sends a webhook, `{code, desc, success, data, signature}`: `data` if `signature` is the one
   * the SDK computes over it with our checksum key (compared in constant time: the SDK's own `webhooks.verify`
   * compares with `!==`), null if not, or if it is not a webhook.
   */
  async verifyWebhook(body: unknown): Promise<PayosWebhook | null> {
    if (!hasSignedShape(body)) return null;
    const { data, signature } = body;
    const expected = await this.sdk.crypto.createSignatureFromObj(data, this.checksumKey);
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

  private async run<T>(operation: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw failureOf(operation, error);
    }
  }

  private linkInfo(operation: string, data: object): PaymentLinkInfo {
    const { id, orderCode, amount, amountPaid, status } = data as Partial<Record<string, unknown>>;
    const known = asStatus(status);
    if (!known || typeof id !== 'string' || typeof orderCode !== 'number' || typeof amount !== 'number' || typeof amountPaid !== 'number') {
      throw new PayosError(operation, 'malformed', 'status, id, orderCode, amount or amountPaid missing');
    }
    return { paymentLinkId: id, orderCode, status: known, amount, amountPaid };
  }
}
