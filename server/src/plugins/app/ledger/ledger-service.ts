import { type BalanceSummary, type BalanceTransaction, formatVnd, type ListQuery, type TokenTransaction } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LedgerEntryKind } from '../../../db/schema/index.js';
import { keyReused, LedgerRefusal, ledgerNotices, onceMoreOnDuplicate, requireAmount, requireKey } from './ledger-guards.js';
import { createLedgerHolds } from './ledger-holds.js';
import { createLedgerStatements } from './ledger-statements.js';

// The module's public names, re-exported so importers take them all from here.
export { LedgerRefusal, type RefusalReason } from './ledger-guards.js';
export { RESERVATION_TTL_MS } from './ledger-holds.js';

/** Kinds a credit may record; reservations, releases and token charges only come from the charge API. */
export type CreditKind = Extract<LedgerEntryKind, 'deposit' | 'refund' | 'adjustment'>;

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

const STALE_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

function ledgerServicePlugin(app: FastifyInstance) {
  const repository = app.ledgerRepository;
  const { pricePer1000TokensVnd } = app.config.ledger;
  const costOf = (totalTokens: number) => Math.ceil((totalTokens * pricePer1000TokensVnd) / 1000);
  const { notifyIfCrossedLow } = ledgerNotices(app);

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

    ...createLedgerHolds(app, costOf),
    ...createLedgerStatements(app),
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
