import { formatVnd, isUuid } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors/app-error.js';
import { vietnamDate, vietnamDayStart } from '../../../http/list-query.js';
import { keyReused, LedgerRefusal, ledgerNotices, onceMoreOnDuplicate, requireAmount, requireKey } from './ledger-guards.js';
import type { LedgerEntryRow, LockedBalance, TokenTransactionRow } from './ledger-repository.js';
import type { Ledger, Reservation, Settlement } from './ledger-service.js';

/** An AI call holds its estimate at most this long (the model timeout is far shorter); then the hold returns. */
export const RESERVATION_TTL_MS = 15 * 60 * 1000;

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

/**
 * The charge API of AI calls: a hold on the estimate (within the balance and the daily caps), then its
 * settlement at the real cost or its release; holds an interrupted call left open return after a while.
 */
export function createLedgerHolds(app: FastifyInstance, costOf: (totalTokens: number) => number): Pick<Ledger, 'reserve' | 'settle' | 'release' | 'releaseStale'> {
  const repository = app.ledgerRepository;
  const { dailySpendCapUserVnd, dailySpendCapPageVnd } = app.config.ledger;
  const { notifyAfterCommit, notifyIfCrossedLow } = ledgerNotices(app);

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

  const holds: Pick<Ledger, 'reserve' | 'settle' | 'release' | 'releaseStale'> = {
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
          await holds.release(reservationId, `${reservationId}#expired`);
          released += 1;
        } catch (error) {
          // Settled or released by its caller in the meantime: nothing to return.
          if (!(error instanceof AppError && error.status === 409)) throw error;
        }
      }
      return released;
    },
  };
  return holds;
}
