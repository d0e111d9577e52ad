/** Money and its dates are Vietnam business facts: show them in Vietnam time whatever the browser's zone. */
const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function localeOf(language: string): string {
  return language === 'en' ? 'en-GB' : 'vi-VN';
}

/** `2025-03-04T02:05:00Z` → `04/03/2025 09:05` (vi) — empty for a missing or unreadable date. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = localeOf(language);
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: VIETNAM_TIME_ZONE });
    dateTimeFormats.set(locale, format);
  }
  return format.format(date);
}
