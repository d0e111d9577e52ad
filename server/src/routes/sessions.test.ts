import { accessTokenClaimsSchema, endpoints, FEATURES } from '@pagemate/shared-contracts/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.js';
import { FEATURES_BY_SIDE } from '../plugins/app/accounts/features.js';
import {
  bearer,
  claimsOf,
  errorOf,
  features,
  login,
  post,
  refresh,
  refreshCookieOf,
  registerAccount,
  type RegisteredAccount,
} from '../test/accounts.js';
import { ManualClock } from '../test/clock.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../test/helper.js';

const DAY = 24 * 3600;
const SHELL = 'http://localhost:3000';

describe.each(testDatabases)('sessions on %s', (kind) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  let alice: RegisteredAccount;

  beforeAll(async () => {
    // Many sign-ins from one test address: per-IP limits are raised here and tested in rate-limits.test.ts.
    t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_IP_MULTIPLIER: '100', CORS_ORIGINS: SHELL } });
    alice = await registerAccount(t);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  const expectSessionExpired = (response: Awaited<ReturnType<typeof refresh>>) => {
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('SESSION_EXPIRED');
  };
  const expectUnauthenticated = (response: Awaited<ReturnType<typeof features>>) => {
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  };

  it('runs register → login → refresh → logout end to end', async () => {
    const account = await registerAccount(t, { prefix: 'e2e' });

    const signedIn = await login(t, account.username, account.password);
    const body = endpoints.login.response.parse(signedIn.response.json());
    expect(body.data.user_features).toEqual(FEATURES_BY_SIDE.user);
    expect(body.data.list_features).toEqual(FEATURES);
    expect((await features(t, signedIn.accessToken)).statusCode).toBe(200);

    const refreshed = await refresh(t, signedIn.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const { access_token: accessToken } = endpoints.refreshToken.response.parse(refreshed.json()).data;
    const rotated = refreshCookieOf(refreshed)?.value;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(signedIn.refreshToken);
    expect((await features(t, accessToken)).statusCode).toBe(200);

    const loggedOut = await post(t, '/logout', {}, bearer(accessToken));
    expect(loggedOut.json()).toEqual({ status: 200, data: { ok: true } });
    const cleared = refreshCookieOf(loggedOut);
    expect(cleared).toMatchObject({ value: '', path: '/refresh_token' });
    expect(cleared?.maxAge === 0 || (cleared?.expires?.getTime() ?? Infinity) <= Date.now()).toBe(true);

    // Every token of the session stops working: both access tokens, the current and the old refresh token.
    expectUnauthenticated(await features(t, accessToken));
    expectUnauthenticated(await features(t, signedIn.accessToken));
    expectSessionExpired(await refresh(t, rotated));
    expectSessionExpired(await refresh(t, signedIn.refreshToken));
    expect((await post(t, '/logout', {}, bearer(accessToken))).statusCode).toBe(401);
  });

  it('signs in by email too, in any case, with the same answer for unknown users and wrong passwords', async () => {
    expect((await post(t, '/login', { username: alice.email.toUpperCase(), password: alice.password })).statusCode).toBe(200);
    expect((await post(t, '/login', { username: alice.username.toUpperCase(), password: alice.password })).statusCode).toBe(200);

    const wrongPassword = await post(t, '/login', { username: alice.username, password: `${alice.password}x` });
    const unknownUser = await post(t, '/login', { username: 'nobody_here', password: alice.password });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password' });
      expect(refreshCookieOf(response)).toBeUndefined();
    }
  });

  it('issues an HS256 access token with the session user, sub, sid and a short expiry', async () => {
    const { accessToken } = await login(t, alice.username, alice.password);
    const [header = ''] = accessToken.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = claimsOf(accessToken);
    const user = accessTokenClaimsSchema.parse(claims);
    expect(user).toMatchObject({ username: alice.username, userEmail: alice.email, partnerId: null, role: 'user' });
    expect(claims.sub).toBe(user.userId);
    expect(claims.sid).toEqual(expect.any(String));
    expect(claims.iat).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(claims.exp).toBe((claims.iat as number) + 900);
  });

  it('sets the refresh token only as an HttpOnly, Secure, SameSite=Strict cookie scoped to /refresh_token', async () => {
    const { response, refreshToken } = await login(t, alice.username, alice.password);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^pm_refresh=[\w-]{43}; /);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/refresh_token', `Max-Age=${30 * DAY}`]) {
      expect(header.split('; ')).toContain(flag);
    }
    expect(response.body).not.toContain(refreshToken);

    const refreshed = await refresh(t, refreshToken);
    expect(String(refreshed.headers['set-cookie']).split('; ')).toEqual(
      expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/refresh_token']),
    );
  });

  it('without "remember me" the refresh cookie ends with the browser session, through every rotation', async () => {
    const { response, refreshToken } = await login(t, alice.username, alice.password, false);
    const flags = String(response.headers['set-cookie']).split('; ');
    expect(flags).toEqual(expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/refresh_token']));
    expect(flags.some((flag) => /^(Max-Age|Expires)=/i.test(flag))).toBe(false);

    const refreshed = await refresh(t, refreshToken);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(String(refreshed.headers['set-cookie']).split('; ').some((flag) => /^(Max-Age|Expires)=/i.test(flag))).toBe(false);
  });

  it('stores refresh tokens hashed, never as sent', async () => {
    const { refreshToken } = await login(t, alice.username, alice.password);
    const rows = await t.app.db.orm.execute<{ token_hash: string }>(sql`select token_hash from refresh_tokens`);
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((row) => row.token_hash === refreshToken)).toBe(false);
  });

  it('answers 401 SESSION_EXPIRED to a refresh without a cookie or with an unknown one', async () => {
    expectSessionExpired(await refresh(t, undefined));
    expectSessionExpired(await refresh(t, 'not-a-token-we-issued'));
  });

  it('revokes the whole family when a token rotated three times ago is replayed', async () => {
    const first = await login(t, alice.username, alice.password);
    const tokens = [first.refreshToken];
    const accessTokens = [first.accessToken];
    for (let i = 0; i < 3; i += 1) {
      clock.advanceSeconds(60);
      const response = await refresh(t, tokens.at(-1));
      expect(response.statusCode).toBe(200);
      tokens.push(refreshCookieOf(response)?.value ?? '');
      accessTokens.push((response.json() as { data: { access_token: string } }).data.access_token);
    }
    clock.advanceSeconds(60);

    expectSessionExpired(await refresh(t, tokens[0]));

    // The thief's replay ended the session for everyone: the newest refresh token and every access token.
    expectSessionExpired(await refresh(t, tokens.at(-1)));
    for (const accessToken of accessTokens) expectUnauthenticated(await features(t, accessToken));
    const sid = claimsOf(first.accessToken).sid as string;
    const [row] = await t.app.db.orm.select().from(sessions).where(eq(sessions.id, sid));
    expect(row).toMatchObject({ revokedReason: 'refresh_token_reuse' });
    expect(t.logs.some((line) => line.msg === 'rotated refresh token replayed: session revoked' && line.sessionId === sid)).toBe(true);
  });

  it('answers both of two refreshes with the same token inside the grace window, and logs neither out', async () => {
    const { refreshToken } = await login(t, alice.username, alice.password);
    const firstTab = await refresh(t, refreshToken);
    clock.advanceSeconds(5);
    const secondTab = await refresh(t, refreshToken);
    expect(firstTab.statusCode).toBe(200);
    expect(secondTab.statusCode).toBe(200);
    // The second answer sets no cookie: the browser keeps the successor the first one set.
    expect(refreshCookieOf(secondTab)).toBeUndefined();

    for (const response of [firstTab, secondTab]) {
      const { access_token: accessToken } = endpoints.refreshToken.response.parse(response.json()).data;
      expect((await features(t, accessToken)).statusCode).toBe(200);
    }
    const successor = refreshCookieOf(firstTab)?.value;
    expect((await refresh(t, successor)).statusCode).toBe(200);
  });

  it('survives two refreshes racing with the same token (one rotates, the other is in the grace window)', async () => {
    const { refreshToken } = await login(t, alice.username, alice.password);
    const answers = await Promise.all([refresh(t, refreshToken), refresh(t, refreshToken)]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    const successors = answers.map((response) => refreshCookieOf(response)?.value).filter(Boolean);
    expect(successors).toHaveLength(1);
    expect((await refresh(t, successors[0])).statusCode).toBe(200);
  });

  it('treats the same token presented after the grace window as a replay: the family is revoked', async () => {
    const { refreshToken, accessToken } = await login(t, alice.username, alice.password);
    const rotated = await refresh(t, refreshToken);
    const successor = refreshCookieOf(rotated)?.value;
    clock.advanceSeconds(11);

    const late = await refresh(t, refreshToken);
    expectSessionExpired(late);
    expect(refreshCookieOf(late)).toMatchObject({ value: '', path: '/refresh_token' });
    expectSessionExpired(await refresh(t, successor));
    expectUnauthenticated(await features(t, accessToken));
  });

  it('ends a session at its absolute lifetime however often it is refreshed, and counts the cookie down to it', async () => {
    let { refreshToken } = await login(t, alice.username, alice.password);
    let elapsedDays = 0;
    for (const days of [10, 10, 9]) {
      clock.advanceSeconds(days * DAY);
      elapsedDays += days;
      const response = await refresh(t, refreshToken);
      expect(response.statusCode).toBe(200);
      const cookie = refreshCookieOf(response);
      refreshToken = cookie?.value ?? '';
      expect(cookie?.maxAge).toBe((30 - elapsedDays) * DAY);
    }
    clock.advanceSeconds(DAY + 1);
    expectSessionExpired(await refresh(t, refreshToken));
  });

  it('expires a refresh token unused for REFRESH_TOKEN_TTL_SECONDS', async () => {
    const { refreshToken } = await login(t, alice.username, alice.password);
    clock.advanceSeconds(14 * DAY + 1);
    expectSessionExpired(await refresh(t, refreshToken));
  });

  it('refuses a cross-site refresh (Sec-Fetch-Site or a foreign Origin) with 403 CROSS_SITE_REQUEST', async () => {
    const { refreshToken } = await login(t, alice.username, alice.password);
    const crossSite: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of crossSite) {
      const response = await refresh(t, refreshToken, headers);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('CROSS_SITE_REQUEST');
    }
    // The refused requests did not use the token: the shell's own request still works.
    const fromShell = await refresh(t, refreshToken, { origin: SHELL, 'sec-fetch-site': 'same-site' });
    expect(fromShell.statusCode).toBe(200);
    expect(fromShell.headers['access-control-allow-credentials']).toBe('true');
  });

  it('signs out a cross-site caller that holds the bearer token (no cookie reaches /logout), and only with it', async () => {
    const { accessToken } = await login(t, alice.username, alice.password);
    const crossSite = { origin: SHELL, 'sec-fetch-site': 'cross-site' };
    const withoutToken = await post(t, '/logout', {}, crossSite);
    expect(withoutToken.statusCode).toBe(401);
    expect((await features(t, accessToken)).statusCode).toBe(200);
    const response = await post(t, '/logout', {}, { ...bearer(accessToken), ...crossSite });
    expect(response.statusCode, response.body).toBe(200);
    expect((await features(t, accessToken)).statusCode).toBe(401);
  });

  it('gives a partner the partner features and a partnerId of its own', async () => {
    const partner = await registerAccount(t, { accountType: 'partner', prefix: 'partner' });
    const { accessToken, response } = await login(t, partner.username, partner.password);
    const claims = accessTokenClaimsSchema.parse(claimsOf(accessToken));
    expect(claims).toMatchObject({ role: 'partner', partnerId: claims.userId });
    expect(endpoints.login.response.parse(response.json()).data.user_features).toEqual(FEATURES_BY_SIDE.partner);
    const listed = await features(t, accessToken);
    expect(endpoints.accountFeatures.response.parse(listed.json()).data).toEqual({
      user_features: FEATURES_BY_SIDE.partner,
      list_features: FEATURES,
    });
  });
});
