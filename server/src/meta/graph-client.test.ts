import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appsecretProof, classifyGraphError, GraphApiError, GraphClient } from './graph-client.js';

const SECRET = 'abcdef0123456789abcdef0123456789';

/** Graph error bodies as Meta sends them (developers.facebook.com/docs/graph-api/guides/error-handling). */
const RECORDED = {
  expiredToken: { status: 400, body: { error: { message: 'Error validating access token: Session has expired on Friday, 12-Jul-24 10:00:00 PDT.', type: 'OAuthException', code: 190, error_subcode: 463, fbtrace_id: 'A1b2C3d4E5f' } } },
  invalidToken: { status: 400, body: { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'AbC' } } },
  permission: { status: 403, body: { error: { message: '(#10) This endpoint requires the pages_read_engagement permission', type: 'OAuthException', code: 10, fbtrace_id: 'AbC' } } },
  permission200: { status: 403, body: { error: { message: '(#200) Requires pages_messaging permission to manage the object', type: 'OAuthException', code: 200, fbtrace_id: 'AbC' } } },
  pageRateLimit: { status: 400, body: { error: { message: '(#32) Page request limit reached', type: 'OAuthException', code: 32, fbtrace_id: 'AbC' } } },
  rateLimit613: { status: 400, body: { error: { message: '(#613) Calls to this api have exceeded the rate limit.', type: 'OAuthException', code: 613, fbtrace_id: 'AbC' } } },
  appRateLimit: { status: 400, body: { error: { message: '(#4) Application request limit reached', type: 'OAuthException', code: 4, is_transient: true, fbtrace_id: 'AbC' } } },
  unknown500: { status: 500, body: { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1, fbtrace_id: 'AbC' } } },
  serviceDown: { status: 503, body: { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2, is_transient: true, fbtrace_id: 'AbC' } } },
} as const;

type Recorded = { status: number; body: unknown };

