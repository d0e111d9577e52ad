/**
 * Times in the product are Vietnam business facts: they are shown in Vietnam time (UTC+7 all year, no daylight
 * saving) whatever the browser's own zone.
 */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** Local fields are the UTC fields of the instant moved by this much. */
export const VIETNAM_OFFSET_MS = 7 * 3600 * 1000;

/** Vietnam wall-clock fields of an instant, zero-padded; `weekday` counts from Monday (0) to Sunday (6). */
export interface VietnamWallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  weekday: number;
}

export function vietnamWallClock(instant: Date | string | number): VietnamWallClock {
  const time = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;
  const local = new Date(time + VIETNAM_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    year: String(local.getUTCFullYear()),
    month: pad(local.getUTCMonth() + 1),
    day: pad(local.getUTCDate()),
    hour: pad(local.getUTCHours()),
    minute: pad(local.getUTCMinutes()),
    weekday: (local.getUTCDay() + 6) % 7,
  };
}

/** `09:05` in Vietnam time. */
export function formatVietnamClock(instant: Date | string | number): string {
  const { hour, minute } = vietnamWallClock(instant);
  return `${hour}:${minute}`;
}

/** `04/03/2025`, the Vietnam day of an instant. */
export function formatVietnamDate(instant: Date | string | number): string {
  const { day, month, year } = vietnamWallClock(instant);
  return `${day}/${month}/${year}`;
}

/** `04/03/2025 09:05`: the exact Vietnam time, one shape in both languages (tooltips, tables); empty when unreadable. */
export function formatVietnamDateTime(instant: Date | string | number): string {
  const time = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;
  return Number.isNaN(time) ? '' : `${formatVietnamDate(time)} ${formatVietnamClock(time)}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `2025-03-04T02:05:00Z` → `09:05 4/3/25` (vi) or `04/03/2025, 09:05` (en): the language's own short date and
 * time, in Vietnam time. Empty for a missing date; an unreadable one is shown as it came.
 */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language === 'en' ? 'en-GB' : 'vi-VN';
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: VIETNAM_TIME_ZONE });
    dateTimeFormats.set(locale, format);
  }
  return format.format(date);
}
