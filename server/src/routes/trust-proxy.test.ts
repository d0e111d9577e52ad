import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema/index.js';
import { ACCOUNT_RATE_LIMITS } from '../plugins/app/accounts/limits.js';
import { errorOf, uniqueAccount } from '../test/accounts.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp } from '../test/helper.js';

/**
 * TRUST_PROXY counts the proxies in front of the API. Each appends the address it was reached from to
 * X-Forwarded-For (nginx `$proxy_add_x_forwarded_for`, AWS ALB, Google LB, CDNs): the client is the address the
 * outermost trusted proxy appended. Anything left of it the client wrote itself; trusting it (Fastify's
 * `trustProxy: true`) let a client pick a new address per request, and per-IP rate limits never tripped.
 */
describe.each([
  { hops: 'true', chain: 'a load balancer', via: (client: string) => [client] },
  { hops: '2', chain: 'a CDN, then a load balancer', via: (client: string) => [client, '192.0.2.10'] },
])('TRUST_PROXY=$hops, behind $chain', ({ hops, via }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { TRUST_PROXY: hops } });
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t?.close());

  /** A failed sign-in reaching the API from the balancer (10.0.0.2); `claimed`: what the client itself wrote. */
  const wrongLogin = (client: string, claimed?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': [...(claimed ? [claimed] : []), ...via(client)].join(', '), 'x-forwarded-proto': 'https' },
      payload: { username: uniqueAccount().username, password: 'wrong-password' },
    });

  it('a client rotating a made-up X-Forwarded-For is limited as one address; another client behind the same proxies is not', async () => {
    const { max } = ACCOUNT_RATE_LIMITS.login.ip;
    for (let i = 0; i < max; i += 1) expect(errorOf(await wrongLogin('198.51.100.7', `203.0.113.${i + 1}`)).code).toBe('INVALID_CREDENTIALS');
    expect((await wrongLogin('198.51.100.7', '203.0.113.200')).statusCode).toBe(429);
    expect((await wrongLogin('198.51.100.7')).statusCode).toBe(429);
    expect(errorOf(await wrongLogin('198.51.100.8', '198.51.100.7')).code).toBe('INVALID_CREDENTIALS');
    const keys = (await t.app.db.orm.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key).filter((key) => key.startsWith('login:ip:'));
    expect(keys.sort()).toEqual(['login:ip:198.51.100.7', 'login:ip:198.51.100.8']);
  });
});
