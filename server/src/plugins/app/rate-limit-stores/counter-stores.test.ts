import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../../db/schema/index.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../../../test/helper.js';
import { type CounterState, type CounterStore, MemoryCounterStore } from '../rate-limits.js';
import { FailoverCounterStore } from './failover-counter-store.js';
import { COUNTER_SWEEP_INTERVAL_MS, PostgresCounterStore } from './postgres-counter-store.js';
import { RedisCounterStore } from './redis-counter-store.js';
import { deleteRedisKeys } from '../../../test/redis.js';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** The fixed-window behaviour every store shares, at times the test chooses (a fake clock). */
async function expectFixedWindows(store: CounterStore, key: (name: string) => string) {
  const t0 = Date.UTC(2026, 0, 1);
  expect(await store.increment(key('k'), 1_000, t0)).toEqual({ count: 1, resetAtMs: t0 + 1_000 });
  expect(await store.increment(key('k'), 1_000, t0 + 500)).toEqual({ count: 2, resetAtMs: t0 + 1_000 });
  expect(await store.read(key('k'), t0 + 999)).toEqual({ count: 2, resetAtMs: t0 + 1_000 });
  expect(await store.read(key('k'), t0 + 1_000)).toEqual({ count: 0, resetAtMs: t0 + 1_000 });
  expect(await store.increment(key('k'), 1_000, t0 + 1_000)).toEqual({ count: 1, resetAtMs: t0 + 2_000 });
  expect(await store.read(key('other'), t0)).toEqual({ count: 0, resetAtMs: t0 });
}

const BACKOFF = { free: 2, maxDelaySeconds: 5, forgetAfterSeconds: 60 };

/** The backoff every store shares: free attempts, refusals that count nothing, 2^k waits up to the cap, forgiving. */
async function expectBackoff(store: CounterStore, key: string) {
  const t0 = Date.UTC(2026, 0, 1);
  const claim = (atMs: number) => store.claimAttempt(key, BACKOFF, t0 + atMs);
  expect(await claim(0)).toEqual({ allowed: true });
  expect(await claim(0)).toEqual({ allowed: true });
  expect(await claim(1_000)).toEqual({ allowed: false, retryAtMs: t0 + 2_000 });
  expect(await claim(1_999)).toEqual({ allowed: false, retryAtMs: t0 + 2_000 });
  expect(await claim(2_000)).toEqual({ allowed: true });
  expect(await claim(2_000)).toEqual({ allowed: false, retryAtMs: t0 + 6_000 });
  expect(await claim(6_000)).toEqual({ allowed: true });
  // 2^3 = 8 seconds, capped at 5.
  expect(await claim(6_000)).toEqual({ allowed: false, retryAtMs: t0 + 11_000 });
  await store.forgiveAttempts(key, 1);
  expect(await claim(6_000)).toEqual({ allowed: false, retryAtMs: t0 + 10_000 });
  await store.forgiveAttempts(key, 'all');
  expect(await claim(6_000)).toEqual({ allowed: true });
  expect(await claim(6_000)).toEqual({ allowed: true });
  expect(await claim(6_000)).toEqual({ allowed: false, retryAtMs: t0 + 8_000 });
}

/** Forgotten `forgetAfterSeconds` after the last counted attempt, by the clock passed in. */
async function expectForgotten(store: CounterStore, key: string) {
  const t0 = Date.UTC(2026, 0, 2);
  for (const atMs of [0, 0, 2_000]) expect(await store.claimAttempt(key, BACKOFF, t0 + atMs)).toEqual({ allowed: true });
  expect((await store.claimAttempt(key, BACKOFF, t0 + 3_000)).allowed).toBe(false);
  for (const atMs of [62_000, 62_000]) expect(await store.claimAttempt(key, BACKOFF, t0 + atMs)).toEqual({ allowed: true });
}

