import type { BalanceTransaction, ListQuery } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import type { LedgerEntryKind } from '../../../db/schema/index.js';
import { pageOffset, vietnamDate, vietnamDayRange, vietnamDayStart, vietnamDayStartOf } from '../../../http/list-query.js';
import type { ListSlice } from './ledger-repository.js';
import type { Ledger } from './ledger-service.js';

/** What the balance-transactions list shows (holds and their releases are bookkeeping, not transactions). */
const LISTED_KINDS = ['deposit', 'token_charge', 'refund', 'adjustment'] as const satisfies readonly LedgerEntryKind[];

const DAY_MS = 24 * 3600 * 1000;

/** The repository's slice of a contract list query (`from` / `to` are Vietnam days). */
function toSlice(query: ListQuery): ListSlice {
  return { offset: pageOffset(query.page, query.page_size), limit: query.page_size, sort: query.sort, order: query.order, ...vietnamDayRange(query.from, query.to) };
}

/** What a user reads of their money: balances, the lists of balance and token transactions, the overview. */
export function createLedgerStatements(app: FastifyInstance): Pick<Ledger, 'balanceOf' | 'balancesOf' | 'balanceTransactions' | 'tokenTransactions' | 'summary'> {
  const repository = app.ledgerRepository;
  const { lowBalanceThresholdVnd } = app.config.ledger;

  return {
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
}
