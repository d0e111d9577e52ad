import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../../test/helper.js';

describe.each(testDatabases)('OpenAPI on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { PUBLIC_API_URL: 'https://api.example.vn' } });
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('documents /health from its zod contract, with the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> }>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.servers).toEqual([{ url: 'https://api.example.vn' }]);
    const health = document.paths['/health']?.get;
    expect(health?.operationId).toBe('health');
    expect(Object.keys(health?.responses['200']?.content['application/json']?.schema.properties ?? {})).toEqual(['status', 'database', 'version']);
    expect(health?.responses['4XX']?.content['application/json']?.schema.properties).toHaveProperty('code');
    expect(Object.keys(document.paths).some((p) => p.startsWith('/docs'))).toBe(false);
  });

  it('serves the docs page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger-ui');
  });
});
