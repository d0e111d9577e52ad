import type { ApiError } from '@pagemate/shared-contracts/contracts';
import { AppError } from './app-error.js';
import { codeForStatus } from './status-codes.js';

export const INTERNAL_ERROR: ApiError = { status: 500, code: 'INTERNAL', message: 'Internal server error' };

interface ValidationItem {
  instancePath?: string;
  message?: string;
}

interface HttpishError {
  statusCode?: unknown;
  message?: unknown;
  validation?: ValidationItem[];
  validationContext?: string;
}

/** `/items/0/name` → `items.0.name`, the path as the client's form library names the field. */
function dottedPath(instancePath: string | undefined): string {
  return (instancePath ?? '').split('/').filter(Boolean).join('.');
}

/**
 * The body the client sees for any thrown value. 4xx keep their status and message (they describe the
 * request); everything 5xx that is not an `AppError` collapses into `INTERNAL_ERROR` so no internals leak.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof AppError) {
    return { status: error.status, code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) };
  }
  const e = (typeof error === 'object' && error !== null ? error : {}) as HttpishError;
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status < 400 || status >= 500) return INTERNAL_ERROR;
  if (Array.isArray(e.validation)) {
    return {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: `Invalid ${e.validationContext ?? 'request'}`,
      issues: e.validation.map((item) => ({ path: dottedPath(item.instancePath), message: item.message ?? 'Invalid value' })),
    };
  }
  const message = typeof e.message === 'string' && e.message ? e.message : 'Bad request';
  return { status, code: codeForStatus(status), message };
}
