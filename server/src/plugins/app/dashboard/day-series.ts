import type { DashboardDay } from '@pagemate/shared-contracts/contracts';
import { vietnamDate, vietnamDayStart } from '../../../http/list-query.js';
import type { DashboardDayRow, DashboardFigures } from './dashboard-repository.js';

const DAY_MS = 24 * 3600 * 1000;

export const NO_FIGURES: DashboardFigures = { comments: 0, messages: 0, botReplies: 0, posts: 0, spend: 0 };

/** Figures in the contract's words (`dashboardDaySchema` without its date). */
export const figuresToContract = (figures: DashboardFigures) => ({
  comments: figures.comments,
  messages: figures.messages,
  bot_replies: figures.botReplies,
  posts: figures.posts,
  spend: figures.spend,
});

/** The last `days` Vietnam days, today included: `since <= instant < before`, and their dates oldest first. */
export interface VietnamDays {
  since: Date;
  before: Date;
  dates: string[];
}

export function lastVietnamDays(now: Date, days: number): VietnamDays {
  const today = vietnamDayStart(now);
  const since = new Date(today.getTime() - (days - 1) * DAY_MS);
  const dates = Array.from({ length: days }, (_, index) => vietnamDate(new Date(since.getTime() + index * DAY_MS)));
  return { since, before: new Date(today.getTime() + DAY_MS), dates };
}

/** One entry per date (charts want every day, even those without activity), from rows keyed by date. */
export function everyDate<Row, Entry>(dates: readonly string[], rows: ReadonlyMap<string, Row>, entry: (date: string, row: Row | undefined) => Entry): Entry[] {
  return dates.map((date) => entry(date, rows.get(date)));
}

/** The dashboards' chart: every date with its figures, zero on a day without any. */
export function dashboardDays(dates: readonly string[], daily: readonly DashboardDayRow[]): DashboardDay[] {
  const byDay = new Map(daily.map((row) => [row.day, row]));
  return everyDate(dates, byDay, (date, row) => ({ date, ...figuresToContract(row ?? NO_FIGURES) }));
}
