import { type BalanceSummary, type BalanceTransaction, formatVnd, isUuid, type ListQuery, type NotificationKind, type TokenTransaction } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LedgerEntryKind } from '../../../db/schema/index.js';
import { AppError } from '../../../errors/app-error.js';
import { pageOffset, vietnamDate, vietnamDayRange, vietnamDayStart, vietnamDayStartOf } from '../../../http/list-query.js';
import type { NotificationParams } from '../notifications/notifications-service.js';
import type { LedgerEntryRow, ListSlice, LockedBalance, TokenTransactionRow } from './ledger-repository.js';

/** Kinds a credit may record; reservations, releases and token charges only come from the charge API. */
export type CreditKind = Extract<LedgerEntryKind, 'deposit' | 'refund' | 'adjustment'>;
/** What the balance-transactions list shows (holds and their releases are bookkeeping, not transactions). */
const LISTED_KINDS = ['deposit', 'token_charge', 'refund', 'adjustment'] as const satisfies readonly LedgerEntryKind[];

export type RefusalReason = 'insufficient_balance' | 'daily_cap_user' | 'daily_cap_page';

/**
 * A charge the balance or a daily cap cannot cover: 402 with `INSUFFICIENT_BALANCE` or `DAILY_CAP_REACHED`;
 * `reason` tells callers (the AI reply path) which limit was hit, `available` and `needed` by how much.
 */
export class LedgerRefusal extends AppError {
  override name = 'LedgerRefusal';

  constructor(
    readonly reason: RefusalReason,
    message: string,
    readonly available: number,
    readonly needed: number,
  ) {
    super(402, reason === 'insufficient_balance' ? 'INSUFFICIENT_BALANCE' : 'DAILY_CAP_REACHED', message);
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
  /**
   * Returns holds nobody settled or released within `RESERVATION_TTL_MS` (the instance making the AI call
   * died mid-call): without this the money would stay held forever. Answers how many were returned.
   */
  releaseStale(): Promise<number>;
  /** Available balance in VND (0 for a user who never had one). */
  balanceOf(userId: string): Promise<number>;
  /** `balanceOf` of each user given, in one query: every id is a key, 0 for a user who never had a balance. */
  balancesOf(userIds: readonly string[]): Promise<Map<string, number>>;
  costOf(totalTokens: number): number;
  balanceTransactions(userId: string, query: ListQuery): Promise<ListPage<BalanceTransaction>>;
  tokenTransactions(userId: string, query: ListQuery): Promise<ListPage<TokenTransaction>>;
  /** The overview: balance, holds, this Vietnam month's spend and deposits, and the last `days` days, oldest first. */
  summary(userId: string, days: number): Promise<BalanceSummary>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger;
  }
}

