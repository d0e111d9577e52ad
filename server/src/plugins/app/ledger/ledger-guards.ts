import type { NotificationKind } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors/app-error.js';
import type { NotificationParams } from '../notifications/notifications-service.js';
import type { LedgerEntryRow } from './ledger-repository.js';

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

export function keyReused(): AppError {
  return new AppError(409, 'CONFLICT', 'This idempotency key was already used for a different operation.');
}

export function requireAmount(amount: number, what: string, allowNegative = false) {
  if (!Number.isSafeInteger(amount) || amount === 0 || (!allowNegative && amount < 0)) {
    throw new AppError(400, 'BAD_REQUEST', `${what} must be a ${allowNegative ? 'non-zero' : 'positive'} whole number of VND.`);
  }
}

export function requireKey(idempotencyKey: string) {
  if (idempotencyKey.length === 0 || idempotencyKey.length > 200) throw new AppError(400, 'BAD_REQUEST', 'An idempotency key of 1–200 characters is required.');
}

/** A racing insert of the same key (two users, or a first balance row) loses on a unique index: run it again. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function onceMoreOnDuplicate<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return operation();
  }
}

/** The ledger's notifications to a user: sent after the money moved, never undoing it. */
export function ledgerNotices(app: FastifyInstance) {
  const { lowBalanceThresholdVnd } = app.config.ledger;

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
  async function notifyIfCrossedLow(entry: Pick<LedgerEntryRow, 'id' | 'userId' | 'balanceAfter'>, availableBefore: number) {
    if (lowBalanceThresholdVnd <= 0 || availableBefore < lowBalanceThresholdVnd || entry.balanceAfter >= lowBalanceThresholdVnd) return;
    await notifyAfterCommit(entry.userId, 'low_balance', { balance: entry.balanceAfter, threshold: lowBalanceThresholdVnd }, `low_balance:${entry.id}`);
  }

  return { notifyAfterCommit, notifyIfCrossedLow };
}
