import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from './test/helper.js';

describe.each(testDatabases)('buildApp on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('decorates the typed config and database', () => {
    expect(t.app.config.env).toBe('test');
    expect(t.app.db.kind).toBe(kind);
  });

  it('echoes the caller’s x-request-id and logs under it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'from-the-shell-42' } });
    expect(response.headers['x-request-id']).toBe('from-the-shell-42');
    expect(t.logs.some((line) => line.reqId === 'from-the-shell-42' && line.msg === 'request completed')).toBe(true);
  });

  it('generates a request id when none is given', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers of helmet', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers).toMatchObject({
      'cross-origin-resource-policy': 'same-site',
      'cross-origin-opener-policy': 'same-origin',
      'strict-transport-security': expect.stringContaining('max-age='),
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
    });
    // An error answer carries them too.
    expect((await t.app.inject({ method: 'GET', url: '/no-such-route' })).headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('buildApp without a reachable database', () => {
  it('fails to boot instead of serving requests it cannot answer', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    await expect(buildApp({ config })).rejects.toThrow(/ECONNREFUSED/);
  });
});
