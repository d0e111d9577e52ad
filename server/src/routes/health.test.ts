import { apiErrorSchema, endpoints } from '@pagemate/shared-contracts/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { SERVER_VERSION } from '../version.js';

describe.each(testDatabases)('GET /health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers ok with the engine and version after a real query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(endpoints.health.response.parse(response.json())).toEqual({ status: 'ok', database: kind, version: SERVER_VERSION });
  });

  it('answers 503 UNAVAILABLE once the database is gone, and says why only in the log', async () => {
    const broken = await buildTestApp(kind);
    try {
      await broken.app.db.close();
      const response = await broken.app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(apiErrorSchema.parse(response.json())).toEqual({ status: 503, code: 'UNAVAILABLE', message: 'Database unavailable' });
      expect(broken.logs.some((line) => line.msg === 'health check: database unreachable')).toBe(true);
    } finally {
      await broken.close();
    }
  }, BOOT_TIMEOUT_MS);
});
