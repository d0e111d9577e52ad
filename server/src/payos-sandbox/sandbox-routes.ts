import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAYOS_DESCRIPTION_MAX } from '../plugins/app/payments/payos-client.js';
import { sameSecret } from '../http/same-secret.js';
import { dataSignature, paymentRequestSignature } from './payos-signature.js';
import { PAYOS_SANDBOX_PREFIX, type PayosSandboxKeys } from '../plugins/app/payments/payment-provider.js';
import { unstorableTextPath } from '../plugins/app/text-input-guard.js';
import { PAYMENT_WEBHOOK_PATH } from '../routes/payments.js';
import { type CheckoutLang, checkoutLang, type HtmlPage, renderCheckout, renderNotFound } from './checkout-page.js';
import { type SandboxRequestRow, SandboxStore } from './sandbox-store.js';

/** PayOS's default lifetime of a payment link when the request names none. */
const DEFAULT_LINK_MINUTES = 15;
const WEBHOOK_TIMEOUT_MS = 10_000;
/** The sandbox's made-up receiving account (what a VietQR transfer would credit). */
const SANDBOX_ACCOUNT = { bin: '970422', accountNumber: '0000123456789', accountName: 'PAGEMATE SANDBOX' };

/** A PayOS API error: `{code, desc, data: null}` with an HTTP status, thrown inside the sandbox's API scope. */
class SandboxApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    desc: string,
  ) {
    super(desc);
  }
}

const createBody = z.object({
  orderCode: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  amount: z.number().int().positive(),
  description: z.string().min(1).max(PAYOS_DESCRIPTION_MAX),
  returnUrl: z.string().url(),
  cancelUrl: z.string().url(),
  signature: z.string().min(1),
  expiredAt: z.number().int().positive().optional(),
});

