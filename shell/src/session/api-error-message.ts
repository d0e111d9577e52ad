import axios from 'axios';
import type { TFunction } from 'i18next';
import { ERROR_CODES, type ErrorCode } from '@pagemate/shared-contracts';

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** A failed call as one translated sentence: the server's stable code, or a network failure. */
export function apiErrorMessage(t: TFunction, error: unknown): string {
  if (axios.isAxiosError(error)) {
    if (!error.response) return t('common:apiErrors.NETWORK');
    const code: unknown = (error.response.data as { code?: unknown } | undefined)?.code;
    const seconds = Number(error.response.headers['retry-after'] ?? 60);
    if (isErrorCode(code)) return t(`common:apiErrors.${code}`, { seconds });
    return t('common:apiErrors.INTERNAL');
  }
  return t('common:errors.unexpected');
}
