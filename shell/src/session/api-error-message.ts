import axios from 'axios';
import type { TFunction } from 'i18next';
import { ERROR_CODES, type ErrorCode } from '@pagemate/shared-contracts';

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** What RTK Query hooks and `unwrap()` report (`ApiQueryError`), told apart from any other thrown value. */
function queryErrorCode(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !('code' in error) || !('status' in error)) return undefined;
  return error.code;
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
  const code = queryErrorCode(error);
  if (code === 'NETWORK') return t('common:apiErrors.NETWORK');
  // The base query does not keep Retry-After; the sentence falls back to a minute.
  if (isErrorCode(code)) return t(`common:apiErrors.${code}`, { seconds: 60 });
  if (code !== undefined) return t('common:apiErrors.INTERNAL');
  return t('common:errors.unexpected');
}
