import { randomBytes } from 'node:crypto';
import type { EndpointContract } from '@pagemate/shared-contracts/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appMeta } from '../../../db/schema/index.js';
import { registerContract } from '../../../http/contract-route.js';
import { readRefreshCookie, REFRESH_COOKIE } from '../../../http/refresh-cookie.js';
import { bearer, claimsOf, errorOf, features, login, registerAccount } from '../../../test/accounts.js';
import { ManualClock } from '../../../test/clock.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../../../test/helper.js';
import { GENERATED_JWT_SECRET_KEY } from './auth-keys.js';

const SHELL = 'http://localhost:3000';
/** The same shell opened at another address `npm start` allows: another site than the API at localhost. */
const SHELL_BY_IP = 'http://127.0.0.1:3000';

/** A route shaped like every authenticated endpoint: `auth: 'user'` and a user id in each place. */
const ownedThing = {
  method: 'POST',
  path: 'test/users/{userId}/things',
  auth: 'user',
  summary: 'Test-only authenticated route',
  params: z.object({ userId: z.string() }),
  query: z.object({ user_id: z.string().optional() }),
  body: z.object({ user_id: z.string(), name: z.string().min(1) }),
  response: z.object({ seenBy: z.string(), session: z.string() }),
} as const satisfies EndpointContract;

