import { groupDigits } from '../contracts/format.js';

/** Axis helpers of the shared charts: a round top value, evenly spaced ticks, short labels in the user's locale. */

/** The Intl locale of an app language for numbers: `en` → en, anything else → vi-VN. */
export function chartLocale(language: string | undefined): string {
  return language?.startsWith('en') ? 'en' : 'vi-VN';
}

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value` (at least 1, so an empty range still has an axis). */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** `count + 1` ticks from 0 to `max` inclusive. */
export function ticksUpTo(max: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, index) => (max * index) / count);
}

/** The short units of a compact number per locale (`Intl`'s, CLDR's): thousands, millions, billions, trillions. */
const COMPACT = {
  'vi-VN': { units: ['\u00a0N', '\u00a0Tr', '\u00a0T', '\u00a0NT'], decimal: ',', group: '.' },
  en: { units: ['K', 'M', 'B', 'T'], decimal: '.', group: ',' },
} as const;

/**
 * `1500000` → `1,5 Tr` (vi-VN) or `1.5M` (en): axis labels that fit a phone, at most one decimal, rounded half away
 * from zero — what `Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })` writes, but written
 * out: the first compact format a page builds loads the locale's data, a long task on a slow phone in the middle of
 * drawing the dashboard's charts. Other locales, and anything not finite, are left to `Intl`.
 */
export function formatCompactNumber(value: number, locale = 'vi-VN'): string {
  const rules = locale === 'vi-VN' || locale === 'en' ? COMPACT[locale] : undefined;
  if (!rules || !Number.isFinite(value)) {
    return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  }
  const size = Math.abs(value);
  let unit = size < 1000 ? 0 : Math.min(Math.floor(Math.log10(size) / 3), rules.units.length);
  // Tenths of the value in its unit, rounded; a value that rounds up to 1000 of a unit is 1 of the next one.
  const tenthsIn = (of: number) => Math.round(of === 0 ? size * 10 : size / 10 ** (3 * of - 1));
  let tenths = tenthsIn(unit);
  if (tenths >= 10_000 && unit < rules.units.length) {
    unit += 1;
    tenths = tenthsIn(unit);
  }
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  // Compact numbers group their digits from five on (`1000T`, `10,000T`).
  const number = `${whole < 10_000 ? String(whole) : groupDigits(whole, rules.group, locale)}${tenth === 0 ? '' : `${rules.decimal}${tenth}`}`;
  const sign = value < 0 && tenths > 0 ? '-' : '';
  return `${sign}${number}${unit === 0 ? '' : rules.units[unit - 1]}`;
}

/** Every how many days an x label fits, given the px each day gets (labels need about 44 px). */
export function labelEvery(dayWidthPx: number, minLabelPx = 44): number {
  return Math.max(1, Math.ceil(minLabelPx / Math.max(dayWidthPx, 1)));
}

/**
 * `2025-03-04` → `04/03`: a calendar day of a series (no time zone involved). Day first in both languages —
 * Vietnam's order, and the one the product's English pages use too (Intl's vi-VN would write `04-03`).
 */
export function formatShortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}/${month}`;
}

/** `2025-03-04` → `04/03/2025`. */
export function formatLongDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
