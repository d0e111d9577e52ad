import { formatVnd, isUuid } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors/app-error.js';
import { vietnamDate, vietnamDayStart } from '../../../http/list-query.js';
import { keyReused, LedgerRefusal, ledgerNotices, onceMoreOnDuplicate, requireAmount, requireKey } from './ledger-guards.js';
import type { HoldEntry, HoldVerdict } from './ledger-hold-queries.js';
import type { Ledger, Reservation } from './ledger-service.js';

/** An AI call holds its estimate at most this long (the model timeout is far shorter); then the hold returns. */
export const RESERVATION_TTL_MS = 15 * 60 * 1000;

const toReservation = (entry: HoldEntry): Reservation => ({
  reservationId: entry.id,
  userId: entry.userId,
  pageId: entry.pageId,
  amount: -entry.amount,
  available: entry.balanceAfter,
  createdAt: entry.createdAt,
});

const noSuchReservation = () => new AppError(404, 'NOT_FOUND', 'No such reservation.');
/** Nothing written and no earlier answer of the key: the reservation was closed (a balance row never goes away). */
const closedOrVanished = (closed: boolean) =>
  closed ? new AppError(409, 'CONFLICT', 'This reservation was already settled or released.') : new Error('an open reservation without a balance row');

/**
 * The charge API of AI calls: a hold on the estimate (within the balance and the daily caps), then its
 * settlement at the real cost or its release; holds an interrupted call left open return after a while.
 * Every call is one transaction of the repository (ledger-hold-queries.ts); a call that lost a race on a unique
 * index (the same key, the same reservation closed by another) runs once more and meets what the winner wrote.
 */
export function createLedgerHolds(app: FastifyInstance, costOf: (totalTokens: number) => number): Pick<Ledger, 'reserve' | 'settle' | 'release' | 'releaseStale'> {
  const repository = app.ledgerRepository;
  const { dailySpendCapUserVnd, dailySpendCapPageVnd } = app.config.ledger;
  const { notifyAfterCommit, notifyIfCrossedLow } = ledgerNotices(app);

  /** The refusal a hold's verdict names, in the words the user reads. */
  function refusalOf(verdict: HoldVerdict, estimatedCost: number): LedgerRefusal {
    const { available } = verdict;
    switch (verdict.outcome) {
      case 'daily_cap_user':
        return new LedgerRefusal('daily_cap_user', `Today's AI spending limit of ${formatVnd(dailySpendCapUserVnd)} is reached.`, available, estimatedCost);
      case 'daily_cap_page':
        return new LedgerRefusal('daily_cap_page', `Today's AI spending limit of ${formatVnd(dailySpendCapPageVnd)} for this page is reached.`, available, estimatedCost);
      default:
        return new LedgerRefusal('insufficient_balance', `The balance (${formatVnd(available)}) cannot cover this AI reply (${formatVnd(estimatedCost)}). Please top up.`, available, estimatedCost);
    }
  }

  const holds: Pick<Ledger, 'reserve' | 'settle' | 'release' | 'releaseStale'> = {
    async reserve(userId, estimatedCost, idempotencyKey, options = {}) {
      requireAmount(estimatedCost, 'The estimated cost');
      requireKey(idempotencyKey);
      const pageId = options.pageId ?? null;
      const now = app.clock.now();
      const verdict = await onceMoreOnDuplicate(() =>
        repository.hold({ userId, pageId, amount: estimatedCost, idempotencyKey, now, since: vietnamDayStart(now), capUser: dailySpendCapUserVnd, capPage: dailySpendCapPageVnd }),
      );
      const { entry } = verdict;
      if (verdict.outcome === 'replay' && (!entry || entry.userId !== userId || entry.kind !== 'reservation' || entry.pageId !== pageId)) throw keyReused();
      if (verdict.outcome !== 'hold' && verdict.outcome !== 'replay') {
        const refusal = refusalOf(verdict, estimatedCost);
        if (refusal.reason === 'insufficient_balance') {
          // AI replies stop until a top-up: said once per Vietnam day, however many replies were refused.
          await notifyAfterCommit(userId, 'ai_paused_no_funds', { balance: refusal.available, needed: refusal.needed }, `ai_paused_no_funds:${userId}:${vietnamDate(now)}`);
        }
        throw refusal;
      }
      if (!entry) throw new Error('a hold was written but not answered');
      await notifyIfCrossedLow(entry, entry.balanceAfter - entry.amount);
      return toReservation(entry);
    },

    async settle(reservationId, usage, idempotencyKey) {
      const { promptTokens, completionTokens, message } = usage;
      if (![promptTokens, completionTokens].every((n) => Number.isSafeInteger(n) && n >= 0)) {
        throw new AppError(400, 'BAD_REQUEST', 'Token counts must be whole numbers ≥ 0.');
      }
      requireKey(idempotencyKey);
      if (!isUuid(reservationId)) throw noSuchReservation();
      const totalTokens = promptTokens + completionTokens;
      const cost = costOf(totalTokens);
      const found = await onceMoreOnDuplicate(() =>
        repository.settle({
          reservationId,
          idempotencyKey,
          // The whole hold goes back under this key, then the real cost is taken: a cost above the estimate is taken
          // too, as far as the balance goes (the call already happened; the balance still never goes below zero).
          releaseKey: `${idempotencyKey}#release`,
          cost,
          promptTokens,
          completionTokens,
          message,
          note: `AI reply: ${totalTokens} tokens`,
          now: app.clock.now(),
        }),
      );
      if (found.userId === undefined) throw noSuchReservation();
      const { transaction, charge, release, settled } = found;
      if (!settled) {
        if (!transaction && !charge) throw closedOrVanished(found.closed);
        if (!transaction || !charge || transaction.reservationId !== reservationId) throw keyReused();
      }
      if (!transaction || !charge) throw new Error('a settlement was written but not answered');
      if (settled && settled.charged < cost) app.log.warn({ reservationId, cost, charged: settled.charged }, 'AI call cost more than the balance could cover');
      const availableBefore = settled ? settled.availableBefore : release ? release.balanceAfter - release.amount : charge.balanceAfter - charge.amount;
      // Measured across the whole settlement: the hold's return and the charge are one change to the user.
      await notifyIfCrossedLow({ id: charge.id, userId: found.userId, balanceAfter: charge.balanceAfter }, availableBefore);
      return {
        reservationId,
        tokenTransactionId: transaction.id,
        promptTokens: transaction.promptTokens,
        completionTokens: transaction.completionTokens,
        totalTokens: transaction.totalTokens,
        cost: costOf(transaction.totalTokens),
        charged: -charge.amount,
        available: charge.balanceAfter,
      };
    },

    async release(reservationId, idempotencyKey) {
      requireKey(idempotencyKey);
      if (!isUuid(reservationId)) throw noSuchReservation();
      const found = await onceMoreOnDuplicate(() => repository.release({ reservationId, idempotencyKey, note: 'AI reply hold returned', now: app.clock.now() }));
      if (found.userId === undefined) throw noSuchReservation();
      const { entry } = found;
      if (!entry) throw closedOrVanished(found.closed);
      if (entry.kind !== 'release' || entry.reservationId !== reservationId) throw keyReused();
      return { reservationId, amount: entry.amount, available: entry.balanceAfter };
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
