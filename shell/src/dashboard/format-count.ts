import { useTranslation } from 'react-i18next';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Counts grouped the user's way: `1.234` in Vietnamese, `1,234` in English. */
export function formatCount(value: number, language: string): string {
  const locale = language.startsWith('en') ? 'en' : 'vi-VN';
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** `formatCount` in the current language. */
export function useFormatCount(): (value: number | string) => string {
  const { i18n } = useTranslation();
  return (value) => formatCount(Number(value), i18n.language);
}
