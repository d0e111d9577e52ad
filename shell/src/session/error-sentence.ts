import type { TFunction } from 'i18next';
import { isErrorCode } from '@pagemate/shared-contracts/plain';

/**
 * The sentence for an API error answer: the server's stable code translated (with the seconds of its
 * `Retry-After`, a minute when it sent none), or the generic failure for a code this build does not know.
 */
export function errorCodeSentence(t: TFunction, code: unknown, retryAfter?: string | number | null): string {
  const seconds = Number(retryAfter ?? 60);
  return isErrorCode(code) ? t(`common:apiErrors.${code}`, { seconds: Number.isFinite(seconds) ? seconds : 60 }) : t('common:apiErrors.INTERNAL');
}