function fakeGraph(answers: Recorded[]) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    calls.push({ url: new URL(input), init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? { status: 200, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  const client = new GraphClient({ baseUrl: 'https://graph.example', appId: '42', appSecret: SECRET, fetch, sleep: async () => undefined });
  return { client, calls };
}

describe('classifyGraphError', () => {
  it.each([
    [RECORDED.expiredToken, 'token'],
    [RECORDED.invalidToken, 'token'],
    [RECORDED.permission, 'permission'],
    [RECORDED.permission200, 'permission'],
    [RECORDED.pageRateLimit, 'rate_limit'],
    [RECORDED.rateLimit613, 'rate_limit'],
    [RECORDED.appRateLimit, 'rate_limit'],
    [RECORDED.unknown500, 'server'],
    [RECORDED.serviceDown, 'server'],
  ] as const)('%j → %s', (recorded, kind) => {
    expect(classifyGraphError(recorded.status, recorded.body.error)).toBe(kind);
  });

  it('codes 102, 467 and subcode 463 are token errors; 100 is other', () => {
    expect(classifyGraphError(400, { code: 102 })).toBe('token');
    expect(classifyGraphError(400, { code: 467 })).toBe('token');
    expect(classifyGraphError(400, { code: 100 })).toBe('other');
    expect(classifyGraphError(400, { code: 17 })).toBe('rate_limit');
    expect(classifyGraphError(400, { code: 299 })).toBe('permission');
  });
});

describe('GraphClient', () => {
  it('calls /v20.0 with appsecret_proof = HMAC-SHA256(secret, token) and the token in a header, never in the URL', async () => {
    const { client, calls } = fakeGraph([{ status: 200, body: { id: '1', name: 'Lan' } }]);
    await client.me('EAAtoken');
    const call = calls[0];
    expect(call?.url.pathname).toBe('/v20.0/me');
    expect(call?.url.searchParams.get('appsecret_proof')).toBe(createHmac('sha256', SECRET).update('EAAtoken').digest('hex'));
    expect(call?.url.searchParams.get('appsecret_proof')).toBe(appsecretProof(SECRET, 'EAAtoken'));
    expect(call?.url.toString()).not.toContain('EAAtoken');
    expect(new Headers(call?.init.headers).get('authorization')).toBe('Bearer EAAtoken');
  });

  it('a 190 answer is a token error, not retried', async () => {
    const { client, calls } = fakeGraph([RECORDED.expiredToken]);
    const error = await client.me('t').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GraphApiError);
    expect(error).toMatchObject({ kind: 'token', code: 190, httpStatus: 400 });
    expect(calls).toHaveLength(1);
  });

  it('permission errors (10, 200) are not retried', async () => {
    for (const recorded of [RECORDED.permission, RECORDED.permission200]) {
      const { client, calls } = fakeGraph([recorded]);
      await expect(client.subscribedFields('p', 't')).rejects.toMatchObject({ kind: 'permission' });
      expect(calls).toHaveLength(1);
    }
  });

  it('a GET is retried on rate limits (613, 4) and 5xx, then succeeds', async () => {
    const { client, calls } = fakeGraph([RECORDED.rateLimit613, RECORDED.unknown500, { status: 200, body: { data: [] } }]);
    expect(await client.subscribedFields('p', 't')).toEqual([]);
    expect(calls).toHaveLength(3);
    const four = fakeGraph([RECORDED.appRateLimit, { status: 200, body: { id: '1', name: 'x' } }]);
    await four.client.me('t');
    expect(four.calls).toHaveLength(2);
  });

  it('gives up after its attempts with the last error', async () => {
    const { client, calls } = fakeGraph([RECORDED.serviceDown]);
    await expect(client.me('t')).rejects.toMatchObject({ kind: 'server', httpStatus: 503 });
    expect(calls).toHaveLength(3);
  });

  it('never re-POSTs a reply, a message or a post, whatever the failure', async () => {
    for (const recorded of [RECORDED.rateLimit613, RECORDED.unknown500, RECORDED.serviceDown]) {
      const { client, calls } = fakeGraph([recorded]);
      await expect(client.replyToComment('c', 't', 'Dạ em chào anh')).rejects.toBeInstanceOf(GraphApiError);
      await expect(client.sendMessage('p', 't', { id: 'psid' }, 'Chào')).rejects.toBeInstanceOf(GraphApiError);
      await expect(client.publishPost('p', 't', { message: 'Khuyến mãi' })).rejects.toBeInstanceOf(GraphApiError);
      expect(calls).toHaveLength(3);
    }
  });

  it('an idempotent POST (subscribed_apps) is retried on 5xx and rate limits', async () => {
    const { client, calls } = fakeGraph([RECORDED.pageRateLimit, { status: 200, body: { success: true } }]);
    await client.setSubscribedFields('p', 't', ['feed', 'messages']);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.init.method).toBe('POST');
    expect(calls[1]?.url.searchParams.get('subscribed_fields')).toBe('feed,messages');
  });

  it('a network failure of a POST is not retried (it may have reached Meta); of a GET it is', async () => {
    let count = 0;
    const failing = async () => {
      count += 1;
      throw new TypeError('fetch failed');
    };
    const client = new GraphClient({ baseUrl: 'https://graph.example', appId: '42', appSecret: SECRET, fetch: failing, sleep: async () => undefined });
    await expect(client.replyToComment('c', 't', 'x')).rejects.toMatchObject({ kind: 'network' });
    expect(count).toBe(1);
    await expect(client.me('t')).rejects.toMatchObject({ kind: 'network' });
    expect(count).toBe(4);
  });

  it('an empty subscription is a DELETE', async () => {
    const { client, calls } = fakeGraph([{ status: 200, body: { success: true } }]);
    await client.setSubscribedFields('p', 't', []);
    expect(calls[0]?.init.method).toBe('DELETE');
    expect(calls[0]?.url.pathname).toBe('/v20.0/p/subscribed_apps');
  });
});
