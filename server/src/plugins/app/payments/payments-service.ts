import type { Deposit, ListQuery } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../errors/app-error.js';
import { pageOffset, vietnamDayRange } from '../../../http/list-query.js';
import { PayosError } from './payos-client.js';
import type { PaymentLookup, PaymentProviderName, VerifiedWebhook } from './payment-provider.js';
import { unstorableTextPath } from '../text-input-guard.js';
import type { NewPaymentEvent, PaymentEventOutcome, PaymentRow } from './payments-repository.js';

/** Reconciliation claims this many pending payments at a time, and at most this many batches per run. */
const RECONCILE_BATCH = 10;
const RECONCILE_MAX_BATCHES = 20;
/** A payment checked this recently is left alone by every instance's reconciliation. */
export const RECONCILE_LEASE_SECONDS = 60;
/**
 * A client polling a pending payment makes us ask the provider at most this often: the browser coming back
 * from the checkout (paid, or cancelled — PayOS sends no webhook for a cancel) sees the verdict within seconds
 * even when the webhook is late or lost.
 */
export const STATUS_CHECK_SECONDS = 5;

export interface WebhookResult {
  /** false: the body was not a webhook signed by the provider (answered 400, nothing credited). */
  accepted: boolean;
  outcome: PaymentEventOutcome;
}

export interface ReconcileSummary {
  checked: number;
  credited: number;
  cancelled: number;
  expired: number;
  errors: number;
}

