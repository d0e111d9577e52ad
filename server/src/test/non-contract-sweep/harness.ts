import { randomBytes } from 'node:crypto';
import { apiErrorSchema, FACEBOOK_API_VERSION, FACEBOOK_CONNECT_PATH } from '@pagemate/shared-contracts/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { appsecretProof } from '../../meta/graph-client.js';
import { insertDocument } from '../chat.js';
import { api, connectThroughSandbox, localPath, type SignedIn, signedInUser } from '../facebook.js';
import type { TestApp } from '../helper.js';

/**
 * The non-contract sweep's harness (routes/non-contract-sweep.test.ts): what a case is, how its answer is
 * judged, the bad values and the case builders every route's sweep uses, and the two users it runs with.
 */

export const V = `/meta-sandbox/${FACEBOOK_API_VERSION}`;
export const PAYOS = '/payos-sandbox';
export const CONNECT = `/${FACEBOOK_CONNECT_PATH}`;

/** What shape a refusal of the route has: the API's envelope, Graph's error, PayOS's, the webhook's, a page, text. */
export type Shape = 'api' | 'graph' | 'payos' | 'payos-webhook' | 'html' | 'text';

export interface Case {
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
export function problemOf(response: LightMyRequestResponse, sweepCase: Case, forbidden: string[]): string | undefined {
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
export const BAD_PATH_IDS = [
  'not-an-id', '%00', 'a%00b', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '..%2F..%2Fhealth', '%2e%2e', '-1', '1e9999', '0',
  "1'%20or%20'1'%3D'1", '00000000-0000-0000-0000-000000000000', '%F0%9F%99%82', 'x'.repeat(99), 'x'.repeat(2_000),
];

/** Query values, already encoded: empty, NUL, a lone surrogate's bytes, control characters, HTML, huge. */
export const BAD_QUERY_VALUES = ['', '%00', 'a%00b', '%ED%A0%80', '%', '%07%1B', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', "'%20or%201%3D1--", 'x'.repeat(8_000)];

/** JSON values of a field: wrong types, NUL, a lone surrogate, control characters, 1 MB. */
export const BAD_JSON_VALUES: [string, unknown][] = [
  ['number', 12345], ['boolean', true], ['null', null], ['object', { a: 1 }], ['array', ['a', 'b']], ['empty', ''],
  ['NUL byte', 'a\u0000b'], ['lone surrogate', 'a\ud800b'], ['control characters', 'a\u0007b\u001b'], ['1 MB', 'x'.repeat(1_000_000)],
];

export const json = (payload: string, contentType = 'application/json') => ({ payload, headers: { 'content-type': contentType } });

/** Whole-body mutations of a JSON route (each merged into a request). */
export function bodyShapes(base: object): [string, Pick<InjectOptions, 'payload' | 'headers'>][] {
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
export function fieldCases(base: Record<string, unknown>, fields: string[], make: (body: Record<string, unknown>) => InjectOptions, label = 'body') {
  return fields.flatMap((field) => [
    { label: `${label}.${field}: missing`, request: make(Object.fromEntries(Object.entries(base).filter(([key]) => key !== field))) },
    ...BAD_JSON_VALUES.map(([name, value]) => ({ label: `${label}.${field}: ${name}`, request: make({ ...base, [field]: value }) })),
  ]);
}

/** One case per (query key, bad value), the rest of `base` kept; `base` values are encoded, bad ones raw. */
export function queryCases(path: string, base: Record<string, string>, keys: string[], extra: Partial<InjectOptions> = {}) {
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
export const pathCases = (method: InjectOptions['method'], template: string, extra: Partial<InjectOptions> = {}) =>
  BAD_PATH_IDS.map((id) => ({ label: `path ${JSON.stringify(id.slice(0, 24))}`, request: { method, url: template.replace(/:\w+/, id), ...extra } }));

// ── The sweep ─────────────────────────────────────────────────────────────────────────────────────────────

export interface Context {
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

export interface RouteSweep {
  /** The routes (`METHOD /path` as Fastify registers them) these cases sweep. */
  routes: string[];
  cases: (c: Context) => Case[];
}

export const pageShapes: Shape[] = ['html', 'api'];

export const withShapes = (shapes: Shape[], extra: Partial<Case> = {}) => (item: { label: string; request: InjectOptions }): Case => ({ ...item, shapes, ...extra });

/** A (the sweeping user) and B (the other user, with one of everything: a page with a customer's message, an
 * uploaded image, a scheduled post, a document, a pending deposit); `forbidden` is B's secrets, none of which may
 * appear in an answer to A. */
export async function sweepContext(t: TestApp): Promise<{ context: Context; forbidden: string[] }> {
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
  const context: Context = {
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
  return { context, forbidden: [marker, other.accessToken, context.payos.linkB] };
}
