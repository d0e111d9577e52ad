import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const instant = () => timestamp({ withTimezone: true });
const vnd = () => bigint({ mode: 'number' });

export const PAYMENT_ROW_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'failed'] as const;
export type PaymentRowStatus = (typeof PAYMENT_ROW_STATUSES)[number];

/**
 * One top-up: created pending with the provider, closed by the provider's signed webhook (or by
 * reconciliation asking the provider). The money itself is the ledger's `deposit` entry keyed
 * `deposit:<payment id>`, so crediting a payment twice is impossible whatever path closes it.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey(),
    /** PayOS `orderCode`: a positive integer unique per merchant. */
    orderCode: bigint({ mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 100_001 }).unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    provider: text({ enum: ['sandbox', 'payos'] }).notNull(),
    amount: vnd().notNull(),
    description: text().notNull(),
    status: text({ enum: PAYMENT_ROW_STATUSES }).notNull(),
    /** The provider's payment link id (PayOS `paymentLinkId`). */
    providerRef: text(),
    checkoutUrl: text(),
    qrCode: text(),
    /** Why a payment failed (provider refused it, amount mismatch…), for support. */
    failureReason: text(),
    /** The ledger entry that credited it. */
    ledgerEntryId: uuid(),
    createdAt: instant().notNull(),
    expiresAt: instant().notNull(),
    paidAt: instant(),
    updatedAt: instant().notNull(),
    /** When reconciliation last asked the provider, and how many times. */
    checkedAt: instant(),
    checks: integer().notNull().default(0),
  },
  (table) => [
    check('payments_amount_positive', sql`${table.amount} > 0`),
    check('payments_status_known', sql`${table.status} in ('pending', 'paid', 'cancelled', 'expired', 'failed')`),
    check('payments_paid_has_entry', sql`(${table.status} = 'paid') = (${table.ledgerEntryId} is not null)`),
    index('payments_user_created').on(table.userId, table.createdAt),
    index('payments_pending').on(table.status, table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Everything providers told us about payments — webhooks, reconciliation answers — with what we did about
 * it (credited, duplicate, bad signature, amount mismatch…). Append-only, for audits and support. `payload` is
 * what the provider signed; an unverified webhook keeps only its claimed order code and amount (and the verdict).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid().primaryKey(),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    /** webhook | reconcile | cancel */
    source: text().notNull(),
    orderCode: bigint({ mode: 'number' }),
    paymentId: uuid(),
    amount: vnd(),
    /** credited | duplicate | bad_signature | amount_mismatch | unknown_order | not_paid | unconfirmed | cancelled | expired | malformed | error */
    outcome: text().notNull(),
    detail: text().notNull().default(''),
    payload: jsonb(),
    receivedAt: instant().notNull(),
  },
  (table) => [index('payment_events_order').on(table.orderCode), index('payment_events_received').on(table.receivedAt)],
);

/** The built-in PayOS-compatible sandbox's payment requests (its own state, as PayOS keeps its own). */
export const payosSandboxRequests = pgTable('payos_sandbox_requests', {
  /** `paymentLinkId`. */
  id: text().primaryKey(),
  orderCode: bigint({ mode: 'number' }).notNull().unique(),
  amount: vnd().notNull(),
  description: text().notNull(),
  returnUrl: text().notNull(),
  cancelUrl: text().notNull(),
  /** PENDING | PAID | CANCELLED | EXPIRED, as PayOS spells them. */
  status: text().notNull(),
  /** Reference of the bank transfer once paid. */
  reference: text(),
  createdAt: instant().notNull(),
  expiredAt: instant().notNull(),
  paidAt: instant(),
  cancelledAt: instant(),
});

/**
 * What the user is told: low balance, AI replies paused for lack of funds, a deposit credited… `dedupeKey`
 * makes each event notify once (for example one low-balance warning per crossing of the threshold).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull(),
    dedupeKey: text().notNull().unique(),
    createdAt: instant().notNull(),
    dismissedAt: instant(),
  },
  (table) => [index('notifications_user_created').on(table.userId, table.createdAt)],
);
