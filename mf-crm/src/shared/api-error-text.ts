import type { TFunction } from 'i18next';
import { ERROR_CODES, type ErrorCode } from '@pagemate/shared-contracts';

type KnownCode = ErrorCode | 'NETWORK';

function isKnownCode(code: unknown): code is KnownCode {
  return code === 'NETWORK' || (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code));
}

/** The stable code of a failed RTK Query call, else INTERNAL. */
export function apiErrorCode(error: unknown): KnownCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return isKnownCode(code) ? code : 'INTERNAL';
}

/**
 * A failed call as one translated sentence, like the other remotes: the server's stable code, worded by
 * `crm:apiErrors` when this remote says it its own way, else by the shell's `common:apiErrors`, else generically.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  const code = apiErrorCode(error);
  return t([`crm:apiErrors.${code}`, `common:apiErrors.${code}`, 'crm:apiErrors.INTERNAL'], { seconds: 60 });
}
