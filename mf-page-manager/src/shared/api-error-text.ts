import type { TFunction } from 'i18next';
import { ERROR_CODES, type ApiQueryError, type ErrorCode } from '@pagemate/shared-contracts';

function isApiQueryError(error: unknown): error is ApiQueryError {
  return typeof error === 'object' && error !== null && 'code' in error && 'status' in error;
}

function isKnownCode(code: unknown): code is ErrorCode | 'NETWORK' {
  return code === 'NETWORK' || (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code));
}

/**
 * A failed RTK Query call as one translated sentence, like the shell's `apiErrorMessage`: the server's stable
 * code looked up under `common:apiErrors`, anything else as INTERNAL.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  const code = isApiQueryError(error) ? error.code : 'INTERNAL';
  return t(`common:apiErrors.${isKnownCode(code) ? code : 'INTERNAL'}`, { seconds: 60 });
}
