import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema/index.js';
import { ACCOUNT_RATE_LIMITS, LOGIN_BACKOFF } from '../plugins/app/accounts/limits.js';
import { errorOf, type RegisteredAccount, registerAccount, uniqueAccount } from '../test/accounts.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { hubSignature } from '../meta-sandbox/webhook-payload.js';
import { WEBHOOK_REFUSAL_LIMIT } from './webhook.js';
import { deleteRedisKeys } from '../test/redis.js';

const LOGIN_IP = ACCOUNT_RATE_LIMITS.login.ip;
const REDIS_URL = process.env.TEST_REDIS_URL;

const wrongLogin = (t: TestApp, username: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/login', remoteAddress, payload: { username, password: 'wrong-password' } });

/** Hits spread over the instances in turn are refused at the same total as on one instance. */
async function expectOneLimitAcross(instances: TestApp[], remoteAddress: string) {
  for (let i = 0; i < LOGIN_IP.max; i += 1) {
    const response = await wrongLogin(instances[i % instances.length] as TestApp, uniqueAccount().username, remoteAddress);
    expect(response.statusCode).not.toBe(429);
  }
  for (const t of instances) {
    const refused = await wrongLogin(t, uniqueAccount().username, remoteAddress);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_IP.windowSeconds);
  }
}

/**
 * Sign-in failures made on both instances in turn make the account wait on both, even with the right password.
 * Without an account in the instances' database (Redis test: each instance has its own), an unknown name.
 */
async function expectLockoutAcross([first, second]: [TestApp, TestApp], account?: RegisteredAccount) {
  const username = account?.username ?? uniqueAccount().username;
  for (let i = 0; i < LOGIN_BACKOFF.account.free; i += 1) {
    const response = await wrongLogin(i % 2 === 0 ? first : second, username, `10.77.${i}.1`);
    expect(errorOf(response).code).toBe('INVALID_CREDENTIALS');
  }
  for (const t of [first, second]) {
    const payload = account ? { username: account.email, password: account.password } : { username, password: 'wrong-password' };
    expect((await t.app.inject({ method: 'POST', url: '/login', remoteAddress: '10.77.99.1', payload })).statusCode).toBe(429);
  }
}

describe.each(testDatabases)('rate limits shared through the database (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('keeps counters in rate_limit_counters', async () => {
    expect(t.logs.some((line) => line.msg === 'rate-limit counters shared by every instance' && line.store === kind)).toBe(true);
    await wrongLogin(t, uniqueAccount().username, '10.60.0.1');
    const [row] = await t.app.db.orm.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'login:ip:10.60.0.1'));
    expect(row?.count).toBe(1);
  });

  it.runIf(kind === 'postgres')('two instances on one PostgreSQL share every limit', async () => {
    const second = await buildTestApp(kind, { databaseUrl: t.databaseUrl ?? '' });
    try {
      await expectOneLimitAcross([t, second], '10.61.0.1');
      await expectLockoutAcross([t, second], await registerAccount(t));
    } finally {
      await second.close();
    }
  }, BOOT_TIMEOUT_MS);

  it(`the Meta webhook counts refused deliveries only: 429 past ${WEBHOOK_REFUSAL_LIMIT.max} a minute per address, never for a signed one`, async () => {
    const body = '{"object":"page","entry":[]}';
    const send = (remoteAddress: string, signed: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/webhook',
        remoteAddress,
        headers: { 'content-type': 'application/json', ...(signed ? { 'x-hub-signature-256': hubSignature(t.app.meta.appSecret, body) } : {}) },
        payload: body,
      });
    const counter = async (address: string) =>
      (await t.app.db.orm.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, `webhook_refused:ip:${address}`)))[0]?.count;

    // Meta delivers every page's events from a few addresses: signed deliveries are not counted, however many.
    for (let i = 0; i < WEBHOOK_REFUSAL_LIMIT.max + 20; i += 1) expect((await send('10.62.0.1', true)).statusCode).toBe(200);
    expect(await counter('10.62.0.1')).toBeUndefined();

    for (let i = 0; i < WEBHOOK_REFUSAL_LIMIT.max; i += 1) expect((await send('10.62.0.1', false)).statusCode).toBe(403);
    expect(await counter('10.62.0.1')).toBe(WEBHOOK_REFUSAL_LIMIT.max);
    const refused = await send('10.62.0.1', false);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/webhook?hub.mode=subscribe', remoteAddress: '10.62.0.1' })).statusCode).toBe(429);

    // Over its limit, the address still gets its correctly signed deliveries through; another address is unaffected.
    expect((await send('10.62.0.1', true)).statusCode).toBe(200);
    expect((await send('10.62.0.2', false)).statusCode).toBe(403);
  });
});

describe('REDIS_URL that does not answer', () => {
  it('the app starts, says so, and still limits (per instance) with a warning', async () => {
    const t = await buildTestApp('pglite', { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      expect(t.logs.some((line) => line.msg === 'rate limits: Redis connection failed' && line.level === 50)).toBe(true);
      await expectOneLimitAcross([t], '10.63.0.1');
      expect(t.logs.some((line) => String(line.msg).startsWith('rate limits: shared counter store failed'))).toBe(true);
    } finally {
      await t.close();
    }
  }, BOOT_TIMEOUT_MS);
});

describe.runIf(REDIS_URL)('rate limits shared through Redis (TEST_REDIS_URL)', () => {
  const url = REDIS_URL ?? '';
  const prefix = `pagemate-test:${process.pid}-${randomBytes(4).toString('hex')}:`;
  const instances: TestApp[] = [];

  beforeAll(async () => {
    // Two instances on two different databases: only Redis can make them agree.
    for (let i = 0; i < 2; i += 1) instances.push(await buildTestApp('pglite', { env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix } }));
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(instances.map((t) => t.close()));
    await deleteRedisKeys(url, prefix);
  });

  it('two instances share every limit, and nothing lands in the database', async () => {
    const [first, second] = instances as [TestApp, TestApp];
    expect(first.logs.some((line) => line.msg === 'rate-limit counters shared by every instance' && line.store === 'redis')).toBe(true);
    await expectOneLimitAcross([first, second], '10.64.0.1');
    await expectLockoutAcross([first, second]);
    expect(await first.app.db.orm.select().from(rateLimitCounters)).toEqual([]);
    expect(first.logs.concat(second.logs).filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
