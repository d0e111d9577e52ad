import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../http/refresh-cookie.js';
import { ACCOUNT_RATE_LIMITS, LOGIN_BACKOFF } from '../plugins/app/accounts/limits.js';
import type { RateLimitPolicy } from '../plugins/app/rate-limits.js';
import { errorOf, GOOD_PASSWORD, login, registerAccount, uniqueAccount } from '../test/accounts.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../test/helper.js';

interface LimitedEndpoint {
  url: string;
  policy: RateLimitPolicy;
  /** The request for account `account` (an email, a username or a refresh token). */
  request(account: string): { payload?: object; cookies?: Record<string, string> };
}

const emailBody = (email: string) => ({ payload: { user_email: email } });

const ENDPOINTS: Record<string, LimitedEndpoint> = {
  login: { url: '/login', policy: ACCOUNT_RATE_LIMITS.login, request: (username) => ({ payload: { username, password: 'wrong-password' } }) },
  verify_email: { url: '/verify_email', policy: ACCOUNT_RATE_LIMITS.verifyEmail, request: emailBody },
  register_account: {
    url: '/register_account',
    policy: ACCOUNT_RATE_LIMITS.registerAccount,
    request: (email) => ({
      payload: { user_name: uniqueAccount().username, user_pass: GOOD_PASSWORD, user_email: email, verification_code: '000000', account_type: 'user' },
    }),
  },
  request_password_reset: { url: '/request_password_reset', policy: ACCOUNT_RATE_LIMITS.requestPasswordReset, request: emailBody },
  reset_password: {
    url: '/reset_password',
    policy: ACCOUNT_RATE_LIMITS.resetPassword,
    request: (email) => ({ payload: { user_email: email, verification_code: '000000', new_password: GOOD_PASSWORD } }),
  },
  refresh_token: { url: '/refresh_token', policy: ACCOUNT_RATE_LIMITS.refreshToken, request: (token) => ({ cookies: { [REFRESH_COOKIE]: token } }) },
};

function expectRateLimited(response: LightMyRequestResponse, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(errorOf(response)).toEqual({
    status: 429,
    code: 'RATE_LIMITED',
    message: `Too many attempts. Please wait ${response.headers['retry-after']} seconds and try again.`,
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe.each(testDatabases)('rate limits on %s', (kind) => {
  let t: TestApp;
  let network = 0;
  /** A fresh /24 per test, so one test's counters never touch another's. */
  const addresses = () => {
    network += 1;
    return (host: number) => `10.${network}.0.${host}`;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  const send = (endpoint: LimitedEndpoint, account: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: endpoint.url, remoteAddress, ...endpoint.request(account) });

  describe.each(Object.entries(ENDPOINTS))('%s per IP', (_, endpoint) => {
    it('answers 429 with Retry-After past the per-IP limit, for that address only', async () => {
      const rule = endpoint.policy.ip;
      if (!rule) throw new Error('every account endpoint has a per-IP limit');
      const ip = addresses();
      for (let i = 0; i < rule.max; i += 1) {
        expect((await send(endpoint, uniqueAccount().email, ip(1))).statusCode).not.toBe(429);
      }
      expectRateLimited(await send(endpoint, uniqueAccount().email, ip(1)), rule.windowSeconds);
      expect((await send(endpoint, uniqueAccount().email, ip(2))).statusCode).not.toBe(429);
    });
  });

  const withAccountLimit = Object.entries(ENDPOINTS).filter(([, endpoint]) => endpoint.policy.account);
  describe.each(withAccountLimit)('%s per account', (_, endpoint) => {
    it('answers 429 past the per-account limit, whatever the address', async () => {
      const rule = endpoint.policy.account;
      if (!rule) throw new Error('filtered above');
      const ip = addresses();
      const account = uniqueAccount().email;
      for (let i = 0; i < rule.max; i += 1) expect((await send(endpoint, account, ip(i + 1))).statusCode).not.toBe(429);
      expectRateLimited(await send(endpoint, account, ip(200)), rule.windowSeconds);
      expect((await send(endpoint, uniqueAccount().email, ip(201))).statusCode).not.toBe(429);
    });
  });

  it(`makes an account wait after ${LOGIN_BACKOFF.account.free} failures, even with the right password, its email, from elsewhere`, async () => {
    const account = await registerAccount(t);
    const other = await registerAccount(t);
    const ip = addresses();
    for (let i = 0; i < LOGIN_BACKOFF.account.free; i += 1) {
      const response = await send(ENDPOINTS.login as LimitedEndpoint, account.username, ip(i + 1));
      expect(errorOf(response).code).toBe('INVALID_CREDENTIALS');
    }
    const locked = await t.app.inject({ method: 'POST', url: '/login', remoteAddress: ip(100), payload: { username: account.email, password: account.password } });
    expectRateLimited(locked, 2);
    await login(t, other.username, other.password);
  });

  it('does not count successful sign-ins as failures', async () => {
    const account = await registerAccount(t);
    for (let i = 0; i < LOGIN_BACKOFF.account.free + 1; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/login', remoteAddress: `10.250.0.${i + 1}`, payload: { username: account.username, password: account.password } });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe.each(testDatabases)('rate-limit settings on %s', (kind) => {
  it('multiplies the per-IP limits', async () => {
    const t = await buildTestApp(kind, { env: { RATE_LIMIT_IP_MULTIPLIER: '2' } });
    try {
      const max = ACCOUNT_RATE_LIMITS.refreshToken.ip.max * 2;
      const send = () => t.app.inject({ method: 'POST', url: '/refresh_token', remoteAddress: '10.0.0.1' });
      for (let i = 0; i < max; i += 1) expect((await send()).statusCode).toBe(401);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  }, BOOT_TIMEOUT_MS);

  it('RATE_LIMIT_DISABLED turns every account limit off (end-to-end runs)', async () => {
    const t = await buildTestApp(kind, { env: { RATE_LIMIT_DISABLED: '1' } });
    try {
      for (let i = 0; i <= ACCOUNT_RATE_LIMITS.refreshToken.ip.max; i += 1) {
        expect((await t.app.inject({ method: 'POST', url: '/refresh_token', remoteAddress: '10.0.0.1' })).statusCode).toBe(401);
      }
      expect(t.logs.some((line) => String(line.msg).startsWith('RATE_LIMIT_DISABLED is set'))).toBe(true);
    } finally {
      await t.close();
    }
  }, BOOT_TIMEOUT_MS);
});
