import { useTranslation } from 'react-i18next';
import { groupDigits } from '@pagemate/shared-contracts';

/** Counts grouped the user's way: `1.234` in Vietnamese, `1,234` in English (whole numbers, rounded). */
export function formatCount(value: number, language: string): string {
  const english = language.startsWith('en');
  return groupDigits(Number.isFinite(value) ? Math.sign(value) * Math.round(Math.abs(value)) : value, english ? ',' : '.', english ? 'en' : 'vi-VN');
}

/** `formatCount` in the current language. */
export function useFormatCount(): (value: number | string) => string {
  const { i18n } = useTranslation();
  return (value) => formatCount(Number(value), i18n.language);
}
