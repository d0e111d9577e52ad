import type { TFunction } from 'i18next';
import { ERROR_CODES, type ApiQueryError, type ErrorCode } from '@pagemate/shared-contracts';

type KnownCode = ErrorCode | 'NETWORK';

function isApiQueryError(error: unknown): error is ApiQueryError {
  return typeof error === 'object' && error !== null && 'code' in error && 'status' in error;
}

function isKnownCode(code: unknown): code is KnownCode {
  return code === 'NETWORK' || (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code));
}

/** The error's stable code, or INTERNAL for anything that is not an API answer. */
export function apiErrorCode(error: unknown): KnownCode {
  const code = isApiQueryError(error) ? error.code : 'INTERNAL';
  return isKnownCode(code) ? code : 'INTERNAL';
}

/**
 * A failed call as one translated sentence. Money codes (and the few this remote words its own way) live in
 * `balance:apiErrors`; the rest fall back to the shell's `common:apiErrors`, then to a generic failure.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  const code = apiErrorCode(error);
  return t([`balance:apiErrors.${code}`, `common:apiErrors.${code}`, 'balance:apiErrors.INTERNAL'], { seconds: 60 });
}
