import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const instant = () => timestamp({ withTimezone: true });
/** Integer VND; bigint because a balance may pass 2^31 dong, read as a JS number (exact below 2^53). */
const vnd = () => bigint({ mode: 'number' });

export const LEDGER_ENTRY_KINDS = ['deposit', 'token_charge', 'refund', 'adjustment', 'reservation', 'release'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/**
 * What a user can spend, kept beside the ledger and changed in the same transaction as each entry:
 * `available` is the sum of the user's entries' amounts, `reserved` what open reservations hold.
 * The row is also the lock every money operation of the user takes (`SELECT … FOR UPDATE`).
 */
export const balances = pgTable(
  'balances',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id),
    available: vnd().notNull().default(0),
    reserved: vnd().notNull().default(0),
    updatedAt: instant().notNull(),
  },
  (table) => [check('balances_available_not_negative', sql`${table.available} >= 0`), check('balances_reserved_not_negative', sql`${table.reserved} >= 0`)],
);

/**
 * The append-only ledger: rows are inserted, never updated or deleted. `amount` is the signed change of the
 * available balance (a reservation is negative, its release positive), so the sum of a user's amounts is
 * `balances.available`. A reservation's `reservation_id` is its own id; its release and its token charge
 * name it, and each can exist once per reservation.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid().primaryKey(),
    /** Insertion order: a user's entries are written one at a time under the balance lock, so this is their order. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    kind: text({ enum: LEDGER_ENTRY_KINDS }).notNull(),
    amount: vnd().notNull(),
    /** The available balance right after this entry: what a replay of the same key answers. */
    balanceAfter: vnd().notNull(),
    idempotencyKey: text().notNull().unique(),
    reservationId: uuid(),
    pageId: text(),
    note: text().notNull().default(''),
    createdAt: instant().notNull(),
  },
  (table) => [
    check('ledger_entries_kind_known', sql`${table.kind} in ('deposit', 'token_charge', 'refund', 'adjustment', 'reservation', 'release')`),
    check('ledger_entries_balance_after_not_negative', sql`${table.balanceAfter} >= 0`),
    check(
      'ledger_entries_reference_present',
      sql`(${table.kind} in ('reservation', 'release', 'token_charge')) = (${table.reservationId} is not null)`,
    ),
    index('ledger_entries_user_created').on(table.userId, table.createdAt),
    uniqueIndex('ledger_entries_one_release_per_reservation').on(table.reservationId).where(sql`${table.kind} = 'release'`),
    uniqueIndex('ledger_entries_one_charge_per_reservation').on(table.reservationId).where(sql`${table.kind} = 'token_charge'`),
  ],
);

/**
 * The reservations nothing has closed yet, one row each: written with the reservation, deleted in the statement
 * that writes its release. The ledger stays append-only; this is its index of open holds, so the daily caps and
 * the stale-hold sweep read the few open ones instead of every reservation a user (or the deployment) ever made.
 */
export const openHolds = pgTable(
  'open_holds',
  {
    reservationId: uuid()
      .primaryKey()
      .references(() => ledgerEntries.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    pageId: text(),
    /** What the reservation holds (positive). */
    amount: vnd().notNull(),
    createdAt: instant().notNull(),
  },
  (table) => [index('open_holds_user').on(table.userId), index('open_holds_created').on(table.createdAt), check('open_holds_amount_positive', sql`${table.amount} > 0`)],
);

/** One settled AI call: its token counts and what it cost (the `token_charge` entry of the same reservation). */
export const tokenTransactions = pgTable(
  'token_transactions',
  {
    id: uuid().primaryKey(),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    pageId: text(),
    reservationId: uuid().notNull().unique(),
    promptTokens: integer().notNull(),
    completionTokens: integer().notNull(),
    totalTokens: integer().notNull(),
    totalCost: vnd().notNull(),
    message: text().notNull(),
    idempotencyKey: text().notNull().unique(),
    createdAt: instant().notNull(),
  },
  (table) => [
    check('token_transactions_counts_not_negative', sql`${table.promptTokens} >= 0 and ${table.completionTokens} >= 0 and ${table.totalCost} >= 0`),
    index('token_transactions_user_created').on(table.userId, table.createdAt),
  ],
);