/** Claims at once, through one or two stores on the same data: exactly `free` get through. */
async function expectClaimsAtOnce(stores: CounterStore[], key: string) {
  const rule = { ...BACKOFF, free: 5 };
  const now = Date.now();
  const claims = await Promise.all(Array.from({ length: 30 }, (_, i) => stores[i % stores.length]?.claimAttempt(key, rule, now)));
  expect(claims.filter((claim) => claim?.allowed)).toHaveLength(5);
  expect(claims.filter((claim) => claim && !claim.allowed && claim.retryAtMs === now + 2_000)).toHaveLength(25);
}

describe('MemoryCounterStore', () => {
  it('backs off attempts: free ones, then 2^k seconds (capped), refusals not counted, forgiven on demand (fake clock)', async () => {
    const store = new MemoryCounterStore();
    await expectBackoff(store, 'backoff');
    await expectForgotten(store, 'forget');
    await expectClaimsAtOnce([store], 'at-once');
  });
});

describe.each(testDatabases)('PostgresCounterStore on %s', (kind) => {
  let t: TestApp;
  let second: TestApp | undefined;
  const rows = async () => (await t.app.db.orm.select({ n: count() }).from(rateLimitCounters))[0]?.n;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    if (t.databaseUrl) second = await buildTestApp(kind, { databaseUrl: t.databaseUrl });
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('counts in fixed windows that start at the first hit and restart after the window (fake clock)', async () => {
    await expectFixedWindows(new PostgresCounterStore(t.app.db.orm), (name) => `windows:${name}`);
  });

  it('one atomic upsert per hit: hits at once, from one or two instances, each get their own count', async () => {
    const stores = [new PostgresCounterStore(t.app.db.orm), new PostgresCounterStore((second ?? t).app.db.orm)];
    const now = Date.now();
    const states = await Promise.all(Array.from({ length: 30 }, (_, i) => stores[i % 2]?.increment('at-once', 60_000, now)));
    expect(states.map((state) => state?.count).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await stores[1]?.read('at-once', now)).toEqual({ count: 30, resetAtMs: now + 60_000 });
  });

  it('backs off attempts in one conditional upsert: free ones, then 2^k seconds (capped), forgotten after a quiet while (fake clock)', async () => {
    const store = new PostgresCounterStore(t.app.db.orm);
    await expectBackoff(store, 'backoff');
    await expectForgotten(store, 'forget');
  });

  it('claims at once, from one or two instances: no more attempts get through than the backoff allows', async () => {
    await expectClaimsAtOnce([new PostgresCounterStore(t.app.db.orm), new PostgresCounterStore((second ?? t).app.db.orm)], 'claims-at-once');
  });

  it('sweeps ended windows, at most once a sweep interval, and keeps live ones', async () => {
    const store = new PostgresCounterStore(t.app.db.orm);
    const t0 = Date.UTC(2030, 0, 1);
    await store.sweep(Date.UTC(2100, 0, 1));
    await store.increment('sweep:short', 1_000, t0);
    await store.increment('sweep:long', 10 * COUNTER_SWEEP_INTERVAL_MS, t0);
    await store.close();
    expect(await rows()).toBe(2);

    // The first hit swept at t0 (nothing ended then); the next sweep waits for the interval.
    await store.increment('sweep:long', 10 * COUNTER_SWEEP_INTERVAL_MS, t0 + 2_000);
    await store.close();
    expect(await rows()).toBe(2);
    await store.increment('sweep:long', 10 * COUNTER_SWEEP_INTERVAL_MS, t0 + COUNTER_SWEEP_INTERVAL_MS);
    await store.close();
    expect(await rows()).toBe(1);
    expect(await store.read('sweep:long', t0 + COUNTER_SWEEP_INTERVAL_MS)).toMatchObject({ count: 3 });
    expect(await store.sweep(t0 + 10 * COUNTER_SWEEP_INTERVAL_MS)).toBe(1);
    expect(await rows()).toBe(0);
  });
});

