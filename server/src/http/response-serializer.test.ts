import { apiErrorSchema, endpoints } from '@pagemate/shared-contracts/contracts';
import Fastify from 'fastify';
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledWriter, responseSerializerCompiler } from './response-serializer.js';

const reply = z.object({
  status: z.literal(200),
  data: z.object({ items: z.array(z.object({ id: z.uuid(), note: z.string().nullable(), amount: z.number().int() })), total: z.number().int() }),
});

async function appWith(check: boolean, answer: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  app.withTypeProvider<ZodTypeProvider>().get('/list', { schema: { response: { 200: reply } } }, async () => answer as z.infer<typeof reply>);
  await app.ready();
  return app;
}

const ID = '0b5c3a34-9f0c-4b8e-9d53-3f6e1c7a2b10';

describe('response serializer', () => {
  it('every contract response and the error shape compile to a writer (production never falls back unnoticed)', () => {
    for (const [name, contract] of Object.entries(endpoints)) expect(compiledWriter(contract.response as z.ZodType), name).toBeTypeOf('function');
    expect(compiledWriter(apiErrorSchema)).toBeTypeOf('function');
  });

  it('writes the declared fields only, the same JSON with and without the check', async () => {
    const answer = { status: 200, data: { items: [{ id: ID, note: null, amount: -1_000, secret: 'x' }], total: 1, extra: true } };
    for (const check of [true, false]) {
      const app = await appWith(check, answer);
      const response = await app.inject({ method: 'GET', url: '/list' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 200, data: { items: [{ id: ID, note: null, amount: -1_000 }], total: 1 } });
      await app.close();
    }
  });

  it('with the check on, a reply that breaks the contract fails instead of going out', async () => {
    const app = await appWith(true, { status: 200, data: { items: [{ id: 'not-a-uuid', note: 'a', amount: 1.5 }], total: 1 } });
    const response = await app.inject({ method: 'GET', url: '/list' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('not-a-uuid');
    await app.close();
  });
});
