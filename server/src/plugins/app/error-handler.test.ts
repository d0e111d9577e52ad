import { apiErrorSchema, type EndpointContract } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { registerContract } from '../../http/contract-route.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../../test/helper.js';

const SECRET = 'password authentication failed for user "pagemate" at 10.0.0.5';

const createThing = {
  method: 'POST',
  path: 'test/things/{group}',
  auth: 'public',
  summary: 'Test-only route',
  params: z.object({ group: z.enum(['a', 'b']) }),
  body: z.object({ name: z.string().min(3), items: z.array(z.object({ qty: z.number().int().positive() })) }),
  response: z.object({ ok: z.literal(true) }),
} as const satisfies EndpointContract;

async function testRoutes(app: FastifyInstance) {
  registerContract(app, createThing, async () => ({ ok: true as const }));
  app.get('/test/crash', async () => {
    throw new Error(SECRET);
  });
  app.get('/test/conflict', async () => {
    throw new AppError(409, 'CONFLICT', 'The file already exists, please select another file!');
  });
  registerContract(
    app,
    { method: 'GET', path: 'test/wrong-shape', auth: 'public', summary: 'Returns what its schema forbids', response: z.object({ n: z.number() }) },
    // The handler breaks its contract on purpose.
    async () => ({ n: SECRET }) as never,
  );
  app.get('/test/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
}

describe.each(testDatabases)('error responses on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { extraRoutes: [testRoutes] });
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  it('answers 400 VALIDATION_FAILED with one issue per bad field', async () => {
    const response = await post('/test/things/a', { name: 'x', items: [{ qty: 1 }, { qty: -2 }] });
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid body' });
    expect(body.issues?.map((issue) => issue.path)).toEqual(['name', 'items.1.qty']);
    expect(body.issues?.every((issue) => issue.message.length > 0)).toBe(true);
  });

  it('answers router refusals (an over-long path parameter, a broken percent-encoding) with the one error body', async () => {
    for (const [url, status] of [[`/test/things/${'x'.repeat(200)}`, 414], ['/test/things/%E0%A4%A', 400]] as const) {
      const response = await post(url, { name: 'xyz', items: [] });
      expect(response.statusCode, url).toBe(status);
      const body = apiErrorSchema.parse(response.json());
      expect(body).toMatchObject({ status, code: 'BAD_REQUEST' });
      expect(body.message).not.toContain('xxxx');
    }
  });

  it('refuses text PostgreSQL cannot store (NUL, a lone surrogate) as a field error, before any handler runs', async () => {
    for (const name of ['ab\u0000c', 'ab\ud800c']) {
      const response = await post('/test/things/a', { name, items: [] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'name' }] });
    }
  });

  it('validates path parameters from the contract too', async () => {
    const response = await post('/test/things/z', { name: 'xyz', items: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid params', issues: [{ path: 'group' }] });
  });

  it('accepts a valid request', async () => {
    const response = await post('/test/things/b', { name: 'xyz', items: [{ qty: 3 }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('answers 404 NOT_FOUND for an unknown route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here?token=abc' });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json())).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Route GET /api/v1/nothing-here not found' });
  });

  it('answers 500 INTERNAL without the thrown text, which goes to the log with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/crash', headers: { 'x-request-id': 'crash-1' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal server error' });
    expect(response.body).not.toContain('password');
    const logged = t.logs.find((line) => line.reqId === 'crash-1' && line.level === 50);
    expect(logged?.err).toMatchObject({ message: SECRET });
  });

  it('answers 500 INTERNAL when a handler returns what its response schema forbids', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/wrong-shape' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal server error' });
  });

  it('passes a module’s AppError through with its code and message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 409, code: 'CONFLICT', message: 'The file already exists, please select another file!' });
  });

  it('answers 400 BAD_REQUEST for malformed JSON and 415 for an unsupported body type', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/test/things/a', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(malformed.statusCode).toBe(400);
    expect(apiErrorSchema.parse(malformed.json()).code).toBe('BAD_REQUEST');

    const wrongType = await t.app.inject({ method: 'POST', url: '/test/things/a', headers: { 'content-type': 'application/x-unknown' }, payload: 'x' });
    expect(wrongType.statusCode).toBe(415);
    expect(apiErrorSchema.parse(wrongType.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 429 RATE_LIMITED on a route that opted into rate limiting', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/test/limited' });
    const second = await t.app.inject({ method: 'GET', url: '/test/limited' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(429);
    expect(apiErrorSchema.parse(second.json()).code).toBe('RATE_LIMITED');
    expect(second.headers['retry-after']).toBeDefined();
  });

  it('does not rate-limit routes that did not opt in', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    }
  });
});
