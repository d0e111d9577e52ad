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

const compactFormats = new Map<string, Intl.NumberFormat>();

/** `1500000` → `1,5 Tr` (vi-VN) or `1.5M` (en): axis labels that fit a phone. */
export function formatCompactNumber(value: number, locale = 'vi-VN'): string {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(locale, format);
  }
  return format.format(value);
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
