import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../../errors/app-error.js';
import { type AttemptClaim, type BackoffRule, nextAttemptAtMs } from './rate-limit-stores/backoff.js';
import { FailoverCounterStore } from './rate-limit-stores/failover-counter-store.js';
import { PostgresCounterStore } from './rate-limit-stores/postgres-counter-store.js';
import { RedisCounterStore } from './rate-limit-stores/redis-counter-store.js';

/** At most `max` hits per `windowSeconds` (a fixed window that starts at the first hit). */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** The limits of one endpoint: per client address and/or per account (username, email, token). */
export interface RateLimitPolicy {
  ip?: RateLimitRule;
  account?: RateLimitRule;
}

export type { AttemptClaim, BackoffRule } from './rate-limit-stores/backoff.js';

export interface CounterState {
  count: number;
  resetAtMs: number;
}

/** The backoffs of one kind of attempt: per client address (scaled by RATE_LIMIT_IP_MULTIPLIER) and per account. */
export interface BackoffPolicy {
  ip: BackoffRule;
  account: BackoffRule;
}

/**
 * Where counters live. Shared by every instance, so every limit is cluster-wide: Redis with REDIS_URL
 * (`RedisCounterStore`), otherwise the app's database (`PostgresCounterStore`, PGlite or PostgreSQL), with
 * per-instance memory as the fallback while the shared store fails (`FailoverCounterStore`).
 */
export interface CounterStore {
  /** Counts one hit on `key`; a window that ended starts again at `nowMs`. */
  increment(key: string, windowMs: number, nowMs: number): Promise<CounterState>;
  /** The current state without counting. */
  read(key: string, nowMs: number): Promise<CounterState>;
  /**
   * One atomic step of a backoff: counts an attempt on `key` when `rule` allows one at `nowMs`, else answers when
   * the next may be made (and counts nothing). Concurrent claims are serialised: no more get through than allowed.
   */
  claimAttempt(key: string, rule: BackoffRule, nowMs: number): Promise<AttemptClaim>;
  /** Takes back `attempts` counted attempts of `key`, or all of them. */
  forgiveAttempts(key: string, attempts: number | 'all'): Promise<void>;
  /** Releases connections and waits for background work; called when the app closes. */
  close?(): Promise<void>;
}

/** Fixed windows and backoffs in Maps, bounded: expired entries are swept, then the oldest dropped. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, CounterState>();
  private readonly attempts = new Map<string, { count: number; lastMs: number; forgetAtMs: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  async increment(key: string, windowMs: number, nowMs: number): Promise<CounterState> {
    const live = this.live(key, nowMs);
    const next = live ? { count: live.count + 1, resetAtMs: live.resetAtMs } : { count: 1, resetAtMs: nowMs + windowMs };
    this.counters.delete(key);
    this.counters.set(key, next);
    if (this.counters.size > this.maxKeys) evict(this.counters, (state) => state.resetAtMs <= nowMs, this.maxKeys);
    return next;
  }

  async read(key: string, nowMs: number): Promise<CounterState> {
    return this.live(key, nowMs) ?? { count: 0, resetAtMs: nowMs };
  }

  async claimAttempt(key: string, rule: BackoffRule, nowMs: number): Promise<AttemptClaim> {
    const stored = this.attempts.get(key);
    const state = stored && stored.forgetAtMs > nowMs ? stored : { count: 0, lastMs: nowMs };
    const nextAtMs = nextAttemptAtMs(rule, state.count, state.lastMs);
    if (nowMs < nextAtMs) return { allowed: false, retryAtMs: nextAtMs };
    this.attempts.delete(key);
    this.attempts.set(key, { count: state.count + 1, lastMs: nowMs, forgetAtMs: nowMs + rule.forgetAfterSeconds * 1000 });
    if (this.attempts.size > this.maxKeys) evict(this.attempts, (entry) => entry.forgetAtMs <= nowMs, this.maxKeys);
    return { allowed: true };
  }

  async forgiveAttempts(key: string, attempts: number | 'all'): Promise<void> {
    const state = this.attempts.get(key);
    if (!state) return;
    if (attempts === 'all') this.attempts.delete(key);
    else state.count = Math.max(0, state.count - attempts);
  }

  private live(key: string, nowMs: number): CounterState | undefined {
    const state = this.counters.get(key);
    return state && state.resetAtMs > nowMs ? state : undefined;
  }
}

/** Drops the ended entries of `map`, then the oldest, down to `maxKeys`. */
function evict<V>(map: Map<string, V>, ended: (value: V) => boolean, maxKeys: number) {
  for (const [key, value] of map) if (ended(value)) map.delete(key);
  for (const key of map.keys()) {
    if (map.size <= maxKeys) break;
    map.delete(key);
  }
}

export interface RateLimits {
  /**
   * A preHandler counting each request against the policy: per client address (scaled by
   * RATE_LIMIT_IP_MULTIPLIER) and per account, keyed by `accountKey` of the validated request.
   */
  hook(bucket: string, policy: RateLimitPolicy, accountKey?: (request: FastifyRequest) => string | undefined): preHandlerAsyncHookHandler;
  /**
   * Counts one hit from the request's address (the rule's maximum × RATE_LIMIT_IP_MULTIPLIER) and throws `429`
   * past it: for what only some requests should count, such as webhook deliveries that fail their signature.
   */
  hitFromAddress(bucket: string, request: FastifyRequest, rule: RateLimitRule): Promise<void>;
  /**
   * Counts one attempt of the client address and one of the account before the work it guards (a password
   * check); throws `429` with the wait when the backoff of either does not allow one yet. The address is
   * claimed first, so an address being slowed down spends none of the account's attempts.
   */
  claimAttempt(bucket: string, keys: AttemptKeys, policy: BackoffPolicy): Promise<void>;
  /** The attempt succeeded: the account's attempts are forgotten, and the address gets this one back. */
  attemptSucceeded(bucket: string, keys: AttemptKeys): Promise<void>;
}

