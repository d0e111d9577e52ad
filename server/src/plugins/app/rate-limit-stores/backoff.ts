/**
 * A backoff on attempts (sign-in): `free` attempts, then each further one only `2^k` seconds after the previous
 * one (2, 4, 8…, at most `maxDelaySeconds`); an attempt made too early is refused and not counted, so hammering
 * does not lengthen the wait. Forgotten `forgetAfterSeconds` after the last counted attempt.
 */
export interface BackoffRule {
  free: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

export type AttemptClaim = { allowed: true } | { allowed: false; retryAtMs: number };

/** When the attempt after `count` counted attempts, the last one at `lastMs`, may be made. */
export function nextAttemptAtMs(rule: BackoffRule, count: number, lastMs: number): number {
  if (count < rule.free) return lastMs;
  return lastMs + Math.min(2 ** (count - rule.free + 1), rule.maxDelaySeconds) * 1000;
}