export interface Payments {
  deposit(userId: string, amount: number): Promise<Deposit>;
  /** The user's own payment (another user's id answers 404, as an unknown one does). */
  status(userId: string, paymentId: string): Promise<Deposit>;
  cancel(userId: string, paymentId: string): Promise<Deposit>;
  history(userId: string, query: ListQuery): Promise<{ items: Deposit[]; total: number }>;
  /**
   * A webhook from `provider`: verified, matched, confirmed with the provider, credited once. `admitRefusal` runs
   * before an unverified body is recorded: throwing (a rate limit's 429) refuses it with nothing stored.
   */
  handleWebhook(provider: PaymentProviderName, body: unknown, admitRefusal?: () => Promise<void>): Promise<WebhookResult>;
  /** Asks the provider about pending payments: credits the paid ones, closes the cancelled and expired ones. */
  reconcile(): Promise<ReconcileSummary>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toDeposit(row: PaymentRow): Deposit {
  const open = row.status === 'pending' && row.checkoutUrl !== null;
  return {
    payment_id: row.id,
    amount: row.amount,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    order_code: row.orderCode,
    provider: row.provider,
    description: row.description,
    expires_at: row.expiresAt.toISOString(),
    paid_at: iso(row.paidAt),
    ...(open ? { checkout_url: row.checkoutUrl ?? '', qr_code: row.qrCode ?? '' } : {}),
  };
}

/** What an unverifiable body claims: the audit row keeps this, never trusted, and nothing else of the body. */
type Claimed = { orderCode: number | null; amount: number | null };

/** Objects and arrays nested deeper than `max` levels (PostgreSQL's jsonb, and the stack, have limits). */
const nestedDeeperThan = (value: unknown, max: number): boolean =>
  typeof value === 'object' && value !== null && (max <= 0 || Object.values(value).some((item) => nestedDeeperThan(item, max - 1)));

function paymentsServicePlugin(app: FastifyInstance) {
  const repo = app.paymentsRepository;
  const provider = app.paymentProvider;
  const { expiryMinutes, reconcileIntervalSeconds } = app.config.payments;
  const now = () => app.clock.now();

  const record = (event: NewPaymentEvent) => repo.recordEvent(event, now());

  async function ownPayment(userId: string, paymentId: string): Promise<PaymentRow> {
    const row = await repo.findById(paymentId);
    if (!row || row.userId !== userId) throw new AppError(404, 'NOT_FOUND', 'Payment not found.');
    return row;
  }

  /**
   * The provider says `payment` was paid `paidAmount`: credit it once. The ledger entry is keyed by the
   * payment id, so a replay, a racing webhook or reconciliation all land on the same entry; the conditional
   * update to `paid` picks the one caller that reports `credited` (and notifies). A payment already expired
   * or cancelled here is still credited: the money reached us.
   */
  async function applyPaid(payment: PaymentRow, paidAmount: number, source: NewPaymentEvent['source'], payload: unknown): Promise<PaymentEventOutcome> {
    const base = { provider: payment.provider, source, orderCode: payment.orderCode, paymentId: payment.id, amount: paidAmount, payload };
    if (paidAmount !== payment.amount) {
      app.log.warn({ orderCode: payment.orderCode, expected: payment.amount, paid: paidAmount, source }, 'payment amount mismatch: nothing credited');
      await record({ ...base, outcome: 'amount_mismatch', detail: `expected ${payment.amount}, paid ${paidAmount}` });
      return 'amount_mismatch';
    }
    const note = `Nạp tiền ${payment.provider === 'payos' ? 'PayOS' : '(sandbox)'} — mã đơn ${payment.orderCode}`;
    const credit = await app.ledger.credit(payment.userId, payment.amount, `deposit:${payment.id}`, 'deposit', note);
    const marked = await repo.markPaid(payment.id, credit.entryId, credit.createdAt, now());
    const outcome = marked ? 'credited' : 'duplicate';
    await record({ ...base, outcome, detail: marked ? `was ${payment.status}` : 'already paid' });
    if (marked) {
      app.log.info({ orderCode: payment.orderCode, amount: payment.amount, source }, 'deposit credited');
      await app.notifications.notify(payment.userId, 'deposit_paid', { amount: payment.amount, balance: credit.available }, `deposit_paid:${payment.id}`);
    }
    return outcome;
  }

  /**
   * A signed webhook says `payment` was paid; the provider must say so too (status PAID, at least its amount
   * received) before anything is credited: PayOS's signing string (`k=v&…`) is not one-to-one when values hold
   * `&` or `=`, so a signature alone proves less than it seems. Undefined when confirmed; otherwise what was
   * recorded: `unconfirmed` (the provider disagrees), or `error` when it did not answer — the payment stays
   * pending and reconciliation asks again.
   */
  async function confirmPaid(payment: PaymentRow, event: Omit<NewPaymentEvent, 'outcome'>): Promise<PaymentEventOutcome | undefined> {
    let answer: PaymentLookup;
    try {
      answer = await provider.lookup(payment.orderCode);
    } catch (error) {
      app.log.warn({ err: error, orderCode: payment.orderCode }, 'payment webhook not confirmed: the provider did not answer; left pending for reconciliation');
      await record({ ...event, outcome: 'error', detail: 'provider did not answer; left pending for reconciliation' });
      return 'error';
    }
    if (answer.status === 'PAID' && answer.amountPaid >= payment.amount) return undefined;
    app.log.warn({ orderCode: payment.orderCode, status: answer.status, amountPaid: answer.amountPaid }, 'payment webhook not confirmed by the provider: nothing credited');
    await record({ ...event, outcome: 'unconfirmed', detail: `provider: ${answer.status}, paid ${answer.amountPaid} of ${payment.amount}` });
    return 'unconfirmed';
  }

  /** Closes a pending payment the provider will not take money for any more; records the decision. */
  async function close(payment: PaymentRow, status: 'cancelled' | 'expired', source: NewPaymentEvent['source'], detail: string): Promise<boolean> {
    const closed = await repo.closePending(payment.id, status, now());
    if (closed) await record({ provider: payment.provider, source, outcome: status, orderCode: payment.orderCode, paymentId: payment.id, amount: payment.amount, detail });
    return closed !== undefined;
  }

  /**
   * Past its expiry: cancel at the provider first so the QR cannot be paid later, then expire it here. If the
   * cancel fails the provider is asked again — paid meanwhile means credit, anything else waits for the next run.
   */
  async function expire(payment: PaymentRow): Promise<PaymentEventOutcome | undefined> {
    let answer: PaymentLookup;
    try {
      answer = await provider.cancel(payment.orderCode, 'Expired');
    } catch (error) {
      answer = await provider.lookup(payment.orderCode);
      if (answer.status === 'PENDING') throw error;
    }
    if (answer.status === 'PAID') return applyPaid(payment, answer.amountPaid, 'reconcile', answer);
    if (answer.status === 'PROCESSING' || answer.status === 'UNDERPAID') return undefined;
    return (await close(payment, 'expired', 'reconcile', `provider: ${answer.status}`)) ? 'expired' : undefined;
  }

  /** One pending payment, checked with the provider; what was decided (undefined: still pending). */
  async function reconcileOne(payment: PaymentRow): Promise<PaymentEventOutcome | undefined> {
    const answer = await provider.lookup(payment.orderCode);
    if (answer.status === 'PAID') return applyPaid(payment, answer.amountPaid, 'reconcile', answer);
    if (answer.status === 'CANCELLED') return (await close(payment, 'cancelled', 'reconcile', 'cancelled at the provider')) ? 'cancelled' : undefined;
    if (answer.status === 'EXPIRED') return (await close(payment, 'expired', 'reconcile', 'expired at the provider')) ? 'expired' : undefined;
    if (answer.status === 'PENDING' && now() >= payment.expiresAt) return expire(payment);
    return undefined;
  }

  async function reconcileSafely(payment: PaymentRow, summary: ReconcileSummary) {
    summary.checked += 1;
    try {
      const outcome = await reconcileOne(payment);
      if (outcome === 'credited') summary.credited += 1;
      if (outcome === 'cancelled') summary.cancelled += 1;
      if (outcome === 'expired') summary.expired += 1;
    } catch (error) {
      summary.errors += 1;
      app.log.warn({ err: error, orderCode: payment.orderCode }, 'payment reconciliation failed; retried on a later run');
      const detail = error instanceof Error ? error.message : String(error);
      await record({ provider: payment.provider, source: 'reconcile', outcome: 'error', orderCode: payment.orderCode, paymentId: payment.id, detail: detail.slice(0, 500) });
    }
  }

  const service: Payments = {
    async deposit(userId, amount) {
      const createdAt = now();
      const payment = await repo.create({
        userId,
        provider: provider.name,
        amount,
        // ASCII only and ≤ 25 characters: what PayOS accepts and what the bank transfer shows.
        describe: (orderCode) => `PageMate ${orderCode}`,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + expiryMinutes * 60_000),
      });
      const back = `${app.config.shellOrigin}/user-dashboard/balance/?payment=${payment.id}`;
      try {
        const created = await provider.create({ orderCode: payment.orderCode, amount, description: payment.description, returnUrl: back, cancelUrl: back, expiresAt: payment.expiresAt });
        return toDeposit(await repo.attachCheckout(payment.id, created, now()));
      } catch (error) {
        // For support: the user's message plus what the provider actually said (PayosError.detail).
        const reason = error instanceof PayosError ? `${error.message} ${error.detail}` : error instanceof Error ? error.message : String(error);
        await repo.closePending(payment.id, 'failed', now(), reason.slice(0, 500));
        throw error instanceof AppError ? error : new AppError(502, 'PAYMENT_PROVIDER_FAILED', 'The payment provider could not create the payment. Please try again later.');
      }
    },

    async status(userId, paymentId) {
      const payment = await ownPayment(userId, paymentId);
      if (payment.status !== 'pending') return toDeposit(payment);
      // Someone is waiting for a verdict: ask the provider now rather than at the next job run (one asker at a time).
      const at = now();
      const claimed = await repo.claimOne(payment.id, new Date(at.getTime() - STATUS_CHECK_SECONDS * 1000), at);
      if (!claimed) return toDeposit(payment);
      await reconcileSafely(claimed, { checked: 0, credited: 0, cancelled: 0, expired: 0, errors: 0 });
      return toDeposit(await ownPayment(userId, paymentId));
    },

    async cancel(userId, paymentId) {
      const payment = await ownPayment(userId, paymentId);
      if (payment.status === 'cancelled') return toDeposit(payment);
      if (payment.status !== 'pending') throw new AppError(409, 'CONFLICT', `This payment is ${payment.status} and can no longer be cancelled.`);
      let answer: PaymentLookup;
      try {
        answer = await provider.cancel(payment.orderCode, 'Cancelled by the customer');
      } catch (error) {
        // Refused: maybe because it was paid a moment ago. Only a confirmed unpaid link is an error to show.
        answer = await provider.lookup(payment.orderCode);
        if (answer.status !== 'PAID') throw error;
      }
      if (answer.status === 'PAID') {
        await applyPaid(payment, answer.amountPaid, 'cancel', answer);
        throw new AppError(409, 'CONFLICT', 'This payment has already been paid.');
      }
      await close(payment, 'cancelled', 'cancel', 'cancelled by the user');
      return toDeposit(await ownPayment(userId, paymentId));
    },

    async history(userId, query) {
      const { since, before } = vietnamDayRange(query.from, query.to);
      const result = await repo.listForUser(userId, {
        offset: pageOffset(query.page, query.page_size),
        limit: query.page_size,
        sort: query.sort,
        order: query.order,
        ...(since ? { since } : {}),
        ...(before ? { until: before } : {}),
      });
      return { items: result.items.map(toDeposit), total: result.total };
    },

    async handleWebhook(providerName, body, admitRefusal) {
      if (providerName !== provider.name) throw new AppError(404, 'NOT_FOUND', `The ${providerName} payment provider is not in use.`);
      /**
       * Anyone can post here: an unverified body is recorded by what it claims (order code, amount) and the
       * verdict on its signature, never as it came (its size and content are the sender's choice).
       */
      const refuse = async (outcome: 'malformed' | 'bad_signature', detail: string, claimed: Claimed = { orderCode: null, amount: null }): Promise<WebhookResult> => {
        await admitRefusal?.();
        app.log.warn({ provider: providerName, outcome, ...claimed }, 'payment webhook refused: nothing credited');
        await record({ provider: providerName, source: 'webhook', outcome, ...claimed, detail, payload: null });
        return { accepted: false, outcome };
      };
      // A body PostgreSQL cannot keep (NUL, lone surrogates, nested deeper than any PayOS body) is malformed whatever
      // it claims: its claims are not even read.
      if (nestedDeeperThan(body, 16) || unstorableTextPath(body) !== undefined) return refuse('malformed', 'unstorable body');
      const verified: VerifiedWebhook | null = await provider.verifyWebhook(body);
      if (!verified) {
        const { signed, orderCode, amount } = provider.webhookClaims(body);
        return signed ? refuse('bad_signature', 'signature does not match data', { orderCode, amount }) : refuse('malformed', 'no signed data', { orderCode, amount });
      }
      // Only what the provider signed is kept.
      const payload = { data: verified.data, signature: verified.signature };
      const base = { provider: providerName, source: 'webhook' as const, orderCode: verified.orderCode, amount: verified.amount, payload };
      if (verified.code !== '00') {
        await record({ ...base, outcome: 'not_paid', detail: `data.code ${verified.code}` });
        return { accepted: true, outcome: 'not_paid' };
      }
      const payment = await repo.findByOrderCode(verified.orderCode);
      if (!payment || payment.provider !== providerName) {
        // PayOS's webhook-URL confirmation sends a sample (orderCode 123): answered 200 so the URL is accepted.
        app.log.warn({ provider: providerName, orderCode: verified.orderCode }, 'payment webhook for an unknown order: nothing credited');
        await record({ ...base, outcome: 'unknown_order' });
        return { accepted: true, outcome: 'unknown_order' };
      }
      // A replay of a paid one is a duplicate, and a wrong amount a mismatch, without asking the provider.
      const unconfirmed = payment.status !== 'paid' && verified.amount === payment.amount ? await confirmPaid(payment, base) : undefined;
      return { accepted: true, outcome: unconfirmed ?? (await applyPaid(payment, verified.amount, 'webhook', payload)) };
    },

    async reconcile() {
      const summary: ReconcileSummary = { checked: 0, credited: 0, cancelled: 0, expired: 0, errors: 0 };
      for (let batch = 0; batch < RECONCILE_MAX_BATCHES; batch += 1) {
        const at = now();
        const claimed = await repo.claimPending(RECONCILE_BATCH, new Date(at.getTime() - RECONCILE_LEASE_SECONDS * 1000), at);
        for (const payment of claimed) await reconcileSafely(payment, summary);
        if (claimed.length < RECONCILE_BATCH) break;
      }
      return summary;
    },
  };
  app.decorate('payments', service);

  if (reconcileIntervalSeconds > 0) startReconcileJob(app, reconcileIntervalSeconds);
}

/** Every `seconds`, one run at a time; the timer never keeps the process alive and stops with the app. */
function startReconcileJob(app: FastifyInstance, seconds: number) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = app.payments
      .reconcile()
      .then((summary) => {
        if (summary.checked > 0) app.log.info(summary, 'payments reconciled');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation run failed'))
      .finally(() => {
        running = undefined;
      });
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(paymentsServicePlugin, {
  name: 'payments-service',
  fastify: '5.x',
  dependencies: ['config', 'clock', 'payments-repository', 'payment-provider', 'ledger-service', 'notifications'],
});