/** `YYYY-MM-DD HH:mm:ss` in Vietnam time, as PayOS writes `transactionDateTime`. */
function vietnamDateTime(date: Date): string {
  return new Date(date.getTime() + 7 * 3600 * 1000).toISOString().replace('T', ' ').slice(0, 19);
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The payment-link object of GET and cancel answers. */
function linkData(row: SandboxRequestRow) {
  const paid = row.status === 'PAID';
  return {
    id: row.id,
    orderCode: row.orderCode,
    amount: row.amount,
    amountPaid: paid ? row.amount : 0,
    amountRemaining: paid ? 0 : row.amount,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    transactions: paid
      ? [
          {
            reference: row.reference ?? '',
            amount: row.amount,
            accountNumber: SANDBOX_ACCOUNT.accountNumber,
            description: row.description,
            transactionDateTime: vietnamDateTime(row.paidAt ?? row.createdAt),
            virtualAccountName: null,
            virtualAccountNumber: null,
            counterAccountBankId: null,
            counterAccountBankName: null,
            counterAccountName: null,
            counterAccountNumber: null,
          },
        ]
      : [],
    cancellationReason: row.status === 'CANCELLED' ? 'Cancelled' : null,
    canceledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
  };
}

/** The webhook PayOS sends when a link is paid: `{code, desc, success, data, signature}`, only `data` signed. */
export function paidWebhook(row: SandboxRequestRow, checksumKey: string) {
  const data = {
    orderCode: row.orderCode,
    amount: row.amount,
    description: row.description,
    accountNumber: SANDBOX_ACCOUNT.accountNumber,
    reference: row.reference ?? '',
    transactionDateTime: vietnamDateTime(row.paidAt ?? row.createdAt),
    currency: 'VND',
    paymentLinkId: row.id,
    code: '00',
    desc: 'Thành công',
    counterAccountBankId: null,
    counterAccountBankName: null,
    counterAccountName: null,
    counterAccountNumber: null,
    virtualAccountName: null,
    virtualAccountNumber: null,
  };
  return { code: '00', desc: 'success', success: true, data, signature: dataSignature(data, checksumKey) };
}

/** Where the browser goes back, with the query PayOS appends to returnUrl / cancelUrl. */
function backUrl(row: SandboxRequestRow, cancelled: boolean): string {
  const target = new URL(cancelled ? row.cancelUrl : row.returnUrl);
  const params = { code: '00', id: row.id, cancel: String(cancelled), status: row.status, orderCode: String(row.orderCode) };
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

/**
 * A PayOS look-alike under /payos-sandbox: the v2 payment-request API (same headers, signatures and answers,
 * so the production PayOS client is what talks to it) and a checkout page where the user pays or cancels.
 * Paying delivers a signed webhook by real HTTP to the server's own webhook URL, as PayOS would.
 */
export default async function payosSandboxRoutes(app: FastifyInstance, options: { keys: PayosSandboxKeys }) {
  const { keys } = options;
  const store = new SandboxStore(app.db.orm);
  const checkoutBase = `${app.config.publicApiUrl}${PAYOS_SANDBOX_PREFIX}/checkout`;

  const signed = (data: Record<string, unknown>) => ({ code: '00', desc: 'success', data, signature: dataSignature(data, keys.checksumKey) });

  await app.register(async (api) => {
    api.setErrorHandler((error, request, reply) => {
      if (error instanceof SandboxApiError) return reply.status(error.httpStatus).send({ code: error.code, desc: error.message, data: null });
      const status = (error as { statusCode?: number }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) return reply.status(400).send({ code: '20', desc: 'Thông tin truyền lên không đúng.', data: null });
      request.log.error({ err: error }, 'payos sandbox failed');
      return reply.status(500).send({ code: '99', desc: 'Lỗi hệ thống.', data: null });
    });

    // As PayOS: every API call names the merchant (x-client-id) and proves it (x-api-key).
    api.addHook('onRequest', async (request) => {
      const clientId = String(request.headers['x-client-id'] ?? '');
      const apiKey = String(request.headers['x-api-key'] ?? '');
      if (!sameSecret(keys.clientId, clientId) || !sameSecret(keys.apiKey, apiKey)) {
        throw new SandboxApiError(401, '401', 'Thông tin xác thực không hợp lệ (x-client-id, x-api-key).');
      }
    });

    // What PostgreSQL cannot store (NUL, lone surrogates) would fail the lookup or insert with a 500.
    api.addHook('preHandler', async (request) => {
      const path = unstorableTextPath(request.params) ?? unstorableTextPath(request.body);
      if (path !== undefined) throw new SandboxApiError(400, '20', `Thông tin truyền lên không đúng: ${path}`);
    });

    api.post('/v2/payment-requests', async (request) => {
      const parsed = createBody.safeParse(request.body);
      if (!parsed.success) throw new SandboxApiError(400, '20', `Thông tin truyền lên không đúng: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
      const body = parsed.data;
      if (!sameSecret(paymentRequestSignature(body, keys.checksumKey), body.signature)) {
        throw new SandboxApiError(400, '201', 'Chữ ký không hợp lệ (signature).');
      }
      const now = app.clock.now();
      const id = randomBytes(16).toString('hex');
      const expiredAt = body.expiredAt ? new Date(body.expiredAt * 1000) : new Date(now.getTime() + DEFAULT_LINK_MINUTES * 60_000);
      const row = await store.create({ id, orderCode: body.orderCode, amount: body.amount, description: body.description, returnUrl: body.returnUrl, cancelUrl: body.cancelUrl, createdAt: now, expiredAt });
      if (!row) throw new SandboxApiError(400, '231', 'Đơn thanh toán đã tồn tại.');
      const checkoutUrl = `${checkoutBase}/${id}`;
      return signed({
        ...SANDBOX_ACCOUNT,
        amount: row.amount,
        description: row.description,
        orderCode: row.orderCode,
        currency: 'VND',
        paymentLinkId: id,
        status: row.status,
        expiredAt: unixSeconds(row.expiredAt),
        checkoutUrl,
        // A real VietQR payload would go to a banking app; the sandbox's "QR" opens its checkout on a phone.
        qrCode: checkoutUrl,
      });
    });

    const found = async (idOrOrderCode: string) => {
      const row = await store.find(idOrOrderCode, app.clock.now());
      if (!row) throw new SandboxApiError(404, '101', 'Không tìm thấy đơn thanh toán.');
      return row;
    };

    api.get<{ Params: { id: string } }>('/v2/payment-requests/:id', async (request) => signed(linkData(await found(request.params.id))));

    api.post<{ Params: { id: string } }>('/v2/payment-requests/:id/cancel', async (request) => {
      const row = await found(request.params.id);
      if (row.status === 'PAID') throw new SandboxApiError(400, '20', 'Đơn thanh toán đã được thanh toán, không thể hủy.');
      const cancelled = row.status === 'PENDING' ? await store.settle(row.id, { status: 'CANCELLED' }, app.clock.now()) : undefined;
      return signed(linkData(cancelled ?? (await found(row.id))));
    });
  });

  await app.register(async (checkout) => {
    checkout.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const langOf = (request: FastifyRequest): CheckoutLang => {
      const fromBody = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>).lang : undefined;
      const fromQuery = (request.query as Record<string, unknown> | undefined)?.lang;
      const chosen = typeof fromBody === 'string' ? fromBody : typeof fromQuery === 'string' ? fromQuery : undefined;
      return checkoutLang(chosen, request.headers['accept-language']);
    };

    /** Self-contained page: inline style by nonce only; forms may go back to the merchant's return/cancel URLs. */
    const html = (reply: FastifyReply, status: number, page: HtmlPage, row?: SandboxRequestRow) => {
      const targets = row ? [...new Set([new URL(row.returnUrl).origin, new URL(row.cancelUrl).origin])].join(' ') : '';
      return reply
        .status(status)
        .header('content-security-policy', `default-src 'none'; style-src 'nonce-${page.nonce}'; form-action 'self' ${targets}; base-uri 'none'; frame-ancestors 'none'`.replace(/ {2,}/g, ' '))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    };

    checkout.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
      const row = /^[0-9a-f]{32}$/.test(request.params.id) ? await store.find(request.params.id, app.clock.now()) : undefined;
      if (!row) return html(reply, 404, renderNotFound(langOf(request)));
      return html(reply, 200, renderCheckout(row, langOf(request)), row);
    });

    checkout.post<{ Params: { id: string } }>('/checkout/:id/pay', async (request, reply) => {
      const lang = langOf(request);
      const pending = /^[0-9a-f]{32}$/.test(request.params.id) ? await store.find(request.params.id, app.clock.now()) : undefined;
      if (!pending) return html(reply, 404, renderNotFound(lang));
      const paid = await store.settle(pending.id, { status: 'PAID', reference: `SBX${randomInt(10 ** 9, 10 ** 10)}` }, app.clock.now());
      // Already paid, cancelled or expired: say so; never a second payment.
      if (!paid) {
        const current = (await store.find(pending.id, app.clock.now())) ?? pending;
        return html(reply, 409, renderCheckout(current, lang), current);
      }
      await deliverWebhook(app, paid, keys.checksumKey);
      return reply.redirect(backUrl(paid, false), 303);
    });

    checkout.post<{ Params: { id: string } }>('/checkout/:id/cancel', async (request, reply) => {
      const lang = langOf(request);
      const pending = /^[0-9a-f]{32}$/.test(request.params.id) ? await store.find(request.params.id, app.clock.now()) : undefined;
      if (!pending) return html(reply, 404, renderNotFound(lang));
      const cancelled = await store.settle(pending.id, { status: 'CANCELLED' }, app.clock.now());
      if (!cancelled) {
        const current = (await store.find(pending.id, app.clock.now())) ?? pending;
        return html(reply, 409, renderCheckout(current, lang), current);
      }
      return reply.redirect(backUrl(cancelled, true), 303);
    });
  });
}

/**
 * POSTs the signed webhook to the server's own receiver by real HTTP, as PayOS would. A failed delivery is
 * logged, not fatal: the payment is PAID here, and reconciliation asking this sandbox will credit it.
 */
async function deliverWebhook(app: FastifyInstance, row: SandboxRequestRow, checksumKey: string) {
  const url = `${app.config.publicApiUrl}${PAYMENT_WEBHOOK_PATH}/sandbox`;
  try {
    const response = await app.paymentsFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'payos-sandbox' },
      body: JSON.stringify(paidWebhook(row, checksumKey)),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) app.log.warn({ orderCode: row.orderCode, status: response.status }, 'payos sandbox: webhook refused; reconciliation will settle the payment');
  } catch (error) {
    app.log.warn({ err: error, orderCode: row.orderCode }, 'payos sandbox: webhook delivery failed; reconciliation will settle the payment');
  }
}
