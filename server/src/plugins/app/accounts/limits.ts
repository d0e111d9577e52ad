import type { BackoffPolicy, RateLimitPolicy } from '../rate-limits.js';

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

/**
 * Sign-in attempts that reach the password check, per account (its username and email share it) and per client
 * address (× RATE_LIMIT_IP_MULTIPLIER): a few free, then 2, 4, 8… seconds between attempts, never more than 5
 * minutes — an attacker is slowed down, the owner is never locked out for long. Forgotten after 15 quiet minutes;
 * a successful sign-in forgets the account's and gives the address its attempt back.
 */
export const LOGIN_BACKOFF = {
  account: { free: 5, maxDelaySeconds: 5 * MINUTE, forgetAfterSeconds: 15 * MINUTE },
  ip: { free: 10, maxDelaySeconds: 5 * MINUTE, forgetAfterSeconds: 15 * MINUTE },
} as const satisfies BackoffPolicy;
