import { describe, expect, it } from 'vitest';
import { capitaliseRole, formatVnd, formatVndNumber } from './format.js';

describe('VND formatting', () => {
  it('groups with dots and appends VNĐ, as the product shows balances', () => {
    expect(formatVnd(1_234_567)).toBe('1.234.567 VNĐ');
    expect(formatVnd(0)).toBe('0 VNĐ');
    expect(formatVnd(999)).toBe('999 VNĐ');
    expect(formatVnd(50_000_000)).toBe('50.000.000 VNĐ');
  });

  it('shows whole dong only', () => {
    expect(formatVndNumber(10_000.9)).toBe('10.000');
  });

  it('capitalises roles for the header', () => {
    expect(capitaliseRole('partner')).toBe('Partner');
    expect(capitaliseRole('user')).toBe('User');
  });
});
