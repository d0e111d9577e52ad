import type { RateLimitPolicy, RateLimitRule } from '../rate-limits.js';

const MINUTE = 60;

/**
 * Rate limits of the account endpoints. Per-IP numbers are multiplied by RATE_LIMIT_IP_MULTIPLIER; the
 * per-account ones protect one account or mailbox whatever the address, so they are not.
 */
export const ACCOUNT_RATE_LIMITS = {
  login: { ip: { max: 10, windowSeconds: MINUTE } },
  verifyEmail: { ip: { max: 10, windowSeconds: 15 * MINUTE }, account: { max: 3, windowSeconds: 10 * MINUTE } },
  registerAccount: { ip: { max: 10, windowSeconds: 15 * MINUTE }, account: { max: 10, windowSeconds: 15 * MINUTE } },
  requestPasswordReset: { ip: { max: 10, windowSeconds: 15 * MINUTE }, account: { max: 3, windowSeconds: 15 * MINUTE } },
  resetPassword: { ip: { max: 10, windowSeconds: 15 * MINUTE }, account: { max: 10, windowSeconds: 15 * MINUTE } },
  /** Account = the presented refresh token: a live one is used once, or a few times by tabs racing. */
  refreshToken: { ip: { max: 60, windowSeconds: MINUTE }, account: { max: 10, windowSeconds: MINUTE } },
} as const satisfies Record<string, RateLimitPolicy>;

/** Failed sign-ins per username or email before that account is locked out for the rest of the window. */
export const LOGIN_FAILURE_LIMIT: RateLimitRule = { max: 5, windowSeconds: 15 * MINUTE };
