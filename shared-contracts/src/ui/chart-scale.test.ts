import { describe, expect, it } from 'vitest';
import { chartLocale, formatCompactNumber, formatLongDay, formatShortDay, labelEvery, niceCeiling, ticksUpTo } from './chart-scale';

describe('chart scale', () => {
  it('rounds the top of the axis up to 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(12_345)).toBe(20_000);
    expect(niceCeiling(200_000)).toBe(200_000);
    expect(niceCeiling(210_000)).toBe(250_000);
    expect(niceCeiling(3_100_000)).toBe(5_000_000);
  });

  it("ticks evenly from 0 and labels them short, in the user's locale", () => {
    expect(ticksUpTo(200_000)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(formatCompactNumber(1_500_000)).toMatch(/^1,5\sTr$/); // Intl puts a no-break space there
    expect(formatCompactNumber(250_000, 'vi-VN')).toMatch(/^250\sN$/);
    expect(formatCompactNumber(1_500_000, 'en')).toBe('1.5M');
    expect(chartLocale('en')).toBe('en');
    expect(chartLocale('vi')).toBe('vi-VN');
  });

  it('writes calendar days day first, whatever the time zone of the browser', () => {
    expect(formatShortDay('2025-03-04')).toBe('04/03');
    expect(formatLongDay('2025-03-04')).toBe('04/03/2025');
  });

  it('labels fewer days when they are narrow (a phone)', () => {
    expect(labelEvery(60)).toBe(1);
    expect(labelEvery(10)).toBe(5);
  });
});
