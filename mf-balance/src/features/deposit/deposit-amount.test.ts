import { DEPOSIT_BOUNDS } from '@pagemate/shared-contracts';
import { describe, expect, it } from 'vitest';
import { amountDigits, depositAmountProblem } from './deposit-amount';

describe('deposit amount', () => {
  it('accepts whole dong within the bounds, inclusive', () => {
    expect(depositAmountProblem(DEPOSIT_BOUNDS.min)).toBeNull();
    expect(depositAmountProblem(DEPOSIT_BOUNDS.max)).toBeNull();
  });

  it('says why anything else is refused', () => {
    expect(depositAmountProblem(null)).toBe('required');
    expect(depositAmountProblem(DEPOSIT_BOUNDS.min - 1)).toBe('belowMin');
    expect(depositAmountProblem(DEPOSIT_BOUNDS.max + 1)).toBe('aboveMax');
    expect(depositAmountProblem(10_000.5)).toBe('whole');
  });

  it('reads vi-VN digits back', () => {
    expect(amountDigits('1.234.567')).toBe('1234567');
    expect(amountDigits('')).toBe('');
  });
});
