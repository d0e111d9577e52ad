import { formatVietnamDateTime } from '@pagemate/shared-contracts';

/** `04/03/2025`: a day in Vietnam time; empty when unknown. */
export function formatDay(iso: string | undefined): string {
  return iso ? (formatVietnamDateTime(iso).split(' ')[0] ?? '') : '';
}
