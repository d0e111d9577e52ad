import { AppError } from '../errors/app-error.js';
import type { FetchLike } from '../meta/graph-client.js';
import { isDataSignatureValid, paymentRequestSignature } from './payos-signature.js';

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

export interface PayosClientOptions {
  /** e.g. https://api-merchant.payos.vn, or the built-in sandbox's `${PUBLIC_API_URL}/payos-sandbox`. */
  baseUrl: string;
  clientId: string;
  apiKey: string;
  checksumKey: string;
  fetch: FetchLike;
  timeoutMs?: number;
}

/** PayOS's envelope: `code` "00" is success, anything else comes with a Vietnamese `desc`. */
interface PayosEnvelope {
  code?: unknown;
  desc?: unknown;
  data?: unknown;
  signature?: unknown;
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const STATUSES = new Set<string>(['PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'PROCESSING', 'UNDERPAID', 'FAILED']);
const asStatus = (value: unknown): PayosLinkStatus | undefined => (typeof value === 'string' && STATUSES.has(value) ? (value as PayosLinkStatus) : undefined);

/**
 * The PayOS payment-request API (v2), written from PayOS's documentation and checked in tests against the
 * official SDK's signing: signed create requests, response signatures verified, every failure a `PayosError`
 * (502 PAYMENT_PROVIDER_FAILED). Never retried here: a create that timed out may exist at PayOS, and the
 * caller (reconciliation) is the one that knows when asking again is safe.
 */
export class PayosClient {
  readonly baseUrl: string;

  constructor(private readonly options: PayosClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async createPaymentLink(input: CreatePaymentLinkInput): Promise<CreatedPaymentLink> {
    const signature = paymentRequestSignature(input, this.options.checksumKey);
    const data = await this.call('create payment link', 'POST', '/v2/payment-requests', { ...input, signature });
    const status = asStatus(data.status) ?? 'PENDING';
    const { checkoutUrl, qrCode, paymentLinkId } = data;
    if (typeof checkoutUrl !== 'string' || typeof qrCode !== 'string' || typeof paymentLinkId !== 'string') {
      throw new PayosError('create payment link', 'malformed', 'checkoutUrl, qrCode or paymentLinkId missing');
    }
    return { checkoutUrl, qrCode, paymentLinkId, status };
  }

  /** `GET /v2/payment-requests/{orderCode}`: the link's status and how much was paid. */
  async getPaymentLink(orderCode: number): Promise<PaymentLinkInfo> {
    return this.linkInfo('get payment link', await this.call('get payment link', 'GET', `/v2/payment-requests/${orderCode}`));
  }

  async cancelPaymentLink(orderCode: number, reason: string): Promise<PaymentLinkInfo> {
    const data = await this.call('cancel payment link', 'POST', `/v2/payment-requests/${orderCode}/cancel`, { cancellationReason: reason });
    return this.linkInfo('cancel payment link', data);
  }

  private linkInfo(operation: string, data: Record<string, unknown>): PaymentLinkInfo {
    const status = asStatus(data.status);
    const { id, orderCode, amount, amountPaid } = data;
    if (!status || typeof id !== 'string' || typeof orderCode !== 'number' || typeof amount !== 'number' || typeof amountPaid !== 'number') {
      throw new PayosError(operation, 'malformed', 'status, id, orderCode, amount or amountPaid missing');
    }
    return { paymentLinkId: id, orderCode, status, amount, amountPaid };
  }

  /** One call: headers, timeout, HTTP and PayOS error codes, and the response signature when PayOS sends one. */
  private async call(operation: string, method: 'GET' | 'POST', path: string, body?: object): Promise<Record<string, unknown>> {
    const response = await this.send(operation, method, path, body);
    const text = await response.text().catch(() => '');
    const envelope = this.parse(text);
    if (!response.ok) throw new PayosError(operation, 'http', `HTTP ${response.status} code ${String(envelope?.code ?? '-')}: ${String(envelope?.desc ?? text.slice(0, 200))}`);
    if (!envelope) throw new PayosError(operation, 'malformed', `not JSON: ${text.slice(0, 200)}`);
    if (envelope.code !== '00' || !isRecord(envelope.data)) {
      throw new PayosError(operation, 'provider', `code ${String(envelope.code)}: ${String(envelope.desc ?? '')}`);
    }
    // As the SDK does: a signed answer must carry our checksum key's signature of its data, or it is not PayOS's.
    if (typeof envelope.signature === 'string' && !isDataSignatureValid(envelope.data, envelope.signature, this.options.checksumKey)) {
      throw new PayosError(operation, 'signature', 'response signature does not match its data');
    }
    return envelope.data;
  }

  private async send(operation: string, method: 'GET' | 'POST', path: string, body?: object): Promise<Response> {
    try {
      return await this.options.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { 'x-client-id': this.options.clientId, 'x-api-key': this.options.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PayosError(operation, timedOut ? 'timeout' : 'network', error instanceof Error ? error.message : String(error));
    }
  }

  private parse(text: string): PayosEnvelope | undefined {
    try {
      const parsed = JSON.parse(text) as unknown;
      return isRecord(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
}
