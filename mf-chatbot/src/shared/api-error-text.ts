import type { TFunction } from 'i18next';
import { ERROR_CODES, type ErrorCode } from '@pagemate/shared-contracts';

export type KnownCode = ErrorCode | 'NETWORK';

function isKnownCode(code: unknown): code is KnownCode {
  return code === 'NETWORK' || (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code));
}

/** The stable code of a failed call (RTK Query error, `StreamRequestError` or stream `error` event), else INTERNAL. */
export function apiErrorCode(error: unknown): KnownCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return isKnownCode(code) ? code : 'INTERNAL';
}

/**
 * A failed call as one translated sentence: codes this remote words its own way live in `chatbot:apiErrors`;
 * the rest fall back to the shell's `common:apiErrors`, then to a generic failure.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  const code = apiErrorCode(error);
  return t([`chatbot:apiErrors.${code}`, `common:apiErrors.${code}`, 'chatbot:apiErrors.INTERNAL'], { seconds: 60 });
}
