import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paymentEvents, payments } from '../../../db/schema/index.js';
import type { PaymentProviderName } from './payment-provider.js';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** What happened to a webhook or a reconciliation answer (payment_events.outcome). */
export type PaymentEventOutcome =
  | 'credited'
  | 'duplicate'
  | 'bad_signature'
  | 'amount_mismatch'
  | 'unknown_order'
  | 'not_paid'
  | 'unconfirmed'
  | 'cancelled'
  | 'expired'
  | 'malformed'
  | 'error';

export interface NewPaymentEvent {
  provider: string;
  source: 'webhook' | 'reconcile' | 'cancel';
  outcome: PaymentEventOutcome;
  orderCode?: number | null;
  paymentId?: string | null;
  amount?: number | null;
  detail?: string;
  payload?: unknown;
}

export interface NewPayment {
  userId: string;
  provider: PaymentProviderName;
  amount: number;
  /** The transfer description, from the order code the database assigns. */
  describe: (orderCode: number) => string;
  createdAt: Date;
  expiresAt: Date;
}

export interface PaymentListQuery {
  offset: number;
  limit: number;
  sort: 'date' | 'amount';
  order: 'asc' | 'desc';
  /** Created at or after. */
  since?: Date;
  /** Created before. */
  until?: Date;
}

/** The payments' SQL. Status changes are conditional updates, so racing webhooks and jobs agree on one winner. */
export interface PaymentsRepository {
  create(payment: NewPayment): Promise<PaymentRow>;
  attachCheckout(id: string, checkout: { providerRef: string; checkoutUrl: string; qrCode: string }, now: Date): Promise<PaymentRow>;
  findById(id: string): Promise<PaymentRow | undefined>;
  findByOrderCode(orderCode: number): Promise<PaymentRow | undefined>;
  /** pending → failed, cancelled or expired; undefined when it was no longer pending. */
  closePending(id: string, status: 'failed' | 'cancelled' | 'expired', now: Date, failureReason?: string): Promise<PaymentRow | undefined>;
  /** Any status but paid → paid with its ledger entry (money received after expiry still counts); undefined if already paid. */
  markPaid(id: string, ledgerEntryId: string, paidAt: Date, now: Date): Promise<PaymentRow | undefined>;
  /**
   * Claims up to `limit` pending payments not checked since `checkedBefore`: one statement selects them
   * `FOR UPDATE SKIP LOCKED` and stamps `checked_at`, so another instance running the same claim at the same
   * moment gets other rows, and the stamp keeps them off its next claims while this one asks the provider.
   */
  claimPending(limit: number, checkedBefore: Date, now: Date): Promise<PaymentRow[]>;
  /** The payment if it is pending and not checked since `checkedBefore`, stamped as checked now; else undefined. */
  claimOne(id: string, checkedBefore: Date, now: Date): Promise<PaymentRow | undefined>;
  listForUser(userId: string, query: PaymentListQuery): Promise<{ items: PaymentRow[]; total: number }>;
  recordEvent(event: NewPaymentEvent, now: Date): Promise<void>;
  eventsOf(orderCode: number): Promise<PaymentEventRow[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentsRepository: PaymentsRepository;
  }
}

function paymentsRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;

  const repository: PaymentsRepository = {
    create: (payment) =>
      orm.transaction(async (tx) => {
        const id = crypto.randomUUID();
        const [inserted] = await tx
          .insert(payments)
          .values({
            id,
            userId: payment.userId,
            provider: payment.provider,
            amount: payment.amount,
            description: '',
            status: 'pending',
            createdAt: payment.createdAt,
            expiresAt: payment.expiresAt,
            updatedAt: payment.createdAt,
          })
          .returning({ orderCode: payments.orderCode });
        if (!inserted) throw new Error('payment insert returned nothing');
        const [row] = await tx.update(payments).set({ description: payment.describe(inserted.orderCode) }).where(eq(payments.id, id)).returning();
        if (!row) throw new Error('payment vanished inside its own transaction');
        return row;
      }),

    async attachCheckout(id, checkout, now) {
      const [row] = await orm
        .update(payments)
        .set({ ...checkout, updatedAt: now })
        .where(eq(payments.id, id))
        .returning();
      if (!row) throw new Error(`payment ${id} not found`);
      return row;
    },

    async findById(id) {
      const [row] = await orm.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    async findByOrderCode(orderCode) {
      const [row] = await orm.select().from(payments).where(eq(payments.orderCode, orderCode));
      return row;
    },

    async closePending(id, status, now, failureReason) {
      const [row] = await orm
        .update(payments)
        .set({ status, updatedAt: now, ...(failureReason === undefined ? {} : { failureReason }) })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
        .returning();
      return row;
    },

    async markPaid(id, ledgerEntryId, paidAt, now) {
      const [row] = await orm
        .update(payments)
        .set({ status: 'paid', ledgerEntryId, paidAt, updatedAt: now })
        .where(and(eq(payments.id, id), ne(payments.status, 'paid')))
        .returning();
      return row;
    },

    async claimPending(limit, checkedBefore, now) {
      const due = orm
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, 'pending'), or(isNull(payments.checkedAt), lt(payments.checkedAt, checkedBefore))))
        .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return orm
        .update(payments)
        .set({ checkedAt: now, checks: sql`${payments.checks} + 1` })
        .where(inArray(payments.id, due))
        .returning();
    },

    async claimOne(id, checkedBefore, now) {
      const [row] = await orm
        .update(payments)
        .set({ checkedAt: now, checks: sql`${payments.checks} + 1` })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending'), or(isNull(payments.checkedAt), lt(payments.checkedAt, checkedBefore))))
        .returning();
      return row;
    },

    async listForUser(userId, query) {
      const conditions: SQL[] = [eq(payments.userId, userId)];
      if (query.since) conditions.push(gte(payments.createdAt, query.since));
      if (query.until) conditions.push(lt(payments.createdAt, query.until));
      const where = and(...conditions);
      const direction = query.order === 'asc' ? asc : desc;
      const primary = query.sort === 'amount' ? direction(payments.amount) : direction(payments.createdAt);
      const items = await orm
        .select()
        .from(payments)
        .where(where)
        .orderBy(primary, direction(payments.orderCode))
        .offset(query.offset)
        .limit(query.limit);
      const [counted] = await orm.select({ total: count() }).from(payments).where(where);
      return { items, total: Number(counted?.total ?? 0) };
    },

    async recordEvent(event, now) {
      await orm.insert(paymentEvents).values({
        id: crypto.randomUUID(),
        provider: event.provider,
        source: event.source,
        outcome: event.outcome,
        orderCode: event.orderCode ?? null,
        paymentId: event.paymentId ?? null,
        amount: event.amount ?? null,
        detail: event.detail ?? '',
        payload: event.payload ?? null,
        receivedAt: now,
      });
    },

    eventsOf: (orderCode) => orm.select().from(paymentEvents).where(eq(paymentEvents.orderCode, orderCode)).orderBy(asc(paymentEvents.seq)),
  };
  app.decorate('paymentsRepository', repository);
}

export default fp(paymentsRepositoryPlugin, { name: 'payments-repository', fastify: '5.x', dependencies: ['db'] });
