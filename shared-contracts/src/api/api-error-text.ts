import axios from 'axios';
import type { TFunction } from 'i18next';
import type { ApiError } from '../contracts/envelope.js';
import { isErrorCode, type ErrorCode } from '../contracts/error-codes.js';
import { toApiQueryError } from './base-api.js';
import { apiErrorSentence } from './error-sentence.js';

/** A server error code, or a call that never got an answer. */
export type KnownErrorCode = ErrorCode | 'NETWORK';

function isKnownCode(code: unknown): code is KnownErrorCode {
  return code === 'NETWORK' || isErrorCode(code);
}

/** What the axios client rejects with, read as the base query reports it; any other value as it is. */
function failureOf(error: unknown): unknown {
  return axios.isAxiosError(error) ? toApiQueryError(error) : error;
}

/**
 * The stable code of a failed call — an RTK Query error, a stream's `StreamRequestError` or a stream `error`
 * event all carry `code`, and an axios rejection carries the server's answer — else INTERNAL.
 */
export function apiErrorCode(error: unknown): KnownErrorCode {
  const failure = failureOf(error);
  const code = typeof failure === 'object' && failure !== null && 'code' in failure ? failure.code : undefined;
  return isKnownCode(code) ? code : 'INTERNAL';
}

/** The server's field issues (`{ path, message }`) of a failed call, as the base query keeps them; none else. */
export function apiErrorIssues(error: unknown): NonNullable<ApiError['issues']> {
  const failure = failureOf(error);
  const issues = typeof failure === 'object' && failure !== null && 'issues' in failure ? failure.issues : undefined;
  return Array.isArray(issues) ? issues.filter((issue): issue is { path: string; message: string } => typeof issue?.path === 'string' && typeof issue?.message === 'string') : [];
}

/**
 * A failed call as one translated sentence, with the seconds of the server's Retry-After when it sent one. It
 * reads what RTK Query hooks and `unwrap()` report, a stream's errors, and what the axios client rejects with
 * (the shell's account calls). A remote that words some codes its own way names its namespace:
 * `<namespace>:apiErrors.<CODE>` is tried first, then the shell's `common:apiErrors.<CODE>`, then the generic
 * failure.
 */
export function apiErrorText(t: TFunction, error: unknown, namespace?: string): string {
  const failure = failureOf(error);
  const retryAfter = typeof failure === 'object' && failure !== null && 'retryAfter' in failure ? failure.retryAfter : undefined;
  return apiErrorSentence(t, apiErrorCode(failure), retryAfter, namespace);
}
