import type { ApiError, ErrorCode } from '@pagemate/shared-contracts/contracts';

/**
 * An error a module throws on purpose: its status, code and message reach the client as they are, so the
 * message must be written for the user (5xx included — `AppError(503, 'UNAVAILABLE', …)` is shown).
 * Anything else thrown is an accident and answers a generic 500.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiError['issues'],
  ) {
    super(message);
  }
}

/** 429 with the seconds to wait; the error handler sends them as `Retry-After`. */
export class RateLimitedError extends AppError {
  override name = 'RateLimitedError';

  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`);
  }
}
