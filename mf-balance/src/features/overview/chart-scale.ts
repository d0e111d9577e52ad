/** Axis helpers of the daily money chart: a round top value, evenly spaced ticks and short vi-VN labels. */

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value` (at least 1, so an empty month still has an axis). */
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

const compactVnd = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

/** `1500000` → `1,5 Tr`, `250000` → `250 N`: axis labels that fit a phone. */
export function formatCompactVnd(amount: number): string {
  return compactVnd.format(amount);
}

/** Every how many days an x label fits, given the px each day gets (labels need about 44 px). */
export function labelEvery(dayWidthPx: number, minLabelPx = 44): number {
  return Math.max(1, Math.ceil(minLabelPx / Math.max(dayWidthPx, 1)));
}