const DAY_MS = 24 * 3600 * 1000;
/** An AI call holds its estimate at most this long (the model timeout is far shorter); then the hold returns. */
export const RESERVATION_TTL_MS = 15 * 60 * 1000;
const STALE_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/** The repository's slice of a contract list query (`from` / `to` are Vietnam days). */
function toSlice(query: ListQuery): ListSlice {
  return { offset: pageOffset(query.page, query.page_size), limit: query.page_size, sort: query.sort, order: query.order, ...vietnamDayRange(query.from, query.to) };
}

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
  const { pricePer1000TokensVnd, dailySpendCapUserVnd, dailySpendCapPageVnd, lowBalanceThresholdVnd } = app.config.ledger;
  const costOf = (totalTokens: number) => Math.ceil((totalTokens * pricePer1000TokensVnd) / 1000);

  /**
   * Notifications are sent after the money operation committed and never undo or fail it: a failure is logged.
   * Each has a dedupe key, so a replayed operation (same idempotency key) may call again harmlessly — and sends
   * it if the first attempt failed.
   */
  async function notifyAfterCommit(userId: string, kind: NotificationKind, params: NotificationParams, dedupeKey: string) {
    try {
      await app.notifications.notify(userId, kind, params, dedupeKey);
    } catch (error) {
      app.log.error({ err: error, userId, kind, dedupeKey }, 'notification failed (the ledger operation stands)');
    }
  }

  /** `low_balance` when `entry` took the available balance from at least the threshold to under it (0 = off). */
  async function notifyIfCrossedLow(entry: LedgerEntryRow, availableBefore: number) {
    if (lowBalanceThresholdVnd <= 0 || availableBefore < lowBalanceThresholdVnd || entry.balanceAfter >= lowBalanceThresholdVnd) return;
    await notifyAfterCommit(entry.userId, 'low_balance', { balance: entry.balanceAfter, threshold: lowBalanceThresholdVnd }, `low_balance:${entry.id}`);
  }

  /** The open reservation `reservationId` names, with its user's balance locked. */
  async function withOpenReservation<T>(
    reservationId: string,
    idempotencyKey: string,
    replay: (locked: LockedBalance, reservation: LedgerEntryRow) => Promise<T | undefined>,
    work: (locked: LockedBalance, reservation: LedgerEntryRow) => Promise<T>,
  ): Promise<T> {
    requireKey(idempotencyKey);
    const reservation = isUuid(reservationId) ? await repository.findReservation(reservationId) : undefined;
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
            throw new LedgerRefusal('insufficient_balance', `The balance (${formatVnd(locked.balance.available)}) cannot cover this adjustment.`, locked.balance.available, -amount);
          }
          return locked.append({ kind, amount, idempotencyKey, note });
        }),
      );
      await notifyIfCrossedLow(entry, entry.balanceAfter - entry.amount);
      return { entryId: entry.id, kind, amount: entry.amount, available: entry.balanceAfter, createdAt: entry.createdAt };
    },

    async reserve(userId, estimatedCost, idempotencyKey, options = {}) {
      requireAmount(estimatedCost, 'The estimated cost');
      requireKey(idempotencyKey);
      const pageId = options.pageId ?? null;
      const now = app.clock.now();
      const reserving = onceMoreOnDuplicate(() =>
        repository.withLockedBalance(userId, now, async (locked) => {
          const previous = await locked.entryByKey(idempotencyKey);
          if (previous) {
            if (previous.userId !== userId || previous.kind !== 'reservation' || previous.pageId !== pageId) throw keyReused();
            return previous;
          }
          if (locked.balance.available < estimatedCost) {
            const { available } = locked.balance;
            throw new LedgerRefusal('insufficient_balance', `The balance (${formatVnd(available)}) cannot cover this AI reply (${formatVnd(estimatedCost)}). Please top up.`, available, estimatedCost);
          }
          const since = vietnamDayStart(now);
          if ((await locked.spendSince(since)) + estimatedCost > dailySpendCapUserVnd) {
            throw new LedgerRefusal('daily_cap_user', `Today's AI spending limit of ${formatVnd(dailySpendCapUserVnd)} is reached.`, locked.balance.available, estimatedCost);
          }
          if (pageId !== null && (await locked.spendSince(since, pageId)) + estimatedCost > dailySpendCapPageVnd) {
            throw new LedgerRefusal('daily_cap_page', `Today's AI spending limit of ${formatVnd(dailySpendCapPageVnd)} for this page is reached.`, locked.balance.available, estimatedCost);
          }
          return locked.append({ kind: 'reservation', amount: -estimatedCost, idempotencyKey, pageId, note: 'AI reply hold' }, estimatedCost);
        }),
      );
      let entry: LedgerEntryRow;
      try {
        entry = await reserving;
      } catch (error) {
        if (error instanceof LedgerRefusal && error.reason === 'insufficient_balance') {
          // AI replies stop until a top-up: said once per Vietnam day, however many replies were refused.
          await notifyAfterCommit(userId, 'ai_paused_no_funds', { balance: error.available, needed: error.needed }, `ai_paused_no_funds:${userId}:${vietnamDate(now)}`);
        }
        throw error;
      }
      await notifyIfCrossedLow(entry, entry.balanceAfter - entry.amount);
      return toReservation(entry);
    },

    async settle(reservationId, usage, idempotencyKey) {
      const { promptTokens, completionTokens, message } = usage;
      if (![promptTokens, completionTokens].every((n) => Number.isSafeInteger(n) && n >= 0)) {
        throw new AppError(400, 'BAD_REQUEST', 'Token counts must be whole numbers ≥ 0.');
      }
      const totalTokens = promptTokens + completionTokens;
      const releaseKey = `${idempotencyKey}#release`;
      const { settlement, charge, availableBefore } = await withOpenReservation(
        reservationId,
        idempotencyKey,
        async (locked) => {
          const transaction = await locked.tokenTransactionByKey(idempotencyKey);
          const charge = await locked.entryByKey(idempotencyKey);
          if (!transaction && !charge) return undefined;
          if (!transaction || !charge || transaction.reservationId !== reservationId) throw keyReused();
          const release = await locked.entryByKey(releaseKey);
          return {
            settlement: toSettlement(transaction, charge, costOf(transaction.totalTokens)),
            charge,
            availableBefore: release ? release.balanceAfter - release.amount : charge.balanceAfter - charge.amount,
          };
        },
        async (locked, reservation) => {
          const held = -reservation.amount;
          const cost = costOf(totalTokens);
          const common = { reservationId, pageId: reservation.pageId };
          const availableBefore = locked.balance.available;
          // The whole hold goes back, then the real cost is taken: a cost above the estimate is taken too,
          // as far as the balance goes (the call already happened; the balance still never goes below zero).
          await locked.append({ kind: 'release', amount: held, idempotencyKey: releaseKey, note: 'AI reply hold returned', ...common }, -held);
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
          return { settlement: toSettlement(transaction, charge, cost), charge, availableBefore };
        },
      );
      // Measured across the whole settlement: the hold's return and the charge are one change to the user.
      await notifyIfCrossedLow(charge, availableBefore);
      return settlement;
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

    async releaseStale() {
      const before = new Date(app.clock.now().getTime() - RESERVATION_TTL_MS);
      let released = 0;
      for (const reservationId of await repository.staleReservations(before, 100)) {
        try {
          await ledger.release(reservationId, `${reservationId}#expired`);
          released += 1;
        } catch (error) {
          // Settled or released by its caller in the meantime: nothing to return.
          if (!(error instanceof AppError && error.status === 409)) throw error;
        }
      }
      return released;
    },

    async balanceOf(userId) {
      return (await repository.findBalance(userId))?.available ?? 0;
    },

    async balancesOf(userIds) {
      const found = new Map((await repository.findBalances(userIds)).map((row) => [row.userId, row.available]));
      return new Map(userIds.map((userId) => [userId, found.get(userId) ?? 0]));
    },

    async balanceTransactions(userId, query) {
      const { items, total } = await repository.listEntries(userId, LISTED_KINDS, toSlice(query));
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

    async tokenTransactions(userId, query) {
      const { items, total } = await repository.listTokenTransactions(userId, toSlice(query));
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

    async summary(userId, days) {
      const today = vietnamDayStart(app.clock.now());
      const window = Array.from({ length: days }, (_, index) => vietnamDate(new Date(today.getTime() - (days - 1 - index) * DAY_MS)));
      const monthPrefix = vietnamDate(today).slice(0, 7);
      const monthStart = vietnamDayStartOf(`${monthPrefix}-01`);
      const firstDay = new Date(today.getTime() - (days - 1) * DAY_MS);
      // One query covers both the chart's days and this month's totals.
      const totals = await repository.dailyTotals(userId, firstDay < monthStart ? firstDay : monthStart);
      const byDay = new Map(totals.map((row) => [row.day, row]));
      const thisMonth = totals.filter((row) => row.day.startsWith(monthPrefix));
      const balance = await repository.findBalance(userId);
      return {
        total_balance: balance?.available ?? 0,
        reserved: balance?.reserved ?? 0,
        spent_this_month: thisMonth.reduce((sum, row) => sum + row.spend, 0),
        deposited_this_month: thisMonth.reduce((sum, row) => sum + row.deposits, 0),
        low_balance_threshold: lowBalanceThresholdVnd,
        daily: window.map((date) => ({ date, spend: byDay.get(date)?.spend ?? 0, deposits: byDay.get(date)?.deposits ?? 0 })),
      };
    },
  };
  app.decorate('ledger', ledger);

  // Every instance sweeps (releases are idempotent by key, so two sweeping the same hold return it once).
  // Off when background work is off (tests call releaseStale themselves).
  if (app.config.jobs.pollIntervalMs > 0) {
    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      running ??= ledger
        .releaseStale()
        .then((released) => {
          if (released > 0) app.log.warn({ released }, 'AI holds left open by an interrupted call were returned');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'returning stale AI holds failed'))
        .finally(() => {
          running = undefined;
        });
    }, STALE_SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

export default fp(ledgerServicePlugin, { name: 'ledger-service', fastify: '5.x', dependencies: ['config', 'clock', 'ledger-repository', 'notifications'] });
