import axios from 'axios';
import type { TFunction } from 'i18next';
import { errorCodeSentence } from './error-sentence';

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
    return errorCodeSentence(t, code, error.response.headers['retry-after'] as string | undefined);
  }
  const code = queryErrorCode(error);
  if (code === 'NETWORK') return t('common:apiErrors.NETWORK');
  // The base query does not keep Retry-After; the sentence falls back to a minute.
  if (code !== undefined) return errorCodeSentence(t, code);
  return t('common:errors.unexpected');
}
