const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** `12_345` → `12,1 KB`, `20_971_520` → `20 MB`: binary steps, Vietnamese decimal comma, at most one decimal. */
export function formatFileSize(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}