/** Who makes an attempt: the client address (`request.ip`) and the account it is made on. */
export interface AttemptKeys {
  ip: string;
  account: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

const ipKey = (bucket: string, keys: AttemptKeys) => `${bucket}:ip:${normalizeIP(keys.ip)}`;
const accountKey = (bucket: string, keys: AttemptKeys) => `${bucket}:account:${keys.account.toLowerCase()}`;

function retryAfter(state: CounterState, nowMs: number) {
  return Math.max(1, Math.ceil((state.resetAtMs - nowMs) / 1000));
}

/**
 * Rate limits with `Retry-After` (429 RATE_LIMITED). Written beside @fastify/rate-limit rather than with it:
 * that plugin runs one limiter per request and counts every request, where sign-in needs a per-IP and a
 * per-account limit on the same request and a backoff on the attempts that reach the password check.
 */
async function rateLimitsPlugin(app: FastifyInstance, options: { store?: CounterStore; now?: () => number }) {
  const ipMultiplier = app.config.rateLimitIpMultiplier;
  // Counters use the wall clock, not app.clock: windows are about real request rates (tests pass their own).
  const now = options.now ?? (() => Date.now());

  async function hit(key: string, rule: RateLimitRule): Promise<number | undefined> {
    const at = now();
    const state = await store.increment(key, rule.windowSeconds * 1000, at);
    return state.count > rule.max ? retryAfter(state, at) : undefined;
  }

  if (app.config.rateLimitDisabled) {
    app.log.warn('RATE_LIMIT_DISABLED is set: no endpoint is rate limited (sign-in, email codes, refresh, uploads, webhooks)');
    const none = async () => undefined;
    app.decorate('rateLimits', { hook: () => none, hitFromAddress: none, claimAttempt: none, attemptSucceeded: none });
    return;
  }
  const store = options.store ?? (await sharedCounterStore(app));
  app.addHook('onClose', async () => {
    await store.close?.();
  });

  const hitAddress = (bucket: string, request: FastifyRequest, rule: RateLimitRule) =>
    hit(`${bucket}:ip:${normalizeIP(request.ip)}`, { ...rule, max: rule.max * ipMultiplier });

  const rateLimits: RateLimits = {
    hook(bucket, policy, accountKey) {
      return async (request) => {
        const waits: number[] = [];
        if (policy.ip) {
          const wait = await hitAddress(bucket, request, policy.ip);
          if (wait !== undefined) waits.push(wait);
        }
        const account = policy.account && accountKey?.(request);
        if (policy.account && account) {
          const wait = await hit(`${bucket}:account:${account.toLowerCase()}`, policy.account);
          if (wait !== undefined) waits.push(wait);
        }
        if (waits.length > 0) {
          request.log.warn({ bucket }, 'rate limit reached');
          throw new RateLimitedError(Math.max(...waits));
        }
      };
    },
    async hitFromAddress(bucket, request, rule) {
      const wait = await hitAddress(bucket, request, rule);
      if (wait === undefined) return;
      request.log.warn({ bucket }, 'rate limit reached');
      throw new RateLimitedError(wait);
    },
    async claimAttempt(bucket, keys, policy) {
      const claims: [string, BackoffRule][] = [
        [ipKey(bucket, keys), { ...policy.ip, free: policy.ip.free * ipMultiplier }],
        [accountKey(bucket, keys), policy.account],
      ];
      for (const [key, rule] of claims) {
        const at = now();
        const claim = await store.claimAttempt(key, rule, at);
        if (!claim.allowed) {
          app.log.warn({ bucket, key: key.startsWith(`${bucket}:ip:`) ? 'ip' : 'account' }, 'attempt refused: backing off');
          throw new RateLimitedError(Math.max(1, Math.ceil((claim.retryAtMs - at) / 1000)));
        }
      }
    },
    async attemptSucceeded(bucket, keys) {
      await store.forgiveAttempts(accountKey(bucket, keys), 'all');
      await store.forgiveAttempts(ipKey(bucket, keys), 1);
    },
  };
  app.decorate('rateLimits', rateLimits);
}

/**
 * Redis when REDIS_URL is set, else the app's database; either way with per-instance memory while it fails. Fail
 * over rather than fail closed (every limited endpoint answering 500 because a counter is out of reach) or fail
 * open (no limit at all, sign-in brute force unchecked during an outage): each instance keeps enforcing the limits
 * on its own, which at worst multiplies them by the number of instances, and a warning says so.
 */
async function sharedCounterStore(app: FastifyInstance): Promise<CounterStore> {
  const log = app.log.child({ module: 'rate-limits' });
  const { url, keyPrefix } = app.config.redis;
  const shared: CounterStore = url
    ? await RedisCounterStore.open({
        url,
        keyPrefix,
        onError: (error) => log.error({ err: error }, 'rate limits: Redis connection failed'),
        onReady: () => log.info('rate limits: Redis connected'),
      })
    : new PostgresCounterStore(app.db.orm, (error) => log.warn({ err: error }, 'rate limits: sweeping expired counters failed'));
  log.info({ store: url ? 'redis' : app.db.kind }, 'rate-limit counters shared by every instance');
  return new FailoverCounterStore(shared, new MemoryCounterStore(), {
    onFailover: (error) => log.warn({ err: error }, 'rate limits: shared counter store failed; counting per instance until it answers'),
    onRecover: () => log.info('rate limits: shared counter store answers again; limits are cluster-wide again'),
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', fastify: '5.x', dependencies: ['config', 'db'] });
