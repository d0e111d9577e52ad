import { randomBytes } from 'node:crypto';
import { apiErrorSchema, endpoints, FACEBOOK_API_VERSION, FACEBOOK_CONNECT_PATH } from '@pagemate/shared-contracts/contracts';
import type * as Fastify from 'fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toFastifyPath } from '../http/contract-route.js';
import { appsecretProof } from '../meta/graph-client.js';
import { hubSignature, metaJson } from '../meta-sandbox/webhook-payload.js';
import { dataSignature } from '../payos-sandbox/payos-signature.js';
import { REFRESH_COOKIE } from '../http/refresh-cookie.js';
import { insertDocument } from '../test/chat.js';
import { api, connectThroughSandbox, localPath, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';

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
 * until it has a sweep (routes are collected with Fastify's `onRoute` hook as the app boots).
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

const V = `/meta-sandbox/${FACEBOOK_API_VERSION}`;
const PAYOS = '/payos-sandbox';
const CONNECT = `/${FACEBOOK_CONNECT_PATH}`;

/** What shape a refusal of the route has: the API's envelope, Graph's error, PayOS's, the webhook's, a page, text. */
type Shape = 'api' | 'graph' | 'payos' | 'payos-webhook' | 'html' | 'text';

interface Case {
  label: string;
  request: InjectOptions;
  /** Shapes a refusal may take (router-level refusals, 413 and 415 are the API's envelope everywhere). */
  shapes: Shape[];
  /** Statuses accepted; default any 4xx. */
  statuses?: number[];
  /** The input may well be accepted (an odd but harmless value): any answer but a 5xx or a leak. */
  mayPass?: boolean;
}

/** What a stack trace, a file path or a database error looks like in an answer. */
const LEAK =
  /\n\s+at .+:\d+:\d+|node_modules|\/src\/[\w/-]+\.ts|\bPostgresError\b|SQLSTATE|syntax error at|violates .* constraint|relation "|invalid input syntax|invalid byte sequence|Unicode escape|Failed query|drizzle|\bselect .* from\b|\binsert into\b/i;

const isJson = (response: LightMyRequestResponse) => String(response.headers['content-type'] ?? '').startsWith('application/json');

function shapeProblem(response: LightMyRequestResponse, shape: Shape): string | undefined {
  const type = String(response.headers['content-type'] ?? '');
  if (shape === 'html') return type.startsWith('text/html') ? undefined : `not a page (${type})`;
  if (shape === 'text') return type.startsWith('text/plain') && response.body.trim() ? undefined : `not text (${type})`;
  if (!isJson(response)) return `not JSON (${type})`;
  let json: unknown;
  try {
    json = response.json();
  } catch {
    return 'invalid JSON';
  }
  const body = json as Record<string, unknown>;
  switch (shape) {
    case 'api': {
      const parsed = apiErrorSchema.safeParse(json);
      if (!parsed.success) return 'not the API error body';
      if (parsed.data.status !== response.statusCode) return `body status ${parsed.data.status} ≠ ${response.statusCode}`;
      return parsed.data.message.trim() ? undefined : 'empty message';
    }
    case 'graph': {
      const error = body.error as Record<string, unknown> | undefined;
      return error && typeof error.message === 'string' && error.message.trim() && typeof error.code === 'number' && typeof error.type === 'string'
        ? undefined
        : 'not a Graph error';
    }
    case 'payos':
      return typeof body.code === 'string' && typeof body.desc === 'string' && body.desc.trim() && body.data === null ? undefined : 'not a PayOS error';
    case 'payos-webhook':
      return body.success === false && typeof body.error === 'string' && body.error ? undefined : 'not the webhook refusal';
  }
}

/** What is wrong with the answer to a bad request, or undefined. */
function problemOf(response: LightMyRequestResponse, sweepCase: Case, forbidden: string[]): string | undefined {
  const status = response.statusCode;
  for (const secret of forbidden) if (secret && response.body.includes(secret)) return `answer holds another user's data (${secret.slice(0, 40)})`;
  if (status >= 500) return `status ${status}: ${response.body.slice(0, 300)}`;
  if (status < 400) return sweepCase.mayPass ? undefined : `status ${status} (not refused): ${response.body.slice(0, 200)}`;
  if (sweepCase.statuses && !sweepCase.statuses.includes(status)) return `status ${status}, expected ${sweepCase.statuses.join('/')}: ${response.body.slice(0, 200)}`;
  if (LEAK.test(response.body)) return `internals leak: ${response.body.slice(0, 300)}`;
  // A HEAD answer has the headers of the GET and no body.
  if (sweepCase.request.method === 'HEAD') return undefined;
  const problems = sweepCase.shapes.map((shape) => shapeProblem(response, shape));
  if (problems.every((problem) => problem !== undefined)) return `${status} ${problems.join(' / ')}: ${response.body.slice(0, 200)}`;
  return undefined;
}

// ── Bad values ────────────────────────────────────────────────────────────────────────────────────────────

/** Path segments as sent (not encoded again): not ids, malformed encodings, NUL, traversal, too long. */
const BAD_PATH_IDS = [
  'not-an-id', '%00', 'a%00b', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '..%2F..%2Fhealth', '%2e%2e', '-1', '1e9999', '0',
  "1'%20or%20'1'%3D'1", '00000000-0000-0000-0000-000000000000', '%F0%9F%99%82', 'x'.repeat(99), 'x'.repeat(2_000),
];

/** Query values, already encoded: empty, NUL, a lone surrogate's bytes, control characters, HTML, huge. */
const BAD_QUERY_VALUES = ['', '%00', 'a%00b', '%ED%A0%80', '%', '%07%1B', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', "'%20or%201%3D1--", 'x'.repeat(8_000)];

/** JSON values of a field: wrong types, NUL, a lone surrogate, control characters, 1 MB. */
const BAD_JSON_VALUES: [string, unknown][] = [
  ['number', 12345], ['boolean', true], ['null', null], ['object', { a: 1 }], ['array', ['a', 'b']], ['empty', ''],
  ['NUL byte', 'a\u0000b'], ['lone surrogate', 'a\ud800b'], ['control characters', 'a\u0007b\u001b'], ['1 MB', 'x'.repeat(1_000_000)],
];

const json = (payload: string, contentType = 'application/json') => ({ payload, headers: { 'content-type': contentType } });

/** Whole-body mutations of a JSON route (each merged into a request). */
function bodyShapes(base: object): [string, Pick<InjectOptions, 'payload' | 'headers'>][] {
  return [
    ['malformed JSON', json('{"a": ')],
    ['empty JSON body', json('')],
    ['JSON null', json('null')],
    ['JSON array', json(JSON.stringify([base]))],
    ['JSON string', json('"x"')],
    ['nested 100 000 deep', json(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)],
    ['__proto__ key', json(JSON.stringify(base).replace(/^\{/, '{"__proto__":{"polluted":true},'))],
    ['text/plain', json('hello', 'text/plain')],
    ['url-encoded form', json('a=1&b=2', 'application/x-www-form-urlencoded')],
    ['unknown content type', json('<x/>', 'application/xml')],
    ['over 1 MiB', json(JSON.stringify({ ...base, pad: 'x'.repeat(1_100_000) }))],
    ['no content type', { payload: JSON.stringify(base), headers: { 'content-type': '' } }],
  ];
}

/** One case per (field, bad JSON value), the rest of `base` kept. */
function fieldCases(base: Record<string, unknown>, fields: string[], make: (body: Record<string, unknown>) => InjectOptions, label = 'body') {
  return fields.flatMap((field) => [
    { label: `${label}.${field}: missing`, request: make(Object.fromEntries(Object.entries(base).filter(([key]) => key !== field))) },
    ...BAD_JSON_VALUES.map(([name, value]) => ({ label: `${label}.${field}: ${name}`, request: make({ ...base, [field]: value }) })),
  ]);
}

/** One case per (query key, bad value), the rest of `base` kept; `base` values are encoded, bad ones raw. */
function queryCases(path: string, base: Record<string, string>, keys: string[], extra: Partial<InjectOptions> = {}) {
  const url = (query: Record<string, string>, raw: Record<string, string> = {}) => {
    const parts = [...Object.entries(query).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`), ...Object.entries(raw).map(([key, value]) => `${encodeURIComponent(key)}=${value}`)];
    return `${path}${parts.length ? `?${parts.join('&')}` : ''}`;
  };
  const without = (key: string) => Object.fromEntries(Object.entries(base).filter(([name]) => name !== key));
  return keys.flatMap((key) => [
    { label: `query.${key}: missing`, request: { method: 'GET' as const, url: url(without(key)), ...extra } },
    { label: `query.${key}: repeated`, request: { method: 'GET' as const, url: `${url(base)}${Object.keys(base).length ? '&' : '?'}${encodeURIComponent(key)}=a&${encodeURIComponent(key)}=b`, ...extra } },
    ...BAD_QUERY_VALUES.map((value) => ({ label: `query.${key}: ${JSON.stringify(value.slice(0, 24))}`, request: { method: 'GET' as const, url: url(without(key), { [key]: value }), ...extra } })),
  ]);
}

/** `template` with `:param` replaced by each bad path id. */
const pathCases = (method: InjectOptions['method'], template: string, extra: Partial<InjectOptions> = {}) =>
  BAD_PATH_IDS.map((id) => ({ label: `path ${JSON.stringify(id.slice(0, 24))}`, request: { method, url: template.replace(/:\w+/, id), ...extra } }));

// ── The sweep ─────────────────────────────────────────────────────────────────────────────────────────────

interface Context {
  t: TestApp;
  /** A: the sweeping user. B: the other user, with one of everything. */
  user: SignedIn;
  other: SignedIn;
  marker: string;
  /** Sandbox Graph: A's tokens on demo account 1; B is on demo account 2. */
  graph: { userToken: string; pageToken: string; pageA: string; pageB: string; accountB: string; auth: (token: string) => string; codeFor: (redirect: string) => string };
  payos: { headers: Record<string, string>; linkA: string; linkB: string; paymentB: string; orderCodeB: number; checksumKey: string };
  mediaB: string;
  fileB: string;
  postB: string;
}

interface RouteSweep {
  /** The routes (`METHOD /path` as Fastify registers them) these cases sweep. */
  routes: string[];
  cases: (c: Context) => Case[];
}

const graphShapes: Shape[] = ['graph', 'api'];
const pageShapes: Shape[] = ['html', 'api'];

/** A Graph call: `path` with the token and its proof in the query, and the rest of `extra`. */
const graphCall = (c: Context, method: InjectOptions['method'], path: string, token: string, extra: Partial<InjectOptions> = {}): InjectOptions => ({
  method,
  url: `${V}${path}${path.includes('?') ? '&' : '?'}${c.graph.auth(token)}`,
  ...extra,
});

/** Token problems of any Graph node: none, garbage, unproven, wrongly proven, forged, oversized, NUL. */
function graphAuthCases(c: Context, method: InjectOptions['method'], path: string, payload?: object): Case[] {
  const body = payload ? { payload, headers: { 'content-type': 'application/json' } } : {};
  const expired = c.t.app.metaSandbox.tokens.issue({ k: 'user', t: c.user.userId, u: '100090000000001', long: false, exp: 1 });
  return [
    { label: 'no token', request: { method, url: `${V}${path}`, ...body } },
    { label: 'garbage token', request: { method, url: `${V}${path}?access_token=garbage&appsecret_proof=${appsecretProof(c.t.app.meta.appSecret, 'garbage')}`, ...body } },
    { label: 'token without proof', request: { method, url: `${V}${path}?access_token=${encodeURIComponent(c.graph.pageToken)}`, ...body } },
    { label: 'wrong proof', request: { method, url: `${V}${path}?access_token=${encodeURIComponent(c.graph.pageToken)}&appsecret_proof=${'0'.repeat(64)}`, ...body } },
    { label: 'proof of another length', request: { method, url: `${V}${path}?access_token=${encodeURIComponent(c.graph.pageToken)}&appsecret_proof=abc`, ...body } },
    { label: 'forged token', request: { method, url: `${V}${path}?access_token=EAAS${Buffer.from('{"k":"page","u":"1","p":"1","n":"x"}').toString('base64url')}.AAAA&appsecret_proof=x`, ...body } },
    { label: 'expired user token', request: graphCall(c, method, path, expired, body) },
    { label: 'token of 5 000 chars', request: { method, url: `${V}${path}?access_token=EAAS${'x'.repeat(5_000)}&appsecret_proof=x`, ...body } },
    { label: 'NUL token', request: { method, url: `${V}${path}?access_token=EAAS%00&appsecret_proof=%00`, ...body } },
    { label: 'token repeated', request: { method, url: `${V}${path}?access_token=a&access_token=b&appsecret_proof=x`, ...body } },
    { label: 'bearer header garbage', request: { method, url: `${V}${path}`, headers: { authorization: 'Bearer x y z' }, ...(payload ? { payload } : {}) } },
    { label: 'token of a wrong type (JSON body)', request: { method, url: `${V}${path}`, payload: { ...payload, access_token: 12345, appsecret_proof: ['x'] }, headers: { 'content-type': 'application/json' } } },
  ].map((item) => ({ ...item, shapes: graphShapes }));
}

/** A JSON call on a Graph node with A's page token. */
const graphJson = (c: Context, method: InjectOptions['method'], path: string, token = c.graph.pageToken) => (body: Record<string, unknown>) =>
  graphCall(c, method, path, token, { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const graphBody = (c: Context, method: InjectOptions['method'], path: string, base: Record<string, unknown>) =>
  bodyShapes(base).map(([label, shape]) => ({ label: `body: ${label}`, request: graphCall(c, method, path, c.graph.pageToken, shape) }));

/** Paths of one node with bad ids, B's page (403, nothing of B), a user token where a page token is needed. */
function graphNodeCases(c: Context, method: InjectOptions['method'], template: string, payload?: object): Case[] {
  const extra = payload ? { payload, headers: { 'content-type': 'application/json' } } : {};
  return [
    ...graphAuthCases(c, method, template.replace(/:\w+/, c.graph.pageA), payload),
    ...pathCases(method, template).map((item) => ({ ...item, request: graphCall(c, method, String(item.request.url).slice(V.length), c.graph.pageToken, extra), shapes: graphShapes })),
    { label: "B's page with A's page token", request: graphCall(c, method, template.replace(/:\w+/, c.graph.pageB), c.graph.pageToken, extra), shapes: graphShapes },
    { label: 'a user token', request: graphCall(c, method, template.replace(/:\w+/, c.graph.pageA), c.graph.userToken, extra), shapes: graphShapes },
  ];
}

const withShapes = (shapes: Shape[], extra: Partial<Case> = {}) => (item: { label: string; request: InjectOptions }): Case => ({ ...item, shapes, ...extra });
/** Graph takes any text: an empty, control-character or 1 MB value may be accepted (never a NUL or a lone surrogate). */
const ODD_BUT_VALID = /: (empty|control characters|1 MB)$/;
const graphField = (item: { label: string; request: InjectOptions }): Case => ({ ...item, shapes: graphShapes, mayPass: ODD_BUT_VALID.test(item.label) });

/** The Instagram account linked to A's page (the bakery) in A's sandbox. */
const instagramOf = (c: Context) => c.t.app.metaSandbox.instagramIdOf(c.user.userId, '109000000000011');

/** Every non-contract route, with its cases. */
const SWEEPS: RouteSweep[] = [
  // ── Uploaded images: public by design (Facebook's crawler fetches them), an unguessable UUID each ────
  {
    routes: ['GET /media/:id', 'HEAD /media/:id'],
    cases: (c) => [
      ...pathCases('GET', '/media/:id').map(withShapes(['api'], { statuses: [400, 404, 414] })),
      ...pathCases('HEAD', '/media/:id').slice(0, 4).map(withShapes(['api'], { statuses: [400, 404, 414] })),
      { label: "B's document id (not an image)", request: { method: 'GET', url: `/media/${c.fileB}` }, shapes: ['api'], statuses: [404] },
      { label: "B's post id", request: { method: 'GET', url: `/media/${c.postB}` }, shapes: ['api'], statuses: [404] },
      { label: 'an unknown UUID', request: { method: 'GET', url: `/media/${crypto.randomUUID()}` }, shapes: ['api'], statuses: [404] },
      { label: 'the media id upper-cased', request: { method: 'GET', url: `/media/${c.mediaB.toUpperCase()}` }, shapes: ['api'], statuses: [404], mayPass: true },
      { label: 'the media id with a suffix', request: { method: 'GET', url: `/media/${c.mediaB}.png` }, shapes: ['api'], statuses: [404] },
      { label: 'junk query', request: { method: 'GET', url: `/media/not-an-id?x=%00&y=${'x'.repeat(4_000)}` }, shapes: ['api'], statuses: [400, 404] },
    ],
  },

  // ── Meta's webhook: the verify handshake and signed deliveries ─────────────────────────────────────────
  {
    routes: ['GET /webhook', 'HEAD /webhook'],
    cases: (c) => {
      const base = { 'hub.mode': 'subscribe', 'hub.verify_token': c.t.app.meta.webhookVerifyToken, 'hub.challenge': 'challenge-123' };
      return [
        ...queryCases('/webhook', base, Object.keys(base)).map(withShapes(['text', 'api'], { statuses: [403] })),
        { label: 'wrong mode', request: { method: 'GET', url: `/webhook?hub.mode=unsubscribe&hub.verify_token=${encodeURIComponent(base['hub.verify_token'])}&hub.challenge=1` }, shapes: ['text'], statuses: [403] },
        { label: 'wrong token of the same length', request: { method: 'GET', url: `/webhook?hub.mode=subscribe&hub.verify_token=${'x'.repeat(base['hub.verify_token'].length)}&hub.challenge=1` }, shapes: ['text'], statuses: [403] },
        { label: 'challenge with markup', request: { method: 'GET', url: `/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(base['hub.verify_token'])}&hub.challenge=%3Cscript%3E` }, shapes: ['text'], statuses: [403] },
        { label: 'HEAD, no query', request: { method: 'HEAD', url: '/webhook' }, shapes: ['text'], statuses: [403] },
      ];
    },
  },
  {
    routes: ['POST /webhook'],
    cases: (c) => {
      const secret = c.t.app.meta.appSecret;
      const ms = Date.now();
      const delivery = (text: unknown, extra: object = {}) =>
        metaJson({ object: 'page', entry: [{ id: c.graph.pageB, time: ms, messaging: [{ sender: { id: '6100000000000077' }, recipient: { id: c.graph.pageB }, timestamp: ms, message: { mid: `mid.sweep.${randomBytes(6).toString('hex')}`, text }, ...extra }] }] });
      const signed = (payload: string, contentType = 'application/json'): InjectOptions => ({ method: 'POST', url: '/webhook', payload, headers: { 'content-type': contentType, 'x-hub-signature-256': hubSignature(secret, payload) } });
      const unsigned = (headers: Record<string, string>, payload = delivery('hello')): InjectOptions => ({ method: 'POST', url: '/webhook', payload, headers: { 'content-type': 'application/json', ...headers } });
      const body = delivery('hello');
      const signedOk = (label: string, payload: string): Case => ({ label, request: signed(payload), shapes: ['api'], mayPass: true });
      return [
        { label: 'no signature', request: unsigned({}), shapes: ['api'], statuses: [403] },
        { label: 'empty signature', request: unsigned({ 'x-hub-signature-256': '' }), shapes: ['api'], statuses: [403] },
        { label: 'signature without sha256=', request: unsigned({ 'x-hub-signature-256': hubSignature(secret, body).slice(7) }, body), shapes: ['api'], statuses: [403] },
        { label: 'sha1 signature', request: unsigned({ 'x-hub-signature': `sha1=${'0'.repeat(40)}` }), shapes: ['api'], statuses: [403] },
        { label: 'signature of another body', request: unsigned({ 'x-hub-signature-256': hubSignature(secret, '{}') }, body), shapes: ['api'], statuses: [403] },
        { label: 'signature with another secret', request: unsigned({ 'x-hub-signature-256': hubSignature('not-the-secret', body) }, body), shapes: ['api'], statuses: [403] },
        { label: 'signature of 5 000 chars', request: unsigned({ 'x-hub-signature-256': `sha256=${'a'.repeat(5_000)}` }), shapes: ['api'], statuses: [403] },
        { label: 'signature with NUL', request: { method: 'POST', url: '/webhook', payload: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(63)}\u0000` } }, shapes: ['api'], statuses: [403] },
        { label: 'no body, no signature', request: { method: 'POST', url: '/webhook' }, shapes: ['api'], statuses: [403] },
        { label: 'text/plain, no signature', request: { method: 'POST', url: '/webhook', payload: 'hello', headers: { 'content-type': 'text/plain' } }, shapes: ['api'], statuses: [403, 415] },
        { label: 'text/plain, signed', request: signed('hello', 'text/plain'), shapes: ['api'], statuses: [403, 415] },
        { label: 'url-encoded, signed', request: signed('a=1', 'application/x-www-form-urlencoded'), shapes: ['api'], statuses: [403, 415] },
        { label: 'over the 1 MiB limit, signed', request: signed(delivery('x'.repeat(1_100_000))), shapes: ['api'], statuses: [413] },
        // Signed: only Meta can send these. Refused or ignored, never a 500 (Meta would retry the batch for ever).
        signedOk('signed, malformed JSON', '{"object": "page", '),
        signedOk('signed, JSON null', 'null'),
        signedOk('signed, entry of the wrong type', metaJson({ object: 'page', entry: 'x' })),
        signedOk('signed, message text a number', delivery(12345)),
        signedOk('signed, message text an object', delivery({ a: 1 })),
        signedOk('signed, message text with a NUL byte', delivery('a\u0000b')),
        signedOk('signed, message text with a lone surrogate', delivery('a\ud800b')),
        signedOk('signed, sender id with a NUL byte', metaJson({ object: 'page', entry: [{ id: c.graph.pageB, time: ms, messaging: [{ sender: { id: '61\u00000' }, recipient: { id: c.graph.pageB }, timestamp: ms, message: { mid: `mid.nul.${ms}`, text: 'hi' } }] }] })),
        signedOk('signed, page id with a NUL byte', metaJson({ object: 'page', entry: [{ id: '109\u0000', time: ms, messaging: [{ sender: { id: '61' }, recipient: { id: '109\u0000' }, timestamp: ms, message: { mid: `mid.nulpage.${ms}`, text: 'hi' } }] }] })),
        signedOk('signed, comment with a NUL name and text', metaJson({ object: 'page', entry: [{ id: c.graph.pageB, time: ms, changes: [{ field: 'feed', value: { item: 'comment', verb: 'add', comment_id: `${c.graph.pageB}_1_${ms}`, post_id: `${c.graph.pageB}_1`, parent_id: `${c.graph.pageB}_1`, from: { id: '62', name: 'N\u0000' }, message: 'x\u0000\ud800', created_time: 1 } }] }] })),
        signedOk('signed, timestamp huge', delivery('hi', { timestamp: 1e308 })),
      ];
    },
  },

  // ── Payment webhooks: public, trusted through the PayOS signature only ───────────────────────────────
  {
    routes: ['POST /api/v1/payments/webhook/sandbox', 'POST /api/v1/payments/webhook/payos'],
    cases: (c) => {
      const data = { orderCode: c.payos.orderCodeB, amount: 50_000, description: 'x', accountNumber: '1', reference: 'r', transactionDateTime: '2030-01-01 00:00:00', currency: 'VND', paymentLinkId: c.payos.linkB, code: '00', desc: 'ok' };
      const base = { code: '00', desc: 'success', success: true, data, signature: 'f'.repeat(64) };
      const to = (provider: string) => (body: Record<string, unknown>): InjectOptions => ({ method: 'POST', url: `/api/v1/payments/webhook/${provider}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      const refused: Shape[] = ['payos-webhook', 'api'];
      const sandbox = to('sandbox');
      return [
        ...fieldCases(base, Object.keys(base), sandbox).map(withShapes(refused, { statuses: [400, 413] })),
        ...fieldCases(data, Object.keys(data), (d) => sandbox({ ...base, data: d }), 'data').map(withShapes(refused, { statuses: [400, 413] })),
        ...bodyShapes(base).map(([label, shape]) => ({ label: `body: ${label}`, request: { method: 'POST' as const, url: '/api/v1/payments/webhook/sandbox', ...shape }, shapes: refused })),
        { label: 'signed with another key', request: sandbox({ ...base, signature: dataSignature(data, 'not-the-key') }), shapes: refused, statuses: [400] },
        { label: 'signature of other data', request: sandbox({ ...base, signature: dataSignature({ ...data, amount: 1 }, c.payos.checksumKey) }), shapes: refused, statuses: [400] },
        { label: 'the payos provider (not in use)', request: to('payos')(base), shapes: refused, statuses: [400, 404] },
        { label: 'the payos provider, NUL body', request: to('payos')({ ...base, desc: '\u0000' }), shapes: refused, statuses: [400, 404] },
        { label: 'the payos provider, malformed JSON', request: { method: 'POST', url: '/api/v1/payments/webhook/payos', ...json('{') }, shapes: refused, statuses: [400, 404] },
      ];
    },
  },

  // ── Facebook connect: the OAuth redirect's landing page (public) ──────────────────────────────────────
  {
    routes: [`GET ${CONNECT}`, `HEAD ${CONNECT}`],
    cases: (c) =>
      [
        ...queryCases(CONNECT, { code: c.graph.codeFor('https://elsewhere.example/'), state: 'not-a-state' }, ['code', 'state']),
        ...queryCases(CONNECT, { error: 'access_denied' }, ['error']).map((item) => ({ ...item, mayPass: true })),
        { label: 'HEAD, no query', request: { method: 'HEAD' as const, url: CONNECT } },
      ].map((item) => ({ shapes: pageShapes, mayPass: false, ...item })),
  },

  // ── The Meta sandbox's Graph emulation ───────────────────────────────────────────────────────────────
  {
    routes: [`GET ${V}/dialog/oauth`, `HEAD ${V}/dialog/oauth`],
    cases: (c) => {
      const base = { client_id: c.t.app.meta.appId, redirect_uri: c.t.app.meta.redirectUri, state: 's', scope: 'pages_show_list', response_type: 'code' };
      return queryCases(`${V}/dialog/oauth`, base, Object.keys(base)).map((item) => ({
        ...item,
        // Its refusals are pages; text that cannot be stored is refused by the sandbox's guard, Graph-shaped.
        shapes: [...pageShapes, 'graph'] as Shape[],
        // state, scope and response_type are optional: the dialog opens with them escaped. A repeated parameter counts once.
        mayPass: !/query\.(client_id|redirect_uri)/.test(item.label) || item.label.endsWith('repeated'),
      }));
    },
  },
  {
    routes: [`POST ${V}/dialog/oauth`],
    cases: (c) => {
      const base = { client_id: c.t.app.meta.appId, redirect_uri: c.t.app.meta.redirectUri, state: 's', scope: 'x', decision: 'allow', account: 'not-a-demo-account' };
      const form = (body: Record<string, unknown>): InjectOptions => ({
        method: 'POST',
        url: `${V}/dialog/oauth`,
        payload: new URLSearchParams(Object.entries(body).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : JSON.stringify(value)])).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const asJson = (body: Record<string, unknown>): InjectOptions => ({ method: 'POST', url: `${V}/dialog/oauth`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      return [
        // A cancel redirects (303) whatever the other fields hold, when client and redirect are right.
        ...fieldCases(base, ['client_id', 'redirect_uri', 'account'], form, 'form').map(withShapes([...pageShapes, 'graph'])),
        ...fieldCases(base, ['client_id', 'redirect_uri', 'account', 'state', 'decision'], asJson, 'json').map((item) => ({
          ...item,
          shapes: [...pageShapes, 'graph'] as Shape[],
          mayPass: /\.(state|decision)/.test(item.label),
        })),
        ...bodyShapes(base).map(([label, shape]) => ({ label: `body: ${label}`, request: { method: 'POST' as const, url: `${V}/dialog/oauth`, ...shape }, shapes: [...pageShapes, 'graph'] as Shape[] })),
        { label: 'form over 64 KiB', request: form({ ...base, state: 'x'.repeat(70_000) }), shapes: [...pageShapes, 'graph'] },
      ];
    },
  },
  {
    routes: [`GET ${V}/oauth/access_token`, `HEAD ${V}/oauth/access_token`],
    cases: (c) => {
      const base = { client_id: c.t.app.meta.appId, client_secret: c.t.app.meta.appSecret, redirect_uri: c.t.app.meta.redirectUri, code: c.graph.codeFor(c.t.app.meta.redirectUri) };
      const exchange = { client_id: c.t.app.meta.appId, client_secret: c.t.app.meta.appSecret, grant_type: 'fb_exchange_token', fb_exchange_token: c.graph.pageToken };
      return [
        // The code of `base` is valid: every case breaks something else, or the code itself.
        ...queryCases(`${V}/oauth/access_token`, { ...base, code: 'garbage' }, ['client_id', 'client_secret', 'code', 'redirect_uri']),
        ...queryCases(`${V}/oauth/access_token`, exchange, ['fb_exchange_token']),
        { label: 'code for another redirect', request: { method: 'GET' as const, url: `${V}/oauth/access_token?${new URLSearchParams({ ...base, redirect_uri: 'https://elsewhere.example/' }).toString()}` } },
        { label: 'a page token as the code', request: { method: 'GET' as const, url: `${V}/oauth/access_token?${new URLSearchParams({ ...base, code: c.graph.pageToken }).toString()}` } },
        { label: 'client secret of the same length', request: { method: 'GET' as const, url: `${V}/oauth/access_token?${new URLSearchParams({ ...base, client_secret: 'x'.repeat(base.client_secret.length) }).toString()}` } },
      ].map(withShapes(graphShapes));
    },
  },
  { routes: [`GET ${V}/me`, `HEAD ${V}/me`], cases: (c) => graphAuthCases(c, 'GET', '/me') },
  {
    routes: [`GET ${V}/me/accounts`, `HEAD ${V}/me/accounts`],
    cases: (c) => [...graphAuthCases(c, 'GET', '/me/accounts'), { label: 'a page token', request: graphCall(c, 'GET', '/me/accounts', c.graph.pageToken), shapes: graphShapes }],
  },
  {
    routes: [`GET ${V}/:userId/accounts`, `HEAD ${V}/:userId/accounts`],
    cases: (c) => [
      ...graphAuthCases(c, 'GET', '/100090000000001/accounts'),
      ...pathCases('GET', '/:userId/accounts').map((item) => ({ ...item, request: graphCall(c, 'GET', String(item.request.url), c.graph.userToken), shapes: graphShapes })),
      { label: "B's demo account with A's user token", request: graphCall(c, 'GET', `/${c.graph.accountB}/accounts`, c.graph.userToken), shapes: graphShapes },
    ],
  },
  {
    routes: [`GET ${V}/:pageId/subscribed_apps`, `HEAD ${V}/:pageId/subscribed_apps`, `DELETE ${V}/:pageId/subscribed_apps`],
    cases: (c) => [...graphNodeCases(c, 'GET', '/:pageId/subscribed_apps'), ...graphNodeCases(c, 'DELETE', '/:pageId/subscribed_apps')],
  },
  {
    routes: [`POST ${V}/:pageId/subscribed_apps`],
    cases: (c) => {
      const path = `/${c.graph.pageA}/subscribed_apps`;
      return [
        ...graphNodeCases(c, 'POST', '/:pageId/subscribed_apps', { subscribed_fields: 'feed' }),
        ...fieldCases({ subscribed_fields: 'not-a-field' }, ['subscribed_fields'], graphJson(c, 'POST', path)).map(graphField),
        ...graphBody(c, 'POST', path, { subscribed_fields: 'not-a-field' }).map(withShapes(graphShapes)),
        { label: 'form, NUL field', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'subscribed_fields=feed%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
      ];
    },
  },
  {
    routes: [`GET ${V}/:commentId/comments`, `HEAD ${V}/:commentId/comments`],
    cases: (c) => [
      ...graphAuthCases(c, 'GET', '/1_2/comments'),
      ...pathCases('GET', '/:commentId/comments').map((item) => ({ ...item, request: graphCall(c, 'GET', String(item.request.url), c.graph.pageToken), shapes: graphShapes, mayPass: true })),
      { label: 'a user token', request: graphCall(c, 'GET', '/1_2/comments', c.graph.userToken), shapes: graphShapes },
    ],
  },
  {
    routes: [`POST ${V}/:commentId/comments`],
    cases: (c) => {
      const path = `/${c.graph.pageA}_1_2/comments`;
      return [
        ...graphAuthCases(c, 'POST', path, { message: 'x' }),
        ...fieldCases({ message: '' }, ['message'], graphJson(c, 'POST', path)).map(graphField),
        ...graphBody(c, 'POST', path, { message: '' }).map(withShapes(graphShapes)),
        ...pathCases('POST', '/:commentId/comments').map((item) => ({ ...item, request: graphCall(c, 'POST', String(item.request.url), c.graph.pageToken, { payload: { message: 7 }, headers: { 'content-type': 'application/json' } }), shapes: graphShapes })),
        { label: 'form, NUL message', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'message=a%00b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        { label: 'a user token', request: graphCall(c, 'POST', path, c.graph.userToken, { payload: { message: 'x' } }), shapes: graphShapes },
      ];
    },
  },
  {
    routes: [`GET ${V}/:pageId/conversations`, `HEAD ${V}/:pageId/conversations`],
    cases: (c) => [
      ...graphNodeCases(c, 'GET', '/:pageId/conversations?user_id=1'),
      { label: 'no user_id', request: graphCall(c, 'GET', `/${c.graph.pageA}/conversations`, c.graph.pageToken), shapes: graphShapes },
      ...BAD_QUERY_VALUES.map((value) => ({ label: `user_id ${JSON.stringify(value.slice(0, 20))}`, request: graphCall(c, 'GET', `/${c.graph.pageA}/conversations?user_id=${value}`, c.graph.pageToken), shapes: graphShapes, mayPass: value !== '' })),
    ],
  },
  {
    routes: [`GET ${V}/:psid`, `HEAD ${V}/:psid`],
    cases: (c) => [
      ...graphAuthCases(c, 'GET', '/6100000000000001'),
      ...pathCases('GET', '/:psid').map((item) => ({ ...item, request: graphCall(c, 'GET', String(item.request.url), c.graph.pageToken), shapes: graphShapes })),
      { label: 'a user token', request: graphCall(c, 'GET', '/6100000000000001', c.graph.userToken), shapes: graphShapes },
    ],
  },
  {
    routes: [`POST ${V}/:pageId/messages`],
    cases: (c) => {
      const path = `/${c.graph.pageA}/messages`;
      const base = { recipient: { id: '6100000000000001' }, message: { text: '' }, messaging_type: 'RESPONSE' };
      const send = graphJson(c, 'POST', path);
      return [
        ...graphNodeCases(c, 'POST', '/:pageId/messages', base),
        ...fieldCases(base, ['recipient', 'message'], send).map(graphField),
        ...fieldCases({ text: '' }, ['text'], (message) => send({ ...base, message })).map(graphField),
        ...fieldCases({ id: '' }, ['id'], (recipient) => send({ ...base, message: { text: 'hi' }, recipient })).map(graphField),
        ...fieldCases({ comment_id: '' }, ['comment_id'], (recipient) => send({ ...base, message: { text: 'hi' }, recipient })).map(graphField),
        { label: 'text of 2 000 chars', request: send({ ...base, message: { text: 'x'.repeat(2_000) } }), shapes: graphShapes },
        { label: 'form, recipient not JSON', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'recipient=%7B&message=%7B', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        { label: 'form, NUL text', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: `recipient=${encodeURIComponent('{"id":"1"}')}&message=${encodeURIComponent('{"text":"a\\u0000b"}')}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        ...graphBody(c, 'POST', path, base).map(withShapes(graphShapes)),
      ];
    },
  },
  {
    routes: [`POST ${V}/:pageId/feed`],
    cases: (c) => {
      const path = `/${c.graph.pageA}/feed`;
      const send = graphJson(c, 'POST', path);
      return [
        ...graphNodeCases(c, 'POST', '/:pageId/feed', { message: 'x' }),
        // A message of any text is a post: the text values are odd but may be published; the others are refused.
        ...fieldCases({ message: 'x' }, ['message'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: ODD_BUT_VALID.test(item.label) })),
        ...fieldCases({ link: 'x' }, ['link'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: ODD_BUT_VALID.test(item.label) })),
        ...BAD_JSON_VALUES.map(([name, value]) => ({ label: `attached_media: ${name}`, request: send({ message: 'x', attached_media: value }), shapes: graphShapes })),
        ...BAD_JSON_VALUES.map(([name, value]) => ({ label: `attached_media[0].media_fbid: ${name}`, request: send({ message: 'x', attached_media: [{ media_fbid: value }] }), shapes: graphShapes })),
        { label: 'form, attached_media[0] not JSON', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'message=x&attached_media%5B0%5D=%7B', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        { label: 'form, NUL message', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'message=a%00b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        ...graphBody(c, 'POST', path, {}).map(withShapes(graphShapes)),
      ];
    },
  },
  {
    routes: [`GET ${V}/:pageId/feed`, `HEAD ${V}/:pageId/feed`],
    cases: (c) => [
      ...graphNodeCases(c, 'GET', '/:pageId/feed'),
      ...BAD_QUERY_VALUES.map((value) => ({ label: `limit ${JSON.stringify(value.slice(0, 20))}`, request: graphCall(c, 'GET', `/${c.graph.pageA}/feed?limit=${value}`, c.graph.pageToken), shapes: graphShapes, mayPass: true })),
    ],
  },
  {
    routes: [`POST ${V}/:pageId/photos`],
    cases: (c) => {
      const path = `/${c.graph.pageA}/photos`;
      const send = graphJson(c, 'POST', path);
      return [
        ...graphNodeCases(c, 'POST', '/:pageId/photos', { url: 'https://example.vn/a.png' }),
        ...fieldCases({ url: 'x' }, ['url'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: ODD_BUT_VALID.test(item.label) })),
        ...fieldCases({ url: 'x', published: false, caption: 'x' }, ['caption', 'published'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: !/(NUL|surrogate)/.test(item.label) })),
        { label: 'form, NUL url', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'url=a%00b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        ...graphBody(c, 'POST', path, {}).map(withShapes(graphShapes)),
      ];
    },
  },

  // ── The Instagram account linked to A's page (reached with A's page token) ─────────────────────────────
  {
    routes: [`GET ${V}/:commentId/replies`, `HEAD ${V}/:commentId/replies`],
    cases: (c) => [
      ...graphAuthCases(c, 'GET', '/17900000000000001/replies'),
      ...pathCases('GET', '/:commentId/replies').map((item) => ({ ...item, request: graphCall(c, 'GET', String(item.request.url), c.graph.pageToken), shapes: graphShapes, mayPass: true })),
      { label: 'a user token', request: graphCall(c, 'GET', '/17900000000000001/replies', c.graph.userToken), shapes: graphShapes },
    ],
  },
  {
    routes: [`POST ${V}/:commentId/replies`],
    cases: (c) => {
      const path = '/17900000000000001/replies';
      return [
        ...graphAuthCases(c, 'POST', path, { message: 'x' }),
        ...fieldCases({ message: '' }, ['message'], graphJson(c, 'POST', path)).map(graphField),
        ...graphBody(c, 'POST', path, { message: '' }).map(withShapes(graphShapes)),
        ...pathCases('POST', '/:commentId/replies').map((item) => ({ ...item, request: graphCall(c, 'POST', String(item.request.url), c.graph.pageToken, { payload: { message: 7 }, headers: { 'content-type': 'application/json' } }), shapes: graphShapes })),
        { label: 'a user token', request: graphCall(c, 'POST', path, c.graph.userToken, { payload: { message: 'x' } }), shapes: graphShapes },
      ];
    },
  },
  {
    routes: [`POST ${V}/:igUserId/media`],
    cases: (c) => {
      const path = `/${instagramOf(c)}/media`;
      const send = graphJson(c, 'POST', path);
      return [
        ...graphNodeCases(c, 'POST', '/:igUserId/media', { image_url: 'https://example.vn/a.jpg' }),
        ...fieldCases({ image_url: 'x' }, ['image_url'], send).map(graphField),
        ...fieldCases({ image_url: 'https://example.vn/a.jpg', caption: 'x' }, ['caption'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: !/(NUL|surrogate)/.test(item.label) })),
        ...BAD_JSON_VALUES.map(([name, value]) => ({ label: `carousel children: ${name}`, request: send({ media_type: 'CAROUSEL', children: value }), shapes: graphShapes })),
        { label: "B's sandbox account id", request: graphCall(c, 'POST', `/${c.t.app.metaSandbox.instagramIdOf(c.other.userId, '109000000000011')}/media`, c.graph.pageToken, { payload: { image_url: 'https://example.vn/a.jpg' } }), shapes: graphShapes },
        ...graphBody(c, 'POST', path, {}).map(withShapes(graphShapes)),
      ];
    },
  },
  {
    routes: [`GET ${V}/:igUserId/media`, `HEAD ${V}/:igUserId/media`],
    cases: (c) => [...graphNodeCases(c, 'GET', '/:igUserId/media')],
  },
  {
    routes: [`POST ${V}/:igUserId/media_publish`],
    cases: (c) => {
      const path = `/${instagramOf(c)}/media_publish`;
      return [
        ...graphNodeCases(c, 'POST', '/:igUserId/media_publish', { creation_id: '1' }),
        ...fieldCases({ creation_id: '1' }, ['creation_id'], graphJson(c, 'POST', path)).map(withShapes(graphShapes)),
        ...graphBody(c, 'POST', path, {}).map(withShapes(graphShapes)),
      ];
    },
  },
  {
    routes: [`GET ${V}/:igUserId/content_publishing_limit`, `HEAD ${V}/:igUserId/content_publishing_limit`],
    cases: (c) => [...graphNodeCases(c, 'GET', '/:igUserId/content_publishing_limit')],
  },

  // ── The PayOS sandbox: its merchant API (x-client-id / x-api-key) and its checkout pages ──────────────
  {
    routes: [`POST ${PAYOS}/v2/payment-requests`],
    cases: (c) => {
      const url = `${PAYOS}/v2/payment-requests`;
      const base = { orderCode: 987_654_321, amount: 10_000, description: 'sweep', returnUrl: 'https://example.vn/ok', cancelUrl: 'https://example.vn/no', signature: 'f'.repeat(64), expiredAt: 4_102_444_800 };
      const send = (body: Record<string, unknown>): InjectOptions => ({ method: 'POST', url, payload: JSON.stringify(body), headers: { ...c.payos.headers, 'content-type': 'application/json' } });
      return [
        { label: 'no keys', request: { method: 'POST', url, payload: base }, shapes: ['payos'], statuses: [401] },
        { label: 'wrong api key', request: { method: 'POST', url, payload: base, headers: { ...c.payos.headers, 'x-api-key': 'x' } }, shapes: ['payos'], statuses: [401] },
        { label: 'keys with NUL', request: { method: 'POST', url, payload: base, headers: { 'x-client-id': '\u0000', 'x-api-key': '\u0000' } }, shapes: ['payos', 'api'], statuses: [400, 401] },
        ...fieldCases(base, Object.keys(base), send).map(withShapes(['payos', 'api'])),
        ...bodyShapes(base).map(([label, shape]) => ({ label: `body: ${label}`, request: { method: 'POST' as const, url, ...shape, headers: { ...c.payos.headers, ...shape.headers } }, shapes: ['payos', 'api'] as Shape[] })),
      ];
    },
  },
  {
    routes: [`GET ${PAYOS}/v2/payment-requests/:id`, `HEAD ${PAYOS}/v2/payment-requests/:id`, `POST ${PAYOS}/v2/payment-requests/:id/cancel`],
    cases: (c) => [
      { label: 'GET without keys', request: { method: 'GET' as const, url: `${PAYOS}/v2/payment-requests/${c.payos.linkA}` }, statuses: [401] },
      { label: 'cancel without keys', request: { method: 'POST' as const, url: `${PAYOS}/v2/payment-requests/${c.payos.linkB}/cancel` }, statuses: [401] },
      { label: 'GET with a wrong client id', request: { method: 'GET' as const, url: `${PAYOS}/v2/payment-requests/${c.payos.linkA}`, headers: { ...c.payos.headers, 'x-client-id': 'x' } }, statuses: [401] },
      ...pathCases('GET', `${PAYOS}/v2/payment-requests/:id`, { headers: c.payos.headers }),
      ...pathCases('POST', `${PAYOS}/v2/payment-requests/:id/cancel`, { headers: c.payos.headers }),
      { label: 'cancel with a JSON body of junk', request: { method: 'POST' as const, url: `${PAYOS}/v2/payment-requests/not-an-id/cancel`, headers: { ...c.payos.headers, 'content-type': 'application/json' }, payload: '{' } },
      { label: "GET B's payment id (ours, not PayOS's)", request: { method: 'GET' as const, url: `${PAYOS}/v2/payment-requests/${c.payos.paymentB}`, headers: c.payos.headers }, statuses: [404] },
    ].map((item) => ({ shapes: ['payos', 'api'] as Shape[], ...item })),
  },
  {
    routes: [`GET ${PAYOS}/checkout/:id`, `HEAD ${PAYOS}/checkout/:id`],
    cases: (c) => [
      ...pathCases('GET', `${PAYOS}/checkout/:id`),
      { label: "B's payment id (the API's, not the link's)", request: { method: 'GET' as const, url: `${PAYOS}/checkout/${c.payos.paymentB}` }, statuses: [404] },
      { label: "B's order code", request: { method: 'GET' as const, url: `${PAYOS}/checkout/${c.payos.orderCodeB}` }, statuses: [404] },
      { label: 'a link id upper-cased', request: { method: 'GET' as const, url: `${PAYOS}/checkout/${c.payos.linkA.toUpperCase()}` }, statuses: [404] },
      ...queryCases(`${PAYOS}/checkout/${c.payos.linkA}`, { lang: 'vi' }, ['lang']).map((item) => ({ ...item, mayPass: true })),
      { label: 'accept-language junk', request: { method: 'GET' as const, url: `${PAYOS}/checkout/${c.payos.linkA}`, headers: { 'accept-language': `${'x;q=0.'.repeat(2_000)}` } }, mayPass: true },
    ].map((item) => ({ shapes: pageShapes, ...item })),
  },
  {
    routes: [`POST ${PAYOS}/checkout/:id/pay`, `POST ${PAYOS}/checkout/:id/cancel`],
    cases: (c) =>
      (['pay', 'cancel'] as const).flatMap((action) => [
        ...pathCases('POST', `${PAYOS}/checkout/:id/${action}`),
        { label: `${action}: B's payment id`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${c.payos.paymentB}/${action}` }, statuses: [404] },
        { label: `${action}: B's order code`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${c.payos.orderCodeB}/${action}` }, statuses: [404] },
        // On an unknown link, whatever the body: the page says not found.
        ...bodyShapes({ lang: 'vi' }).map(([label, shape]) => ({ label: `${action}: body ${label}`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${'0'.repeat(32)}/${action}`, ...shape } })),
        ...BAD_QUERY_VALUES.map((value) => ({ label: `${action}: form lang ${JSON.stringify(value.slice(0, 20))}`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${'0'.repeat(32)}/${action}`, payload: `lang=${value}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, statuses: [404, 413] })),
        { label: `${action}: form over 4 KiB`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${c.payos.linkA}/${action}`, payload: `lang=${'x'.repeat(5_000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, statuses: [413] },
      ]).map((item) => ({ shapes: pageShapes, ...item })),
  },

  // ── The API docs (Swagger UI and the OpenAPI document): read-only, public ──────────────────────────────
  {
    // As `onRoute` sees them (`GET /docs/` and the static files' wildcard are served too, and swept below).
    routes: ['GET /docs', 'HEAD /docs', 'HEAD /docs/', 'GET /docs/json', 'HEAD /docs/json', 'GET /docs/yaml', 'HEAD /docs/yaml', 'GET /docs/static/index.html', 'HEAD /docs/static/index.html', 'GET /docs/static/swagger-initializer.js', 'HEAD /docs/static/swagger-initializer.js', 'GET /docs/static/*', 'HEAD /docs/static/*'],
    cases: () => [
      ...['/docs/..%2F..%2Fpackage.json', '/docs/static/..%2F..%2F..%2Fpackage.json', '/docs/static/%2e%2e/%2e%2e/package.json', '/docs/%00', '/docs/static/%00.js', '/docs/static/%', '/docs/static/%ED%A0%80', `/docs/${'x'.repeat(5_000)}`, '/docs/static/.env', '/docs/static/../../../../etc/passwd']
        .map((url) => ({ label: url.slice(0, 60), request: { method: 'GET' as const, url }, shapes: ['api', 'html', 'text'] as Shape[] })),
      ...['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/static/index.html', '/docs/static/swagger-initializer.js'].flatMap((url) => [
        { label: `${url} junk query`, request: { method: 'GET' as const, url: `${url}?url=%00&x=${'x'.repeat(4_000)}&__proto__=1` }, shapes: ['api'] as Shape[], mayPass: true },
        { label: `HEAD ${url}`, request: { method: 'HEAD' as const, url }, shapes: ['api'] as Shape[], mayPass: true },
      ]),
    ],
  },

  // ── CORS preflights, for every path ────────────────────────────────────────────────────────────────
  {
    routes: ['OPTIONS *'],
    cases: () =>
      [
        { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
        { origin: 'null', 'access-control-request-method': 'DELETE' },
        { origin: 'x'.repeat(8_000), 'access-control-request-method': 'GET' },
        { 'access-control-request-method': 'x'.repeat(8_000) },
        { origin: 'https://evil.example', 'access-control-request-headers': 'x, '.repeat(2_000) },
        {},
      ].flatMap((headers) =>
        ['/api/v1/deposit', '/webhook', `/media/%00`, `${V}/me`, '/nope'].map((url) => ({
          label: `${url} ${JSON.stringify(headers).slice(0, 60)}`,
          request: { method: 'OPTIONS' as const, url, headers },
          shapes: ['api'] as Shape[],
          mayPass: true,
        })),
      ),
  },
];

/** Contract endpoints the contract sweep leaves out (their only input is the refresh cookie): swept here too. */
const EXTRA_SWEEPS: RouteSweep[] = [
  {
    routes: ['POST /refresh_token', 'POST /logout'],
    cases: () =>
      ['/refresh_token', '/logout'].flatMap((url) => [
        ...['', 'garbage', 'x'.repeat(4_000), '%00', 'a.b.c', `${'0'.repeat(36)}.${'0'.repeat(43)}`].map((value) => ({ label: `${url} cookie ${JSON.stringify(value.slice(0, 20))}`, request: { method: 'POST' as const, url, cookies: { [REFRESH_COOKIE]: value } } })),
        ...bodyShapes({}).map(([label, shape]) => ({ label: `${url} body ${label}`, request: { method: 'POST' as const, url, ...shape, cookies: { [REFRESH_COOKIE]: 'garbage' } } })),
        { label: `${url} cross-site`, request: { method: 'POST' as const, url, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, cookies: { [REFRESH_COOKIE]: 'garbage' } } },
      ]).map((item) => ({ ...item, shapes: ['api'] as Shape[], mayPass: item.label.startsWith('/logout') && !item.label.includes('cross-site') && !/body (malformed|nested|JSON|__proto__|text|url|unknown|over|no content)/.test(item.label) })),
  },
  {
    // Not a route: the not-found answer, for paths no route has.
    routes: [],
    cases: () => ['/nope', '/nope%00', '/%ED%A0%80', `/${'x'.repeat(6_000)}`, '/api/v1/%', '/api/v1/facebook/thread/%00/x'].map((url) => ({ label: `unknown path ${url.slice(0, 30)}`, request: { method: 'GET' as const, url }, shapes: ['api'] as Shape[] })),
  },
];

const sweeps = [...SWEEPS, ...EXTRA_SWEEPS];
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
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    const marker = `B-secret-${randomBytes(6).toString('hex')}`;
    const accountB = '100090000000002';
    const pageB = t.app.metaSandbox.pageIdOf(other.userId, '109000000000021');
    await connectThroughSandbox(t, other, { account: accountB });
    const data = <T>(response: LightMyRequestResponse): T => {
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: T }).data;
    };
    // B's test customer writes to B's page (the sandbox records the sender's name and the webhook).
    data(await api(t, other, 'POST', '/api/v1/facebook/subscribed', { user_id: other.userId, page_id: pageB, type: 'messages', action: 'subscribe' }));
    data(await api(t, other, 'POST', '/api/v1/sandbox/test-event', { user_id: other.userId, page_id: pageB, kind: 'message', text: `${marker}-message`, from_name: `${marker}-name` }));
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    const head = `--sweep\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n${other.userId}\r\n--sweep\r\nContent-Disposition: form-data; name="file"; filename="${marker}.png"\r\nContent-Type: image/png\r\n\r\n`;
    const mediaB = data<{ media_id: string }>(await t.app.inject({
      method: 'POST', url: '/api/v1/facebook/post/image', headers: { ...other.headers, 'content-type': 'multipart/form-data; boundary=sweep' },
      payload: Buffer.concat([Buffer.from(head), png, Buffer.from('\r\n--sweep--\r\n')]),
    })).media_id;
    const postB = data<{ post_id: string }[]>(await api(t, other, 'POST', '/api/v1/facebook/post/create', {
      user_id: other.userId, content: `${marker}-post`, page_ids: [pageB], time: new Date(Date.now() + 86_400_000).toISOString(), repeat: { kind: 'none' },
    }))[0]?.post_id ?? '';
    const fileB = (await insertDocument(t, other.userId, `${marker}.txt`, [`${marker} passage`])).fileId;
    const depositB = data<{ payment_id: string; order_code: number; checkout_url: string }>(await api(t, other, 'POST', '/api/v1/deposit', { user_id: other.userId, amount: 50_000 }));
    const depositA = data<{ checkout_url: string }>(await api(t, user, 'POST', '/api/v1/deposit', { user_id: user.userId, amount: 50_000 }));
    const keys = t.app.payosSandboxKeys;
    if (!keys) throw new Error('the PayOS sandbox is off');

    const { appSecret, redirectUri } = t.app.meta;
    const tokens = t.app.metaSandbox.tokens;
    const pageA = t.app.metaSandbox.pageIdOf(user.userId, '109000000000011');
    const userToken = tokens.issue({ k: 'user', t: user.userId, u: '100090000000001', long: true, exp: Math.floor(Date.now() / 1000) + 3_600 });
    c = {
      t, user, other, marker, mediaB, fileB, postB,
      graph: {
        userToken,
        pageToken: tokens.issue({ k: 'page', t: user.userId, u: '100090000000001', p: pageA, d: '109000000000011' }),
        pageA, pageB, accountB,
        auth: (token) => `access_token=${encodeURIComponent(token)}&appsecret_proof=${appsecretProof(appSecret, token)}`,
        codeFor: (redirect) => tokens.issue({ k: 'code', t: user.userId, u: '100090000000001', r: redirect, exp: Math.floor(Date.now() / 1000) + 600 }),
      },
      payos: {
        headers: { 'x-client-id': keys.clientId, 'x-api-key': keys.apiKey },
        linkA: localPath(depositA.checkout_url).split('/').pop() ?? '',
        linkB: localPath(depositB.checkout_url).split('/').pop() ?? '',
        paymentB: depositB.payment_id,
        orderCodeB: depositB.order_code,
        checksumKey: keys.checksumKey,
      },
    };
    expect(redirectUri).toBeTruthy();
    forbidden = [marker, other.accessToken, c.payos.linkB];
  });
  afterAll(async () => {
    console.info(`non-contract sweep (${kind}): ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await t?.close();
  });

  it('sweeps every route outside the contract (a new route fails here until it has a sweep)', () => {
    const swept = new Set(sweeps.flatMap((sweep) => sweep.routes));
    const outside = [...registered].filter((route) => !contractRoutes.has(route)).sort();
    expect(outside.filter((route) => !swept.has(route)), 'add a sweep to SWEEPS for these routes').toEqual([]);
    expect([...swept].filter((route) => !registered.has(route)), 'stale routes in SWEEPS').toEqual([]);
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
