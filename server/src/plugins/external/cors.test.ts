import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../../test/helper.js';

const SHELL = 'https://app.example.vn';

describe.each(testDatabases)('CORS on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { CORS_ORIGINS: `${SHELL},http://localhost:3000` } });
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('allows credentials for a listed origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health', headers: { origin: SHELL } });
    expect(response.headers['access-control-allow-origin']).toBe(SHELL);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-expose-headers']).toContain('x-request-id');
    expect(response.headers['access-control-expose-headers']).toContain('retry-after');
  });

  it('answers a listed origin’s preflight', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/login',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
  });

  it('gives any other origin no CORS headers at all, credentials least of all', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
