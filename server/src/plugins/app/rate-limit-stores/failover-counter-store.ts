import type { CounterState, CounterStore } from '../rate-limits.js';
import type { AttemptClaim, BackoffRule } from './backoff.js';

export interface FailoverEvents {
  /** The shared store failed after working (or on its first call): counting falls back to this instance. */
  onFailover(error: unknown): void;
  /** The shared store answered again after failing. */
  onRecover(): void;
}

/**
 * A shared store with a per-instance fallback. When the shared store fails (Redis or the database unreachable, a
 * timeout), the hit is counted in the fallback instead of failing the request or letting it through uncounted:
 * limits degrade to per instance (each instance allows the limit) for the outage, and the change is reported
 * once each way. Counts made in the fallback are not carried back.
 */
export class FailoverCounterStore implements CounterStore {
  private failing = false;

  constructor(
    private readonly shared: CounterStore,
    private readonly fallback: CounterStore,
    private readonly events: FailoverEvents,
  ) {}

  increment(key: string, windowMs: number, nowMs: number): Promise<CounterState> {
    return this.attempt(
      () => this.shared.increment(key, windowMs, nowMs),
      () => this.fallback.increment(key, windowMs, nowMs),
    );
  }

  read(key: string, nowMs: number): Promise<CounterState> {
    return this.attempt(
      () => this.shared.read(key, nowMs),
      () => this.fallback.read(key, nowMs),
    );
  }

  claimAttempt(key: string, rule: BackoffRule, nowMs: number): Promise<AttemptClaim> {
    return this.attempt(
      () => this.shared.claimAttempt(key, rule, nowMs),
      () => this.fallback.claimAttempt(key, rule, nowMs),
    );
  }

  forgiveAttempts(key: string, attempts: number | 'all'): Promise<void> {
    return this.attempt(
      () => this.shared.forgiveAttempts(key, attempts),
      () => this.fallback.forgiveAttempts(key, attempts),
    );
  }

  async close(): Promise<void> {
    await Promise.all([this.shared.close?.(), this.fallback.close?.()]);
  }

  private async attempt<T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    let state: T;
    try {
      state = await shared();
    } catch (error) {
      if (!this.failing) {
        this.failing = true;
        this.events.onFailover(error);
      }
      return fallback();
    }
    if (this.failing) {
      this.failing = false;
      this.events.onRecover();
    }
    return state;
  }
}