describe('FailoverCounterStore', () => {
  class Flaky extends MemoryCounterStore {
    down = false;
    override increment(key: string, windowMs: number, nowMs: number): Promise<CounterState> {
      return this.down ? Promise.reject(new Error('connection refused')) : super.increment(key, windowMs, nowMs);
    }
    override read(key: string, nowMs: number): Promise<CounterState> {
      return this.down ? Promise.reject(new Error('connection refused')) : super.read(key, nowMs);
    }
  }

  it('counts on this instance while the shared store fails, and says so once each way', async () => {
    const shared = new Flaky();
    const events: string[] = [];
    const store = new FailoverCounterStore(shared, new MemoryCounterStore(), {
      onFailover: (error) => events.push(`failover: ${(error as Error).message}`),
      onRecover: () => events.push('recovered'),
    });
    expect(await store.increment('k', 1_000, 0)).toMatchObject({ count: 1 });
    shared.down = true;
    expect(await store.increment('k', 1_000, 0)).toMatchObject({ count: 1 });
    expect(await store.increment('k', 1_000, 0)).toMatchObject({ count: 2 });
    expect(await store.read('k', 0)).toMatchObject({ count: 2 });
    shared.down = false;
    expect(await store.increment('k', 1_000, 0)).toMatchObject({ count: 2 });
    expect(events).toEqual(['failover: connection refused', 'recovered']);
  });
});

describe('RedisCounterStore, Redis unreachable', () => {
  it('opens without waiting out the boot wait, reports the error, and every call fails fast', async () => {
    const errors: unknown[] = [];
    const store = await RedisCounterStore.open({ url: 'redis://127.0.0.1:1', keyPrefix: 'unreachable:', onError: (error) => errors.push(error) }, 30_000);
    try {
      expect(errors).toHaveLength(1);
      await expect(store.increment('k', 1_000, Date.now())).rejects.toThrow();
    } finally {
      await store.close();
    }
  });
});

describe.runIf(REDIS_URL)('RedisCounterStore on TEST_REDIS_URL', () => {
  const url = REDIS_URL ?? '';
  const keyPrefix = `pagemate-test:${process.pid}-${randomBytes(4).toString('hex')}:`;
  const errors: unknown[] = [];
  let stores: RedisCounterStore[] = [];

  beforeAll(async () => {
    stores = await Promise.all([0, 1].map(() => RedisCounterStore.open({ url, keyPrefix, onError: (error) => errors.push(error) })));
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await deleteRedisKeys(url, keyPrefix);
  });

  it('two clients share one window; it ends by itself after the window', async () => {
    const [a, b] = stores as [RedisCounterStore, RedisCounterStore];
    const windowMs = 300;
    const now = Date.now();
    expect(await a.increment('shared', windowMs, now)).toMatchObject({ count: 1 });
    const second = await b.increment('shared', windowMs, now);
    expect(second.count).toBe(2);
    expect(second.resetAtMs).toBeGreaterThan(now);
    expect(second.resetAtMs).toBeLessThanOrEqual(now + windowMs);
    expect((await a.read('shared', now)).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, windowMs + 100));
    expect((await b.read('shared', Date.now())).count).toBe(0);
    expect(await a.increment('shared', windowMs, Date.now())).toMatchObject({ count: 1 });
    expect(errors).toEqual([]);
  });

  it('backs off attempts with one script per claim, shared by two clients', async () => {
    const [a, b] = stores as [RedisCounterStore, RedisCounterStore];
    await expectBackoff(a, 'backoff');
    await expectClaimsAtOnce([a, b], 'claims-at-once');
    expect(errors).toEqual([]);
  });

  it('hits at once each get their own count', async () => {
    const now = Date.now();
    const states = await Promise.all(Array.from({ length: 30 }, (_, i) => stores[i % 2]?.increment('at-once', 60_000, now)));
    expect(states.map((state) => state?.count).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
