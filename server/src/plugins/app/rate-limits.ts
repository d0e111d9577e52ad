import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../../errors/app-error.js';
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

export interface CounterState {
  count: number;
  resetAtMs: number;
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
  /** Releases connections and waits for background work; called when the app closes. */
  close?(): Promise<void>;
}

/** Fixed windows in a Map, bounded: expired entries are swept, then the oldest dropped. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, CounterState>();

  constructor(private readonly maxKeys = 100_000) {}

  async increment(key: string, windowMs: number, nowMs: number): Promise<CounterState> {
    const live = this.live(key, nowMs);
    const next = live ? { count: live.count + 1, resetAtMs: live.resetAtMs } : { count: 1, resetAtMs: nowMs + windowMs };
    this.counters.delete(key);
    this.counters.set(key, next);
    if (this.counters.size > this.maxKeys) this.evict(nowMs);
    return next;
  }

  async read(key: string, nowMs: number): Promise<CounterState> {
    return this.live(key, nowMs) ?? { count: 0, resetAtMs: nowMs };
  }

  private live(key: string, nowMs: number): CounterState | undefined {
    const state = this.counters.get(key);
    return state && state.resetAtMs > nowMs ? state : undefined;
  }

  private evict(nowMs: number) {
    for (const [key, state] of this.counters) if (state.resetAtMs <= nowMs) this.counters.delete(key);
    for (const key of this.counters.keys()) {
      if (this.counters.size <= this.maxKeys) break;
      this.counters.delete(key);
    }
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
  /** Throws `429` when `key` already reached the rule's maximum (failures counted with `record`). */
  assertBelow(bucket: string, key: string, rule: RateLimitRule): Promise<void>;
  record(bucket: string, key: string, rule: RateLimitRule): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

function retryAfter(state: CounterState, nowMs: number) {
  return Math.max(1, Math.ceil((state.resetAtMs - nowMs) / 1000));
}

/**
 * Rate limits with `Retry-After` (429 RATE_LIMITED). Written beside @fastify/rate-limit rather than with it:
 * that plugin runs one limiter per request and counts every request, where sign-in needs a per-IP and a
 * per-account limit on the same request and a lockout that counts failed attempts only.
 */
async function rateLimitsPlugin(app: FastifyInstance, options: { store?: CounterStore }) {
  const ipMultiplier = app.config.rateLimitIpMultiplier;
  // Counters use the wall clock, not app.clock: windows are about real request rates.
  const now = () => Date.now();

  async function hit(key: string, rule: RateLimitRule): Promise<number | undefined> {
    const at = now();
    const state = await store.increment(key, rule.windowSeconds * 1000, at);
    return state.count > rule.max ? retryAfter(state, at) : undefined;
  }

  if (app.config.rateLimitDisabled) {
    app.log.warn('RATE_LIMIT_DISABLED is set: no endpoint is rate limited (sign-in, email codes, refresh, uploads, webhooks)');
    const none = async () => undefined;
    app.decorate('rateLimits', { hook: () => none, hitFromAddress: none, assertBelow: none, record: none });
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
    async assertBelow(bucket, key, rule) {
      const at = now();
      const state = await store.read(`${bucket}:${key.toLowerCase()}`, at);
      if (state.count >= rule.max) throw new RateLimitedError(retryAfter(state, at));
    },
    async record(bucket, key, rule) {
      await store.increment(`${bucket}:${key.toLowerCase()}`, rule.windowSeconds * 1000, now());
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
