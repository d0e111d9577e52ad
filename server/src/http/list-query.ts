import { AppError } from '../errors/app-error.js';

/**
 * Calendar days in lists, charts and daily caps are Vietnam's: UTC+7 all year (no daylight saving), so a fixed
 * offset is exact. SQL that buckets by day uses the same offset (`vietnamDaySql` in the ledger repository).
 */
export const VIETNAM_UTC_OFFSET_HOURS = 7;
const OFFSET_MS = VIETNAM_UTC_OFFSET_HOURS * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The instant the Vietnam calendar day containing `instant` began. */
export function vietnamDayStart(instant: Date): Date {
  return new Date(Math.floor((instant.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS);
}

/** The Vietnam calendar day of `instant`, as YYYY-MM-DD. */
export function vietnamDate(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant Vietnam day `day` (YYYY-MM-DD) begins; 400 for a day the calendar does not have (2025-02-30). */
export function vietnamDayStartOf(day: string, field = 'date'): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const [year, month, date] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [NaN, NaN, NaN];
  const utcMidnight = new Date(Date.UTC(year, month - 1, date));
  if (Number.isNaN(utcMidnight.getTime()) || utcMidnight.getUTCFullYear() !== year || utcMidnight.getUTCMonth() !== month - 1 || utcMidnight.getUTCDate() !== date) {
    throw new AppError(400, 'BAD_REQUEST', `The ${field} ${day} is not a calendar date (YYYY-MM-DD).`);
  }
  return new Date(utcMidnight.getTime() - OFFSET_MS);
}

export interface InstantRange {
  /** First instant included (start of `from`, Vietnam time). */
  since?: Date;
  /** First instant excluded: the start of the Vietnam day after `to`, so the whole of `to` is included. */
  before?: Date;
}

/**
 * A list query's `from` / `to` (inclusive Vietnam calendar days, `listQuerySchema`) as instants to compare
 * `created_at` with: `since <= created_at < before`. 400 when a day does not exist or `from` is after `to`.
 */
export function vietnamDayRange(from?: string, to?: string): InstantRange {
  const since = from === undefined ? undefined : vietnamDayStartOf(from, 'start date');
  const before = to === undefined ? undefined : new Date(vietnamDayStartOf(to, 'end date').getTime() + DAY_MS);
  if (since && before && since.getTime() >= before.getTime()) {
    throw new AppError(400, 'BAD_REQUEST', `The start date ${from} is after the end date ${to}.`);
  }
  return { ...(since ? { since } : {}), ...(before ? { before } : {}) };
}

/** Rows to skip for a 1-based `page` of `pageSize` rows. */
export const pageOffset = (page: number, pageSize: number) => (page - 1) * pageSize;
