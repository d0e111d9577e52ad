/** Dates of files and conversations are shown in Vietnam time whatever the browser's zone. */
const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
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

/** `2025-03-04T02:05:00Z` → `04/03/2025 09:05` (vi) or `04/03/2025, 09:05` (en); empty when missing. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'vi-VN', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: VIETNAM_TIME_ZONE,
  }).format(date);
}
