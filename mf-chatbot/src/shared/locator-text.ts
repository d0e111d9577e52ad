import type { TFunction } from 'i18next';

/** The server's locator units ("lines 10–42", "paragraph 3", "rows 2–40"); sheet ranges are not words. */
const WORDED = /^(line|paragraph|row)(s?) (\d+)(?:–(\d+))?$/;

/**
 * A citation's place in its file in the user's language: the server writes "lines 10–42" (its one stable
 * notation), the reader sees "dòng 10–42". Spreadsheet ranges ('Bảng giá'!A2:D40) are shown as they are.
 */
export function locatorText(locator: string, t: TFunction): string {
  const match = WORDED.exec(locator);
  if (!match) return locator;
  const [, unit = 'line', , from = '', to] = match;
  return to === undefined ? t(`locator.${unit}`, { n: from }) : t(`locator.${unit}s`, { from, to });
}
