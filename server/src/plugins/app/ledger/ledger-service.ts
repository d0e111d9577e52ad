import type { BalanceTransaction, TokenTransaction } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LedgerEntryKind } from '../../../db/schema/index.js';
import { AppError } from '../../../errors/app-error.js';
import type { LedgerEntryRow, LockedBalance, TokenTransactionRow } from './ledger-repository.js';

/** Kinds a credit may record; reservations, releases and token charges only come from the charge API. */
export type CreditKind = Extract<LedgerEntryKind, 'deposit' | 'refund' | 'adjustment'>;
/** What the balance-transactions list shows (holds and their releases are bookkeeping, not transactions). */
const LISTED_KINDS = ['deposit', 'token_charge', 'refund', 'adjustment'] as const satisfies readonly LedgerEntryKind[];

export type RefusalReason = 'insufficient_balance' | 'daily_cap_user' | 'daily_cap_page';

/**
 * A charge the balance or a daily cap cannot cover: 402 with the contract's `CONFLICT` code (the contract has
 * no payment-specific code); `reason` tells callers (the AI reply path) which limit was hit.
 */
export class LedgerRefusal extends AppError {
  override name = 'LedgerRefusal';

  constructor(readonly reason: RefusalReason, message: string) {
    super(402, 'CONFLICT', message);
  }
}

export interface CreditResult {
  entryId: string;
  kind: CreditKind;
  amount: number;
  /** Available balance right after this credit. */
  available: number;
  createdAt: Date;
}

export interface Reservation {
  reservationId: string;
  userId: string;
  pageId: string | null;
  /** VND held from the available balance. */
  amount: number;
  available: number;
  createdAt: Date;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** What the call was (shown in the token transactions list). */
  message: string;
}

export interface Settlement {
  reservationId: string;
  tokenTransactionId: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Tokens × price, rounded up to the dong. */
  cost: number;
  /** What was taken: the cost, or less when the balance could not cover a cost above the estimate. */
  charged: number;
  available: number;
}

export interface Release {
  reservationId: string;
  amount: number;
  available: number;
}

export interface ListPage<Item> {
  items: Item[];
  total: number;
}

/** The money API other modules use: every call idempotent by its key, serialised per user, never below zero. */
export interface Ledger {
  credit(userId: string, amount: number, idempotencyKey: string, kind: CreditKind, note?: string): Promise<CreditResult>;
  /** Holds `estimatedCost` before an AI call; `LedgerRefusal` when the balance or a daily cap cannot cover it. */
  reserve(userId: string, estimatedCost: number, idempotencyKey: string, options?: { pageId?: string }): Promise<Reservation>;
  /** Charges the real cost of the call, returns the rest of the hold, records the token transaction. */
  settle(reservationId: string, usage: Usage, idempotencyKey: string): Promise<Settlement>;
  /** Returns the whole hold (the call failed). */
  release(reservationId: string, idempotencyKey: string): Promise<Release>;
  /** Available balance in VND (0 for a user who never had one). */
  balanceOf(userId: string): Promise<number>;
  costOf(totalTokens: number): number;
  balanceTransactions(userId: string, page: number, pageSize: number): Promise<ListPage<BalanceTransaction>>;
  tokenTransactions(userId: string, page: number, pageSize: number): Promise<ListPage<TokenTransaction>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger;
  }
}

const DAY_MS = 24 * 3600 * 1000;
/** Daily caps reset at midnight in Vietnam (UTC+7, no daylight saving). */
const VIETNAM_OFFSET_MS = 7 * 3600 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function vietnamDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + VIETNAM_OFFSET_MS) / DAY_MS) * DAY_MS - VIETNAM_OFFSET_MS);
}

const vnd = (amount: number) => `${amount.toLocaleString('vi-VN')} VNĐ`;

function keyReused(): AppError {
  return new AppError(409, 'CONFLICT', 'This idempotency key was already used for a different operation.');
}

function requireAmount(amount: number, what: string, allowNegative = false) {
  if (!Number.isSafeInteger(amount) || amount === 0 || (!allowNegative && amount < 0)) {
    throw new AppError(400, 'BAD_REQUEST', `${what} must be a ${allowNegative ? 'non-zero' : 'positive'} whole number of VND.`);
  }
}

function requireKey(idempotencyKey: string) {
  if (idempotencyKey.length === 0 || idempotencyKey.length > 200) throw new AppError(400, 'BAD_REQUEST', 'An idempotency key of 1–200 characters is required.');
}

