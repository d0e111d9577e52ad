import type { TFunction } from 'i18next';
import { isErrorCode } from '../contracts/error-codes.js';

/** Seconds to wait before trying again: the server's Retry-After when it came with the error, else a minute. */
function retrySeconds(retryAfter: unknown): number {
  const seconds = typeof retryAfter === 'number' || typeof retryAfter === 'string' ? Number(retryAfter) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

/**
 * The sentence for a failed call from its code (a server error code, or `NETWORK` when no answer came) and the
 * server's Retry-After: `<namespace>:apiErrors.<CODE>` when a remote words some codes its own way, then the
 * shell's `common:apiErrors.<CODE>`, then the generic failure. An unknown code is the generic failure.
 * Dependency-free, so the light sign-in pages word their failures as the app does.
 */
export function apiErrorSentence(t: TFunction, code: unknown, retryAfter?: unknown, namespace?: string): string {
  const known = code === 'NETWORK' || isErrorCode(code) ? code : 'INTERNAL';
  const keys = namespace
    ? [`${namespace}:apiErrors.${known}`, `common:apiErrors.${known}`, `${namespace}:apiErrors.INTERNAL`, 'common:apiErrors.INTERNAL']
    : [`common:apiErrors.${known}`, 'common:apiErrors.INTERNAL'];
  return t(keys, { seconds: retrySeconds(retryAfter) });
}
