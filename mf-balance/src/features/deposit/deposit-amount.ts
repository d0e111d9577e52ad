import { DEPOSIT_BOUNDS } from '@pagemate/shared-contracts';

export type DepositAmountProblem = 'required' | 'whole' | 'belowMin' | 'aboveMax';

/** Why an amount cannot be deposited, or null when it can (the server checks the same bounds). */
export function depositAmountProblem(amount: number | null | undefined): DepositAmountProblem | null {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return 'required';
  if (!Number.isInteger(amount)) return 'whole';
  if (amount < DEPOSIT_BOUNDS.min) return 'belowMin';
  if (amount > DEPOSIT_BOUNDS.max) return 'aboveMax';
  return null;
}

/**
 * `"1.234.567"` → `"1234567"`: the InputNumber parser. An empty string (not 0, not NaN) is how the field
 * learns it was cleared, so the form shows "required" instead of keeping the last amount.
 */
export function amountDigits(text: string | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}
