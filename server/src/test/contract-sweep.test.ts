import { type EndpointContract, okSchema } from '@pagemate/shared-contracts/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OK, registerContract, toFastifyPath } from '../http/contract-route.js';
import { AppError } from '../errors/app-error.js';
import errorHandler, { frameworkErrors } from '../plugins/app/error-handler.js';
import { problemOf, requestOf, sweepCases } from './contract-sweep.js';
import { fieldsOf, sample } from './json-schema-sample.js';

/**
 * The sweep's own test: a small contract with one field of each kind, a route that keeps it (no problem
 * found) and routes that break it (every break found). Were zod's JSON Schema to change under the sweep, the
 * field list and the cases below would change and these tests fail.
 */
const probe = {
  method: 'POST',
  path: 'test/things/{id}',
  auth: 'public',
  summary: 'sweep probe',
  params: z.object({ id: z.uuid() }),
  body: z.object({
    name: z.string().trim().min(1).max(20),
    amount: z.number().int().min(1).max(10),
    kind: z.enum(['a', 'b']),
    tags: z.array(z.object({ label: z.string().max(5) })).max(2).default([]),
    owner_id: z.uuid().nullable(),
  }),
  response: okSchema,
} as const satisfies EndpointContract;

const cases = sweepCases(probe, {}, 1_000);
const labels = cases.map((sweepCase) => sweepCase.label);

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app with the server's validation and error handler, and `routes` on top. */
async function appWith(routes: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = Fastify({ frameworkErrors });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  routes(app);
  await app.ready();
  return app;
}

async function problemsOf(target: FastifyInstance): Promise<string[]> {
  const problems: string[] = [];
  for (const sweepCase of cases) {
    const problem = problemOf(await target.inject(requestOf(probe, sweepCase, {})), sweepCase);
    if (problem) problems.push(`${sweepCase.label}: ${problem}`);
  }
  return problems;
}

describe('contract sweep, read through zod’s public JSON Schema', () => {
  it('finds every field, nested ones and lists included', () => {
    expect(fieldsOf(probe.body)).toEqual([
      { path: 'name', name: 'name', list: false },
      { path: 'amount', name: 'amount', list: false },
      { path: 'kind', name: 'kind', list: false },
      { path: 'tags', name: 'tags', list: true },
      { path: 'tags.0.label', name: 'label', list: false },
      { path: 'owner_id', name: 'owner_id', list: false },
    ]);
    expect(probe.body.safeParse(sample(probe.body)).success).toBe(true);
  });

  it('generates the cases each field calls for', () => {
    expect(labels).toEqual(
      expect.arrayContaining([
        'params.id: not uuid',
        'body.name: missing',
        'body.name: max+1 (21 chars)',
        'body.amount: above max (11)',
        'body.amount: below min (0)',
        'body.amount: not an integer',
        'body.kind: unknown enum value',
        'body.tags: 3 items',
        'body.tags.0.label: max+1 (6 chars)',
        'body.owner_id: missing',
        'body.owner_id: not uuid',
        'body: malformed JSON',
      ]),
    );
    // `tags` has a default, so leaving it out is valid: no case claims otherwise.
    expect(labels).not.toContain('body.tags: missing');
  });

  it('finds no problem with a route that keeps its contract', async () => {
    // Nothing exists behind it: a valid id is answered 404, as the real routes answer an unknown one.
    const target = await appWith((instance) =>
      registerContract(instance, probe, async () => {
        throw new AppError(404, 'NOT_FOUND', 'No such thing');
      }),
    );
    expect(await problemsOf(target)).toEqual([]);
  });

  it('reports a route that accepts what its contract refuses', async () => {
    // The contract's path, validated more loosely than the contract says (a plain string id, any body).
    const target = await appWith((instance) => {
      instance.post(toFastifyPath(probe.path), { schema: { params: z.object({ id: z.string() }), body: z.object({ name: z.string() }).loose() } }, async () => OK);
    });
    const problems = await problemsOf(target);
    for (const label of ['params.id: not uuid', 'body.amount: above max (11)', 'body.kind: unknown enum value', 'body.tags.0.label: max+1 (6 chars)']) {
      expect(problems.some((problem) => problem.startsWith(`${label}: status 200`)), label).toBe(true);
    }
  });

  it('reports a 5xx and an error body without the field it refused', async () => {
    const target = await appWith((instance) => {
      instance.post(toFastifyPath(probe.path), async (request, reply) => {
        const body = request.body as { name?: unknown };
        if (typeof body?.name === 'string' && body.name.length > 20) throw new Error('database says no');
        return reply.status(400).send({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid body', issues: [{ path: 'somewhere_else', message: 'no' }] });
      });
    });
    const problems = await problemsOf(target);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^body\.name: max\+1 \(21 chars\): status 500/)]));
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^body\.kind: unknown enum value: issues do not name body\.kind|^body\.kind: unknown enum value: issues do not name kind/)]));
  });

  it('refuses a schema it cannot read rather than sweeping nothing', () => {
    expect(() => fieldsOf(z.string() as unknown as z.ZodObject)).toThrow(/not an object schema/);
    expect(() => sample(z.object({ when: z.date() }))).toThrow(/rejected by the contract/);
  });
});
