import { POST_LIMITS, type PostRepeat, REPEAT_DAYS, type RepeatDay } from './entities.js';
import { VIETNAM_OFFSET_MS } from './vietnam-time.js';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
const UNIT_MS = { hours: HOUR_MS, days: DAY_MS, weeks: 7 * DAY_MS } as const;

/** A post's schedule: its first time, how it repeats, and when it stops. */
export interface PostSchedule {
  first: Date;
  repeat: PostRepeat;
  /** At most this many posts (per page). */
  iterations: number | null;
  /** Last Vietnam day (YYYY-MM-DD) a post may fall on, included. */
  endDate: string | null;
}

/** The Vietnam calendar day of an instant, YYYY-MM-DD. */
export function vietnamDay(instant: Date): string {
  return new Date(instant.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

/** Monday-first weekday name of an instant in Vietnam. */
export function vietnamWeekday(instant: Date): RepeatDay {
  const sundayFirst = new Date(instant.getTime() + VIETNAM_OFFSET_MS).getUTCDay();
  return REPEAT_DAYS[(sundayFirst + 6) % 7] as RepeatDay;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** `months` later on the same day of the month and time of day (the month's last day when it is shorter). */
function addMonths(first: Date, months: number): Date {
  const local = new Date(first.getTime() + VIETNAM_OFFSET_MS);
  const total = local.getUTCMonth() + months;
  const year = local.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(local.getUTCDate(), daysInMonth(year, month));
  const shifted = Date.UTC(year, month, day, local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return new Date(shifted - VIETNAM_OFFSET_MS);
}

/** Every candidate time, in order, before the stop rules: an endless walk for weekday repeats. */
function* candidates(schedule: PostSchedule): Generator<Date> {
  const { first, repeat } = schedule;
  if (repeat.kind === 'none') {
    yield first;
    return;
  }
  if (repeat.kind === 'custom') {
    for (let n = 0; ; n += 1) {
      yield repeat.unit === 'months' ? addMonths(first, n * repeat.every) : new Date(first.getTime() + n * repeat.every * UNIT_MS[repeat.unit]);
    }
  }
  const wanted = new Set<RepeatDay>(repeat.days);
  // The first post's own day counts when it is one of the chosen days; then each chosen day at the same time.
  for (let n = 0; ; n += 1) {
    const candidate = new Date(first.getTime() + n * DAY_MS);
    if (wanted.has(vietnamWeekday(candidate))) yield candidate;
  }
}

/**
 * The first `limit` posting times of a schedule (fewer when it stops sooner): never past `iterations`, the end
 * date (a Vietnam day) or POST_LIMITS.maxHorizonDays after the first post. Pure: the server plans with it and
 * the post form previews with it.
 */
export function occurrences(schedule: PostSchedule, limit: number = POST_LIMITS.maxIterations): Date[] {
  const cap = Math.min(limit, schedule.iterations ?? POST_LIMITS.maxIterations, POST_LIMITS.maxIterations);
  const horizon = schedule.first.getTime() + POST_LIMITS.maxHorizonDays * DAY_MS;
  const found: Date[] = [];
  if (cap <= 0) return found;
  for (const candidate of candidates(schedule)) {
    if (candidate.getTime() > horizon) break;
    if (schedule.endDate !== null && vietnamDay(candidate) > schedule.endDate) break;
    found.push(candidate);
    if (found.length >= cap) break;
  }
  return found;
}

/** The `seq`-th posting time (1-based), or null when the schedule ends before it. */
export function occurrenceAt(schedule: PostSchedule, seq: number): Date | null {
  if (!Number.isSafeInteger(seq) || seq < 1) return null;
  return occurrences(schedule, seq)[seq - 1] ?? null;
}
