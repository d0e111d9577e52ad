import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_BACKOFF } from '../plugins/app/accounts/limits.js';
import { verifyPassword } from '../plugins/app/accounts/passwords.js';
import { errorOf, type RegisteredAccount, registerAccount, uniqueAccount } from '../test/accounts.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../test/helper.js';

// Every argon2 verification sign-in makes, counted.
vi.mock(import('../plugins/app/accounts/passwords.js'), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

const ACCOUNT = LOGIN_BACKOFF.account;

describe.each(testDatabases)('sign-in backoff on %s', (kind) => {
  let t: TestApp;
  /** The rate limits' clock, moved by the tests. */
  let nowMs = Date.UTC(2030, 0, 1);
  let network = 0;
  /** A fresh /16 per test, so one test's address counters never touch another's. */
  let ip: (host: number) => string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { rateLimitNow: () => nowMs });
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());
  beforeEach(() => {
    network += 1;
    ip = (host) => `10.${network}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
    // Apart from the previous test's windows and backoffs.
    nowMs += 3600_000;
  });

  const signIn = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/login', remoteAddress, payload: { username, password } });
  const verifications = () => vi.mocked(verifyPassword).mock.calls.length;

  function expectWait(response: LightMyRequestResponse, seconds: number) {
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe(String(seconds));
    expect(errorOf(response)).toEqual({ status: 429, code: 'RATE_LIMITED', message: `Too many attempts. Please wait ${seconds} seconds and try again.` });
  }

  /** `count` wrong passwords on `account` at once, each from its own address. */
  async function attackAtOnce(account: RegisteredAccount, count: number) {
    const before = verifications();
    const responses = await Promise.all(Array.from({ length: count }, (_, i) => signIn(account.username, 'wrong-password', ip(i))));
    return { responses, verified: verifications() - before };
  }

  it(`20 wrong passwords at once: all 20 fail, and only ${ACCOUNT.free} reach argon2; the rest wait ${2 ** 1} seconds`, async () => {
    const account = await registerAccount(t);
    const { responses, verified } = await attackAtOnce(account, 20);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(responses.filter((response) => errorOf(response).code === 'INVALID_CREDENTIALS')).toHaveLength(ACCOUNT.free);
    expect(refused).toHaveLength(20 - ACCOUNT.free);
    for (const response of refused) expectWait(response, 2);
    expect(verified).toBe(ACCOUNT.free);
    expect(t.logs.filter((line) => line.msg === 'attempt refused: backing off' && line.key === 'account').length).toBeGreaterThanOrEqual(20 - ACCOUNT.free);
  });

  it('the owner signs in from another address once the wait is over, and starts afresh; a second account is never affected', async () => {
    const owner = await registerAccount(t);
    const other = await registerAccount(t);
    await attackAtOnce(owner, 20);

    // Another account, even from an address of the attack.
    expect((await signIn(other.username, other.password, ip(0))).statusCode).toBe(200);
    // The owner waits 2 seconds (the attack's refused attempts did not lengthen it), not a lockout.
    expectWait(await signIn(owner.email, owner.password, ip(100)), 2);
    nowMs += 2_000;
    expect((await signIn(owner.email, owner.password, ip(100))).statusCode).toBe(200);

    // Signed in: the account's backoff is forgotten, a typo is a plain 401 again.
    for (let i = 0; i < ACCOUNT.free; i += 1) expect(errorOf(await signIn(owner.username, 'typo-password', ip(100))).code).toBe('INVALID_CREDENTIALS');
    expectWait(await signIn(owner.username, owner.password, ip(100)), 2);
  });

  it(`each further failure doubles the wait (2, 4, 8… seconds), up to ${ACCOUNT.maxDelaySeconds / 60} minutes`, async () => {
    const account = await registerAccount(t);
    for (let i = 0; i < ACCOUNT.free; i += 1) expect(errorOf(await signIn(account.username, 'wrong-password', ip(i))).code).toBe('INVALID_CREDENTIALS');
    const waits: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const refused = await signIn(account.username, 'wrong-password', ip(50 + i));
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      nowMs += (wait - 1) * 1000;
      expect((await signIn(account.username, 'wrong-password', ip(50 + i))).statusCode).toBe(429);
      nowMs += 1000;
      expect(errorOf(await signIn(account.username, 'wrong-password', ip(50 + i))).code).toBe('INVALID_CREDENTIALS');
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
  });

  it('forgets the backoff after 15 quiet minutes', async () => {
    const account = await registerAccount(t);
    for (let i = 0; i < ACCOUNT.free; i += 1) await signIn(account.username, 'wrong-password', ip(i));
    expect((await signIn(account.username, account.password, ip(10))).statusCode).toBe(429);
    nowMs += ACCOUNT.forgetAfterSeconds * 1000;
    for (let i = 0; i < ACCOUNT.free; i += 1) expect(errorOf(await signIn(account.username, 'wrong-password', ip(20 + i))).code).toBe('INVALID_CREDENTIALS');
  });

  it('slows down one address guessing across many accounts, beyond the per-minute limit; other addresses go on', async () => {
    const guess = () => signIn(uniqueAccount().username, 'wrong-password', ip(0));
    for (let i = 0; i < LOGIN_BACKOFF.ip.free; i += 1) expect(errorOf(await guess()).code).toBe('INVALID_CREDENTIALS');
    // A minute later the per-minute limit allows more, the address's backoff one attempt, then 4 seconds.
    nowMs += 61_000;
    expect(errorOf(await guess()).code).toBe('INVALID_CREDENTIALS');
    const before = verifications();
    expectWait(await guess(), 4);
    expect(verifications()).toBe(before);
    const owner = await registerAccount(t);
    expect((await signIn(owner.username, owner.password, ip(1))).statusCode).toBe(200);
  });

  it('gives the address its attempt back when a sign-in succeeds: an office signing in all day is never slowed down', async () => {
    const account = await registerAccount(t);
    for (let i = 0; i < 3 * LOGIN_BACKOFF.ip.free; i += 1) {
      expect((await signIn(account.username, account.password, ip(0))).statusCode).toBe(200);
      nowMs += 61_000 / LOGIN_BACKOFF.ip.free;
    }
  });
});
