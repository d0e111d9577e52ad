import type { TFunction } from 'i18next';
import { ERROR_CODES, type ErrorCode } from '../contracts/error-codes.js';

/** A server error code, or a call that never got an answer. */
export type KnownErrorCode = ErrorCode | 'NETWORK';

function isKnownCode(code: unknown): code is KnownErrorCode {
  return code === 'NETWORK' || (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code));
}

/**
 * The stable code of a failed call — an RTK Query error, a stream's `StreamRequestError` or a stream `error`
 * event all carry `code` — else INTERNAL.
 */
export function apiErrorCode(error: unknown): KnownErrorCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return isKnownCode(code) ? code : 'INTERNAL';
}

/** Seconds to wait before trying again: the server's Retry-After when the error kept it, else a minute. */
function retrySeconds(error: unknown): number {
  const seconds = typeof error === 'object' && error !== null && 'retryAfter' in error ? Number(error.retryAfter) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

/**
 * A failed call as one translated sentence. A remote that words some codes its own way names its namespace:
 * `<namespace>:apiErrors.<CODE>` is tried first, then the shell's `common:apiErrors.<CODE>`, then the
 * generic failure.
 */
export function apiErrorText(t: TFunction, error: unknown, namespace?: string): string {
  const code = apiErrorCode(error);
  const keys = namespace
    ? [`${namespace}:apiErrors.${code}`, `common:apiErrors.${code}`, `${namespace}:apiErrors.INTERNAL`, 'common:apiErrors.INTERNAL']
    : [`common:apiErrors.${code}`, 'common:apiErrors.INTERNAL'];
  return t(keys, { seconds: retrySeconds(error) });
}
