import { createClient } from 'redis';
import type { CounterState, CounterStore } from '../rate-limits.js';
import type { AttemptClaim, BackoffRule } from './backoff.js';

type Redis = ReturnType<typeof createClient>;

/**
 * One hit: INCR, and when the key has no expiry yet (a new window, or one whose PEXPIRE was lost) PEXPIRE it to
 * the window; answers the count and the milliseconds left. A script, so it is atomic and one round trip, and
 * works on Redis before 7 (no `PEXPIRE … NX`).
 */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

const READ = `
local count = redis.call('GET', KEYS[1])
if not count then return { 0, 0 } end
return { tonumber(count), redis.call('PTTL', KEYS[1]) }`;

/**
 * One backoff step on a hash { count, last }: refused (and nothing written) before `last` + 2^k seconds, else
 * counted, with the key expiring `forgetAfterSeconds` after this attempt. Mirrors `nextAttemptAtMs`.
 * ARGV: now (ms), free, maxDelaySeconds, forget (ms). Answers { 1, 0 } or { 0, next attempt at (ms) }.
 */
const CLAIM_ATTEMPT = `
local state = redis.call('HMGET', KEYS[1], 'count', 'last')
local count = tonumber(state[1]) or 0
local last = tonumber(state[2]) or 0
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
if count >= free then
  local nextAt = last + math.min(2 ^ (count - free + 1), tonumber(ARGV[3])) * 1000
  if now < nextAt then return { 0, nextAt } end
end
redis.call('HSET', KEYS[1], 'count', count + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return { 1, 0 }`;

/** Takes back ARGV[1] counted attempts, never below 0. */
const FORGIVE_ATTEMPTS = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count > 0 then redis.call('HSET', KEYS[1], 'count', math.max(0, count - tonumber(ARGV[1]))) end
return 0`;

export interface RedisCounterStoreOptions {
  url: string;
  /** Put before every key (`pagemate:rl:login:ip:…`), so environments or test runs can share one Redis. */
  keyPrefix: string;
  /** A command (or the first connection) taking longer fails, and the caller falls back (see `FailoverCounterStore`). */
  timeoutMs?: number;
  /** Connection errors, reported at most once per `errorReportIntervalMs` while they last. */
  onError(error: unknown): void;
  /** The connection is (back) up. */
  onReady?(): void;
  errorReportIntervalMs?: number;
}

/**
 * Counters in Redis (REDIS_URL): windows expire by themselves (PEXPIRE), nothing to sweep. Commands never wait
 * for a connection (`disableOfflineQueue`) and time out after `timeoutMs`, so a Redis outage makes `increment`
 * reject at once — the plugin then counts in memory — while the client reconnects in the background.
 */
export class RedisCounterStore implements CounterStore {
  private readonly client: Redis;
  private readonly prefix: string;
  /** Backoff hashes apart from the counters' strings, so a key can never be both. */
  private readonly attemptsPrefix: string;
  private lastErrorReportAtMs = -Infinity;

  private constructor(private readonly options: RedisCounterStoreOptions) {
    const timeoutMs = options.timeoutMs ?? 1_000;
    this.prefix = `${options.keyPrefix}rl:`;
    this.attemptsPrefix = `${options.keyPrefix}rl-attempts:`;
    this.client = createClient({
      url: options.url,
      disableOfflineQueue: true,
      commandOptions: { timeout: timeoutMs },
      socket: { connectTimeout: timeoutMs, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
    });
    this.client.on('error', (error: unknown) => this.reportError(error));
    this.client.on('ready', () => {
      this.lastErrorReportAtMs = -Infinity;
      options.onReady?.();
    });
  }

  /**
   * Connects, waiting at most `bootWaitMs`. A Redis that does not answer by then does not stop the app: it starts,
   * reports the error, counts in memory and keeps trying to connect.
   */
  static async open(options: RedisCounterStoreOptions, bootWaitMs = 5_000): Promise<RedisCounterStore> {
    const store = new RedisCounterStore(options);
    let timer: NodeJS.Timeout | undefined;
    const REPORTED = Symbol('reported by the error listener');
    let failed: () => void = () => undefined;
    const outcome = await Promise.race([
      store.client.connect().then(
        () => undefined,
        (error: unknown) => error,
      ),
      new Promise<Error>((resolve) => {
        timer = setTimeout(() => resolve(new Error(`no answer within ${bootWaitMs} ms`)), bootWaitMs);
      }),
      // The first failed attempt (refused, unknown host) is reported at once rather than after the wait.
      new Promise<typeof REPORTED>((resolve) => {
        failed = () => resolve(REPORTED);
        store.client.once('error', failed);
      }),
    ]);
    clearTimeout(timer);
    store.client.off('error', failed);
    if (outcome !== undefined && outcome !== REPORTED) options.onError(outcome);
    return store;
  }

  async increment(key: string, windowMs: number, nowMs: number): Promise<CounterState> {
    const [count, ttl] = numbers(await this.client.eval(INCREMENT, { keys: [this.prefix + key], arguments: [String(windowMs)] }));
    return { count, resetAtMs: nowMs + ttl };
  }

  async read(key: string, nowMs: number): Promise<CounterState> {
    const [count, ttl] = numbers(await this.client.eval(READ, { keys: [this.prefix + key] }));
    return { count, resetAtMs: nowMs + Math.max(0, ttl) };
  }

  async claimAttempt(key: string, rule: BackoffRule, nowMs: number): Promise<AttemptClaim> {
    const args = [nowMs, rule.free, rule.maxDelaySeconds, rule.forgetAfterSeconds * 1000].map(String);
    const [allowed, retryAtMs] = numbers(await this.client.eval(CLAIM_ATTEMPT, { keys: [this.attemptsPrefix + key], arguments: args }));
    return allowed === 1 ? { allowed: true } : { allowed: false, retryAtMs };
  }

  async forgiveAttempts(key: string, attempts: number | 'all'): Promise<void> {
    if (attempts === 'all') await this.client.del(this.attemptsPrefix + key);
    else await this.client.eval(FORGIVE_ATTEMPTS, { keys: [this.attemptsPrefix + key], arguments: [String(attempts)] });
  }

  async close(): Promise<void> {
    // A client still trying to (re)connect has nothing to flush: stop it at once.
    if (this.client.isReady) await this.client.close().catch(() => this.client.destroy());
    else if (this.client.isOpen) this.client.destroy();
  }

  private reportError(error: unknown) {
    const now = Date.now();
    if (now - this.lastErrorReportAtMs < (this.options.errorReportIntervalMs ?? 60_000)) return;
    this.lastErrorReportAtMs = now;
    this.options.onError(error);
  }
}

function numbers(reply: unknown): [number, number] {
  if (!Array.isArray(reply) || reply.length !== 2) throw new Error('unexpected reply from the rate-limit script');
  return [Number(reply[0]), Number(reply[1])];
}
