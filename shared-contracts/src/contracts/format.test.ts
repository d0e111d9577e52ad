import { afterEach, describe, expect, it, vi } from 'vitest';
import { capitaliseRole, formatVnd, formatVndNumber, groupDigits } from './format.js';

describe('VND formatting', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('groups with dots and appends VNĐ, as the product shows balances', () => {
    expect(formatVnd(1_234_567)).toBe('1.234.567 VNĐ');
    expect(formatVnd(0)).toBe('0 VNĐ');
    expect(formatVnd(999)).toBe('999 VNĐ');
    expect(formatVnd(50_000_000)).toBe('50.000.000 VNĐ');
  });

  it('shows whole dong only', () => {
    expect(formatVndNumber(10_000.9)).toBe('10.000');
  });

  it('groups like Intl.NumberFormat without building one (its locale data is a long task on a phone)', () => {
    const values = [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, -1, -1000, -1_234_567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    const expected = values.map((value) => [
      new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 }).format(value),
      new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(value),
    ]);
    const built = vi.spyOn(Intl, 'NumberFormat');
    expect(values.map((value) => [groupDigits(value, '.', 'vi-VN'), groupDigits(value, ',', 'en')])).toEqual(expected);
    expect(values.map((value) => formatVndNumber(value))).toEqual(expected.map(([vi]) => vi));
    expect(built).not.toHaveBeenCalled();
  });

  it('leaves what is not a safe integer to Intl', () => {
    expect(groupDigits(Number.NaN, '.', 'vi-VN')).toBe(new Intl.NumberFormat('vi-VN').format(Number.NaN));
    expect(groupDigits(1e21, ',', 'en')).toBe(new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(1e21));
    expect(formatVndNumber(-0.5)).toBe('0');
  });

  it('capitalises roles for the header', () => {
    expect(capitaliseRole('partner')).toBe('Partner');
    expect(capitaliseRole('user')).toBe('User');
  });
});
