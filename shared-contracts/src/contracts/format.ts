// Made at the first amount shown, not when the module loads: building a locale's number format is one of the
// costly steps of a page's start-up on a slow phone, and most pages show no amount before their first paint.
let vndNumber: Intl.NumberFormat | undefined;

/** `1234567` → `1.234.567` (Vietnamese grouping, whole dong). */
export function formatVndNumber(amount: number): string {
  vndNumber ??= new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
  return vndNumber.format(Math.trunc(amount));
}

/** `1234567` → `1.234.567 VNĐ`, the way every balance is shown (docs/product.md §9). */
export function formatVnd(amount: number): string {
  return `${formatVndNumber(amount)} VNĐ`;
}

/** Capitalises a role for the header: `partner` → `Partner`. */
export function capitaliseRole(role: string): string {
  return role.length === 0 ? role : role.charAt(0).toUpperCase() + role.slice(1);
}
