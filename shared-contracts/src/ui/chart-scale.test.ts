import { describe, expect, it, vi } from 'vitest';
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

  it('writes compact numbers as Intl does, without building an Intl format', () => {
    const values = [0, 0.25, 0.625, 0.75, 1, 12.5, 999, 999.96, 1000, 1050, 1150, 1250, 9999, 99_950, 999_949, 999_950, 2.5e6, 7.5e8, 999_999_999_999, 1e15, 1.25e16, -1500];
    for (const max of [1, 2, 2.5, 5, 10, 20, 25, 50, 250, 2500, 5e4, 2.5e5, 5e6, 2.5e7, 1e8, 2.5e9, 5e12]) values.push(...ticksUpTo(max));
    for (let value = 1; value < 1e13; value = Math.ceil(value * 1.37) + 3) values.push(value);
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const written = ['vi-VN', 'en'].flatMap((locale) => values.map((value) => formatCompactNumber(value, locale)));
    expect(numberFormat).not.toHaveBeenCalled();
    numberFormat.mockRestore();
    const byIntl = ['vi-VN', 'en'].flatMap((locale) => {
      const format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
      return values.map((value) => format.format(value));
    });
    expect(written).toEqual(byIntl);
    expect(formatCompactNumber(1_500_000, 'de')).toBe(new Intl.NumberFormat('de', { notation: 'compact', maximumFractionDigits: 1 }).format(1_500_000));
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
