import { endpoints } from '@pagemate/shared-contracts/contracts';
import type * as Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toFastifyPath } from '../http/contract-route.js';
import { api } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { DOCS_CORS_SESSION_SWEEPS } from '../test/non-contract-sweep/docs-cors-sessions.js';
import { type Context, problemOf, sweepContext } from '../test/non-contract-sweep/harness.js';
import { META_SANDBOX_SWEEPS } from '../test/non-contract-sweep/meta-sandbox.js';
import { PAYOS_SANDBOX_SWEEPS } from '../test/non-contract-sweep/payos-sandbox.js';
import { PUBLIC_ROUTE_SWEEPS } from '../test/non-contract-sweep/public-routes.js';

/**
 * Bad input for the routes outside the zod contract (contract-sweep.test.ts sweeps the contract):
 * uploaded media, Meta's webhook, the payment webhooks, the Meta and PayOS sandboxes, the Facebook connect
 * landing page, the API docs, CORS preflights, and the two contract endpoints the contract sweep leaves out
 * (refresh_token, logout). Each is sent missing, empty, oversized and wrong-typed fields, malformed JSON, other
 * content types, NUL bytes and lone surrogates, bad or missing signatures, ids that are not ids and ids of
 * another user. Always a 4xx in the route's own error shape (the API's envelope, or Graph's, PayOS's, a page),
 * never a 5xx, never a stack trace or SQL, never the other user's data.
 *
 * Every route the app registers is either in the contract or swept here: a new route fails the first test
 * until it has a sweep in test/non-contract-sweep/ (routes are collected with Fastify's `onRoute` hook as the app boots).
 */

const registered = vi.hoisted(() => new Set<string>());
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof Fastify>();
  const create = (options?: object) => {
    const app = actual.default(options as never);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
    });
    return app;
  };
  return { ...actual, default: Object.assign(create, actual.default) };
});

/** Every non-contract route, with its cases (and the unknown paths' answer), one list per area. */
const sweeps = [...PUBLIC_ROUTE_SWEEPS, ...META_SANDBOX_SWEEPS, ...PAYOS_SANDBOX_SWEEPS, ...DOCS_CORS_SESSION_SWEEPS];
const contractRoutes = new Set(
  Object.values(endpoints).flatMap((contract) => {
    const url = toFastifyPath(contract.path);
    return contract.method === 'GET' ? [`GET ${url}`, `HEAD ${url}`] : [`${contract.method} ${url}`];
  }),
);

describe.each(testDatabases)('non-contract sweep (%s)', (kind) => {
  let t: TestApp;
  let c: Context;
  let started = 0;
  let sent = 0;
  /** B's secrets: none of them may appear in an answer to A. */
  let forbidden: string[] = [];

  beforeAll(async () => {
    started = Date.now();
    t = await buildTestApp(kind, { env: { RATE_LIMIT_IP_MULTIPLIER: '100' } });
    ({ context: c, forbidden } = await sweepContext(t));
  });
  afterAll(async () => {
    console.info(`non-contract sweep (${kind}): ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await t?.close();
  });

  it('sweeps every route outside the contract (a new route fails here until it has a sweep)', () => {
    const swept = new Set(sweeps.flatMap((sweep) => sweep.routes));
    const outside = [...registered].filter((route) => !contractRoutes.has(route)).sort();
    expect(outside.filter((route) => !swept.has(route)), 'add a sweep for these routes (test/non-contract-sweep/)').toEqual([]);
    expect([...swept].filter((route) => !registered.has(route)), 'stale routes in the sweeps').toEqual([]);
    // Sanity: the hook saw the app's routes, contract ones included.
    expect([...contractRoutes].filter((route) => !registered.has(route))).toEqual([]);
  });

  it.each(sweeps.map((sweep) => [sweep.routes.join(', ') || 'unknown paths', sweep] as const))('%s: a 4xx in its own shape, never a 5xx or a leak', async (_, sweep) => {
    const cases = sweep.cases(c);
    expect(cases.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const sweepCase of cases) {
      const response = await t.app.inject(sweepCase.request);
      sent += 1;
      const problem = problemOf(response, sweepCase, forbidden);
      if (problem) failures.push(`${sweepCase.label}: ${problem}`);
    }
    expect(failures, `\n${failures.join('\n')}\n`).toEqual([]);
  });

  it("leaves B's data as it was, and B's media is still served (public by design)", async () => {
    const media = await t.app.inject({ method: 'GET', url: `/media/${c.mediaB}` });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.headers['content-security-policy']).toContain('sandbox');
    const activity = await api(t, c.other, 'GET', `/api/v1/sandbox/activity?user_id=${c.other.userId}&page_id=${c.graph.pageB}`);
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.body).toContain(`${c.marker}-message`);
    // Nothing A sent in the sweep landed on B's page.
    expect(activity.body).not.toContain('subscribed_fields":["not-a-field');
    const posts = await api(t, c.other, 'POST', '/api/v1/facebook/get-posts', { user_id: c.other.userId, page_id: c.graph.pageB });
    expect(posts.body).toContain(`${c.marker}-post`);
    const status = await api(t, c.other, 'GET', `/api/v1/payment-status/${c.payos.paymentB}?user_id=${c.other.userId}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.body).toContain('"pending"');
  });
});