async function testRoutes(app: FastifyInstance) {
  registerContract(app, ownedThing, async (request) => ({ seenBy: request.user.userId, session: request.user.sessionId }));
  app.get('/test/public-reads-user', async (request) => ({ user: request.user.userId }));
  app.get('/test/bearer-reads-cookie', { config: { auth: 'user' } }, async (request) => ({ cookie: readRefreshCookie(request) ?? null }));
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(testDatabases)('the auth guard on %s', (kind) => {
  let t: TestApp;
  const clock = new ManualClock();
  let accessToken: string;
  let userId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, extraRoutes: [testRoutes], env: { CORS_ORIGINS: `${SHELL},${SHELL_BY_IP}` } });
    const account = await registerAccount(t);
    ({ accessToken } = await login(t, account.username, account.password));
    userId = claimsOf(accessToken).userId as string;
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  const call = (token: string | undefined, options: { pathUser?: string; queryUser?: string; bodyUser?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/test/users/${options.pathUser ?? userId}/things${options.queryUser === undefined ? '' : `?user_id=${options.queryUser}`}`,
      headers: { ...(token ? bearer(token) : {}), ...options.headers },
      payload: { user_id: options.bodyUser ?? userId, name: 'x' },
    });
  const expectRefused = async (response: Awaited<ReturnType<typeof call>>, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    expect(errorOf(response).code).toBe(code);
  };
  /** A token with our claims, signed as the caller chooses. */
  const forged = (header: object, key: Uint8Array, claims: object = claimsOf(accessToken)) =>
    new SignJWT(claims as Record<string, unknown>).setProtectedHeader(header as { alg: string }).sign(key);

  it('puts the token’s user and session on the request', async () => {
    const response = await call(accessToken, { queryUser: userId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ seenBy: userId, session: claimsOf(accessToken).sid });
  });

  it('answers 401 UNAUTHENTICATED without a bearer token or with a malformed one', async () => {
    await expectRefused(await call(undefined), 401, 'UNAUTHENTICATED');
    await expectRefused(await call('not.a.jwt'), 401, 'UNAUTHENTICATED');
    await expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/account/features', headers: { authorization: `Basic ${accessToken}` } }), 401, 'UNAUTHENTICATED');
  });

  it('refuses alg:none', async () => {
    const [, payload] = accessToken.split('.');
    await expectRefused(await call(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`), 401, 'UNAUTHENTICATED');
    await expectRefused(await call(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${accessToken.split('.')[2]}`), 401, 'UNAUTHENTICATED');
  });

  it('refuses a token signed with another key', async () => {
    await expectRefused(await call(await forged({ alg: 'HS256', typ: 'JWT' }, randomBytes(32))), 401, 'UNAUTHENTICATED');
  });

  it('refuses an algorithm outside the allow-list even with the right key', async () => {
    await expectRefused(await call(await forged({ alg: 'HS512', typ: 'JWT' }, t.app.authKeys.accessToken)), 401, 'UNAUTHENTICATED');
  });

  it('refuses a token whose payload was edited', async () => {
    const [header, , signature] = accessToken.split('.');
    const edited = `${header}.${b64({ ...claimsOf(accessToken), role: 'admin' })}.${signature}`;
    await expectRefused(await call(edited), 401, 'UNAUTHENTICATED');
  });

  it('refuses a token without exp, or signed right but naming another user as sub', async () => {
    const key = t.app.authKeys.accessToken;
    const { exp: _exp, ...noExpiry } = claimsOf(accessToken);
    await expectRefused(await call(await forged({ alg: 'HS256' }, key, noExpiry)), 401, 'UNAUTHENTICATED');
    await expectRefused(await call(await forged({ alg: 'HS256' }, key, { ...claimsOf(accessToken), sub: 'someone-else' })), 401, 'UNAUTHENTICATED');
  });

  it('refuses an expired token, and accepts it until then', async () => {
    const fresh = await t.app.accessTokens.issue(
      { username: 'x', userId, userEmail: 'x@example.vn', partnerId: null, role: 'user' },
      claimsOf(accessToken).sid as string,
    );
    clock.advanceSeconds(899);
    expect((await call(fresh)).statusCode).toBe(200);
    clock.advanceSeconds(2);
    const response = await call(fresh);
    await expectRefused(response, 401, 'UNAUTHENTICATED');
    expect(errorOf(response).message).toBe('The access token has expired');
  });

  it.each([
    ['the body', { bodyUser: 'another-user' }],
    ['the query', { queryUser: 'another-user' }],
    ['the path', { pathUser: 'another-user' }],
  ])('answers 403 FORBIDDEN to a user id in %s that is not the token’s', async (_, where) => {
    const { accessToken: token } = await login(t, ...(await credentials()));
    await expectRefused(await call(token, where), 403, 'FORBIDDEN');
  });

  it('checks the user id before validating the body', async () => {
    const { accessToken: token } = await login(t, ...(await credentials()));
    const response = await t.app.inject({
      method: 'POST',
      url: `/test/users/${claimsOf(token).userId as string}/things`,
      headers: bearer(token),
      payload: { user_id: 'another-user' },
    });
    await expectRefused(response, 403, 'FORBIDDEN');
  });

  it('serves bearer routes to an allowed origin on another site: CORS decides, not Sec-Fetch-Site', async () => {
    const { accessToken: token } = await login(t, ...(await credentials()));
    const crossSite = { origin: SHELL_BY_IP, 'sec-fetch-site': 'cross-site' };
    const getFeatures = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/account/features', headers: { ...bearer(token), ...headers } });
    const served = await getFeatures(crossSite);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers['access-control-allow-origin']).toBe(SHELL_BY_IP);
    const freshOwn = await t.app.accessTokens.issue(
      { username: 'x', userId, userEmail: 'x@example.vn', partnerId: null, role: 'user' },
      claimsOf(accessToken).sid as string,
    );
    expect((await call(freshOwn, { headers: crossSite })).statusCode).toBe(200);
    expect((await getFeatures({ origin: SHELL, 'sec-fetch-site': 'same-site' })).statusCode).toBe(200);
    expect((await features(t, token)).statusCode).toBe(200);
    // Still the token's: cross-site changes nothing about who may call.
    await expectRefused(await call(undefined, { headers: crossSite }), 401, 'UNAUTHENTICATED');
    await expectRefused(await call(freshOwn, { headers: crossSite, bodyUser: 'another-user' }), 403, 'FORBIDDEN');
  });

  it('leaves other origins to CORS: their preflight gets no CORS headers, so a browser never sends the call', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/account/features',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization', 'sec-fetch-site': 'cross-site' },
      });
    const allowed = await preflight(SHELL_BY_IP);
    expect(allowed.headers['access-control-allow-origin']).toBe(SHELL_BY_IP);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const evil = await preflight('https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('keeps refusing cross-site requests on the route the refresh cookie authenticates, from an allowed origin too', async () => {
    const refresh = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/refresh_token', headers, cookies: { [REFRESH_COOKIE]: 'x' } });
    await expectRefused(await refresh({ origin: SHELL_BY_IP, 'sec-fetch-site': 'cross-site' }), 403, 'CROSS_SITE_REQUEST');
    await expectRefused(await refresh({ origin: 'https://evil.example' }), 403, 'CROSS_SITE_REQUEST');
  });

  it('fails loudly (500) when a route without auth: refresh-cookie reads the refresh cookie', async () => {
    const { accessToken: token } = await login(t, ...(await credentials()));
    const response = await t.app.inject({ method: 'GET', url: '/test/bearer-reads-cookie', headers: bearer(token), cookies: { [REFRESH_COOKIE]: 'x' } });
    expect(response.statusCode).toBe(500);
  });

  it('fails loudly (500) when a route without auth reads request.user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/public-reads-user', headers: bearer(accessToken) });
    expect(response.statusCode).toBe(500);
  });

  let accounts = 0;
  async function credentials(): Promise<[string, string]> {
    accounts += 1;
    const account = await registerAccount(t, { prefix: `guard${accounts}` });
    return [account.username, account.password];
  }
});

describe.each(testDatabases)('the signing secret on %s', (kind) => {
  it('is generated once, kept in the database and announced in the log when JWT_SECRET is unset', async () => {
    const t = await buildTestApp(kind);
    try {
      const [row] = await t.app.db.orm.select().from(appMeta).where(eq(appMeta.key, GENERATED_JWT_SECRET_KEY));
      expect(Buffer.from(row?.value ?? '', 'base64url')).toHaveLength(32);
      expect(t.logs.some((line) => line.level === 40 && String(line.msg).startsWith('JWT_SECRET is not set: generated one'))).toBe(true);
      const account = await registerAccount(t);
      const { accessToken } = await login(t, account.username, account.password);
      await expect(jwtVerify(accessToken, new TextEncoder().encode(row?.value), { algorithms: ['HS256'] })).resolves.toBeDefined();
    } finally {
      await t.close();
    }
  }, BOOT_TIMEOUT_MS);

  it('is JWT_SECRET when set, and then nothing is stored', async () => {
    const secret = 'a-test-secret-of-at-least-32-characters!';
    const t = await buildTestApp(kind, { env: { JWT_SECRET: secret } });
    try {
      expect(await t.app.db.orm.select().from(appMeta).where(eq(appMeta.key, GENERATED_JWT_SECRET_KEY))).toEqual([]);
      const account = await registerAccount(t);
      const { accessToken } = await login(t, account.username, account.password);
      await expect(jwtVerify(accessToken, new TextEncoder().encode(secret), { algorithms: ['HS256'] })).resolves.toBeDefined();
    } finally {
      await t.close();
    }
  }, BOOT_TIMEOUT_MS);
});
