/**
 * A whole number with its thousands grouped by `separator`: `groupDigits(1234567, '.')` → `1.234.567`. Written out
 * rather than through `Intl.NumberFormat`: the first number format a page builds loads the locale's data, one task
 * of about 140 ms on a slow phone in the middle of the first screen's drawing, for a grouping this simple.
 * Anything that is not a safe integer (NaN, infinities, beyond 2^53) is left to `Intl`.
 */
export function groupDigits(value: number, separator: string, intlLocale: string): string {
  if (!Number.isSafeInteger(value)) return new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 0 }).format(value);
  const digits = String(Math.abs(value));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${group}${separator}${grouped}` : group;
  }
  return value < 0 ? `-${grouped}` : grouped;
}

/** `1234567` → `1.234.567` (Vietnamese grouping, whole dong). */
export function formatVndNumber(amount: number): string {
  return groupDigits(Math.trunc(amount), '.', 'vi-VN');
}

/** `1234567` → `1.234.567 VNĐ`, the way every balance is shown (docs/product.md §9). */
export function formatVnd(amount: number): string {
  return `${formatVndNumber(amount)} VNĐ`;
}

/** Capitalises a role for the header: `partner` → `Partner`. */
export function capitaliseRole(role: string): string {
  return role.length === 0 ? role : role.charAt(0).toUpperCase() + role.slice(1);
}
