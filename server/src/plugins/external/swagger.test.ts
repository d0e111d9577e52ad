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

  it('marks routes that need an access token with the bearer scheme, and only those', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(document.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.paths['/api/v1/account/features']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/logout']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/login']?.post?.security).toBeUndefined();
  });

  it('serves the docs page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger-ui');
  });
});