/** A racing insert of the same key (two users, or a first balance row) loses on a unique index: run it again. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function onceMoreOnDuplicate<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return operation();
  }
}

const toReservation = (entry: LedgerEntryRow): Reservation => ({
  reservationId: entry.id,
  userId: entry.userId,
  pageId: entry.pageId,
  amount: -entry.amount,
  available: entry.balanceAfter,
  createdAt: entry.createdAt,
});

const toSettlement = (transaction: TokenTransactionRow, charge: LedgerEntryRow, cost: number): Settlement => ({
  reservationId: transaction.reservationId,
  tokenTransactionId: transaction.id,
  promptTokens: transaction.promptTokens,
  completionTokens: transaction.completionTokens,
  totalTokens: transaction.totalTokens,
  cost,
  charged: 0 - charge.amount,
  available: charge.balanceAfter,
});

function ledgerServicePlugin(app: FastifyInstance) {
  const repository = app.ledgerRepository;
  const { pricePer1000TokensVnd, dailySpendCapUserVnd, dailySpendCapPageVnd } = app.config.ledger;
  const costOf = (totalTokens: number) => Math.ceil((totalTokens * pricePer1000TokensVnd) / 1000);

  /** The open reservation `reservationId` names, with its user's balance locked. */
  async function withOpenReservation<T>(
    reservationId: string,
    idempotencyKey: string,
    replay: (locked: LockedBalance, reservation: LedgerEntryRow) => Promise<T | undefined>,
    work: (locked: LockedBalance, reservation: LedgerEntryRow) => Promise<T>,
  ): Promise<T> {
    requireKey(idempotencyKey);
    const reservation = UUID.test(reservationId) ? await repository.findReservation(reservationId) : undefined;
    if (!reservation) throw new AppError(404, 'NOT_FOUND', 'No such reservation.');
    return onceMoreOnDuplicate(() =>
      repository.withLockedBalance(reservation.userId, app.clock.now(), async (locked) => {
        const previous = await replay(locked, reservation);
        if (previous !== undefined) return previous;
        if ((await locked.closingEntries(reservationId)).length > 0) {
          throw new AppError(409, 'CONFLICT', 'This reservation was already settled or released.');
        }
        return work(locked, reservation);
      }),
    );
  }

  const ledger: Ledger = {
    costOf,

    async credit(userId, amount, idempotencyKey, kind, note = '') {
      requireAmount(amount, 'The amount', kind === 'adjustment');
      requireKey(idempotencyKey);
      const entry = await onceMoreOnDuplicate(() =>
        repository.withLockedBalance(userId, app.clock.now(), async (locked) => {
          const previous = await locked.entryByKey(idempotencyKey);
          if (previous) {
            if (previous.userId !== userId || previous.kind !== kind || previous.amount !== amount) throw keyReused();
            return previous;
          }
          if (locked.balance.available + amount < 0) {
            throw new LedgerRefusal('insufficient_balance', `The balance (${vnd(locked.balance.available)}) cannot cover this adjustment.`);
          }
          return locked.append({ kind, amount, idempotencyKey, note });
        }),
      );
      return { entryId: entry.id, kind, amount: entry.amount, available: entry.balanceAfter, createdAt: entry.createdAt };
    },

    async reserve(userId, estimatedCost, idempotencyKey, options = {}) {
      requireAmount(estimatedCost, 'The estimated cost');
      requireKey(idempotencyKey);
      const pageId = options.pageId ?? null;
      const now = app.clock.now();
      const entry = await onceMoreOnDuplicate(() =>
        repository.withLockedBalance(userId, now, async (locked) => {
          const previous = await locked.entryByKey(idempotencyKey);
          if (previous) {
            if (previous.userId !== userId || previous.kind !== 'reservation' || previous.pageId !== pageId) throw keyReused();
            return previous;
          }
          if (locked.balance.available < estimatedCost) {
            throw new LedgerRefusal('insufficient_balance', `The balance (${vnd(locked.balance.available)}) cannot cover this AI reply (${vnd(estimatedCost)}). Please top up.`);
          }
          const since = vietnamDayStart(now);
          if ((await locked.spendSince(since)) + estimatedCost > dailySpendCapUserVnd) {
            throw new LedgerRefusal('daily_cap_user', `Today's AI spending limit of ${vnd(dailySpendCapUserVnd)} is reached.`);
          }
          if (pageId !== null && (await locked.spendSince(since, pageId)) + estimatedCost > dailySpendCapPageVnd) {
            throw new LedgerRefusal('daily_cap_page', `Today's AI spending limit of ${vnd(dailySpendCapPageVnd)} for this page is reached.`);
          }
          return locked.append({ kind: 'reservation', amount: -estimatedCost, idempotencyKey, pageId, note: 'AI reply hold' }, estimatedCost);
        }),
      );
      return toReservation(entry);
    },

    async settle(reservationId, usage, idempotencyKey) {
      const { promptTokens, completionTokens, message } = usage;
      if (![promptTokens, completionTokens].every((n) => Number.isSafeInteger(n) && n >= 0)) {
        throw new AppError(400, 'BAD_REQUEST', 'Token counts must be whole numbers ≥ 0.');
      }
      const totalTokens = promptTokens + completionTokens;
      return withOpenReservation(
        reservationId,
        idempotencyKey,
        async (locked) => {
          const transaction = await locked.tokenTransactionByKey(idempotencyKey);
          const charge = await locked.entryByKey(idempotencyKey);
          if (!transaction && !charge) return undefined;
          if (!transaction || !charge || transaction.reservationId !== reservationId) throw keyReused();
          return toSettlement(transaction, charge, costOf(transaction.totalTokens));
        },
        async (locked, reservation) => {
          const held = -reservation.amount;
          const cost = costOf(totalTokens);
          const common = { reservationId, pageId: reservation.pageId };
          // The whole hold goes back, then the real cost is taken: a cost above the estimate is taken too,
          // as far as the balance goes (the call already happened; the balance still never goes below zero).
          await locked.append({ kind: 'release', amount: held, idempotencyKey: `${idempotencyKey}#release`, note: 'AI reply hold returned', ...common }, -held);
          const charged = Math.min(cost, locked.balance.available);
          if (charged < cost) app.log.warn({ reservationId, cost, charged }, 'AI call cost more than the balance could cover');
          const charge = await locked.append({ kind: 'token_charge', amount: -charged, idempotencyKey, note: `AI reply: ${totalTokens} tokens`, ...common });
          const transaction = await locked.insertTokenTransaction({
            ...common,
            promptTokens,
            completionTokens,
            totalTokens,
            totalCost: charged,
            message,
            idempotencyKey,
          });
          return toSettlement(transaction, charge, cost);
        },
      );
    },

    async release(reservationId, idempotencyKey) {
      return withOpenReservation(
        reservationId,
        idempotencyKey,
        async (locked) => {
          const previous = await locked.entryByKey(idempotencyKey);
          if (!previous) return undefined;
          if (previous.kind !== 'release' || previous.reservationId !== reservationId) throw keyReused();
          return { reservationId, amount: previous.amount, available: previous.balanceAfter };
        },
        async (locked, reservation) => {
          const held = -reservation.amount;
          const entry = await locked.append({ kind: 'release', amount: held, idempotencyKey, reservationId, pageId: reservation.pageId, note: 'AI reply hold returned' }, -held);
          return { reservationId, amount: entry.amount, available: entry.balanceAfter };
        },
      );
    },

    async balanceOf(userId) {
      return (await repository.findBalance(userId))?.available ?? 0;
    },

    async balanceTransactions(userId, page, pageSize) {
      const { items, total } = await repository.listEntries(userId, LISTED_KINDS, (page - 1) * pageSize, pageSize);
      return {
        total,
        items: items.map((entry) => ({
          amount: entry.amount,
          transactionType: entry.kind as BalanceTransaction['transactionType'],
          dateModified: entry.createdAt.toISOString(),
          status: 'succeeded' as const,
          note: entry.note,
        })),
      };
    },

    async tokenTransactions(userId, page, pageSize) {
      const { items, total } = await repository.listTokenTransactions(userId, (page - 1) * pageSize, pageSize);
      return {
        total,
        items: items.map((row) => ({
          completionTokens: row.completionTokens,
          promptTokens: row.promptTokens,
          totalToken: row.totalTokens,
          totalCost: row.totalCost,
          time: row.createdAt.toISOString(),
          message: row.message,
        })),
      };
    },
  };
  app.decorate('ledger', ledger);
}

export default fp(ledgerServicePlugin, { name: 'ledger-service', fastify: '5.x', dependencies: ['config', 'clock', 'ledger-repository'] });
