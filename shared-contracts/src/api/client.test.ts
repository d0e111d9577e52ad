import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../contracts/constants.js';
import { createApiClient, endpointPathOf, type EarlyAnswer, type TakeEarlyAnswer } from './client.js';

interface Call {
  path: string;
  authorization: string | undefined;
}

/**
 * A fake server behind the axios adapter: `protected` answers 401 unless the bearer is the current valid
 * token; `refresh_token` answers per `refreshOutcome`.
 */
function fakeServer(options: { refreshOutcome: 'ok' | 'fail'; refreshDelayMs?: number; slowPathDelayMs?: number }) {
  const calls: Call[] = [];
  let validToken = 'fresh-token';
  const respond = (config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse => {
    const response = { data, status, statusText: String(status), headers: {}, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError(`status ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  const adapter: AxiosAdapter = async (config) => {
    const path = endpointPathOf(config.url, config.baseURL);
    const authorization = AxiosHeaders.from(config.headers).get('Authorization') as string | undefined;
    calls.push({ path, authorization });
    if (path === 'refresh_token') {
      await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs ?? 5));
      if (options.refreshOutcome === 'fail') return respond(config, 401, { status: 401, code: 'UNAUTHENTICATED', message: 'expired' });
      validToken = 'fresh-token';
      return respond(config, 200, { status: 200, data: { access_token: validToken } });
    }
    if (path === 'api/v1/slow') await new Promise((resolve) => setTimeout(resolve, options.slowPathDelayMs ?? 0));
    if (path === 'login') return respond(config, 401, { status: 401, code: 'UNAUTHENTICATED', message: 'wrong password' });
    return authorization === `Bearer ${validToken}`
      ? respond(config, 200, { status: 200, data: { path } })
      : respond(config, 401, { status: 401, code: 'UNAUTHENTICATED', message: 'expired' });
  };
  return { adapter, calls, expire: () => (validToken = 'nobody-has-this') };
}

function clientWith(server: ReturnType<typeof fakeServer>, initialToken = 'stale-token') {
  let token: string | null = initialToken;
  const onSessionExpired = vi.fn(() => {
    token = null;
  });
  const onTokenRefreshed = vi.fn((next: string) => {
    token = next;
  });
  const client = createApiClient({
    baseURL: 'http://api.test',
    adapter: server.adapter,
    getAccessToken: () => token,
    onTokenRefreshed,
    onSessionExpired,
  });
  return { client, onSessionExpired, onTokenRefreshed, token: () => token };
}

describe('shared API client', () => {
  it('sends credentials, the bearer token and the product timeout', async () => {
    const server = fakeServer({ refreshOutcome: 'ok' });
    const { client } = clientWith(server, 'fresh-token');
    const response = await client.http.get('api/v1/thing');
    expect(response.data).toEqual({ status: 200, data: { path: 'api/v1/thing' } });
    expect(server.calls).toEqual([{ path: 'api/v1/thing', authorization: 'Bearer fresh-token' }]);
    expect(client.http.defaults.withCredentials).toBe(true);
    expect(client.http.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('answers 20 concurrent 401s with exactly one refresh and replays every request with the new token', async () => {
    const server = fakeServer({ refreshOutcome: 'ok', refreshDelayMs: 20 });
    const { client, onTokenRefreshed, onSessionExpired } = clientWith(server);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => client.http.get(`api/v1/item/${i}`)));

    expect(results.map((r) => (r.data as { data: { path: string } }).data.path)).toEqual(
      Array.from({ length: 20 }, (_, i) => `api/v1/item/${i}`),
    );
    expect(server.calls.filter((c) => c.path === 'refresh_token')).toHaveLength(1);
    expect(onTokenRefreshed).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
    const replays = server.calls.filter((c) => c.path.startsWith('api/v1/item') && c.authorization === 'Bearer fresh-token');
    expect(replays).toHaveLength(20);
  });

  it('replays a 401 that arrives after the refresh finished with the new token, without refreshing again', async () => {
    // `slow` leaves with the stale token; its 401 comes back only after `fast` has refreshed.
    const server = fakeServer({ refreshOutcome: 'ok', refreshDelayMs: 5, slowPathDelayMs: 80 });
    const { client } = clientWith(server);
    const [slow, fast] = await Promise.all([client.http.get('api/v1/slow'), client.http.get('api/v1/fast')]);
    expect([slow.status, fast.status]).toEqual([200, 200]);
    expect(server.calls.filter((c) => c.path === 'refresh_token')).toHaveLength(1);
    expect(server.calls.filter((c) => c.path === 'api/v1/slow').map((c) => c.authorization)).toEqual([
      'Bearer stale-token',
      'Bearer fresh-token',
    ]);
  });

  it('on refresh failure makes one attempt, ends the session once and rejects every waiting request', async () => {
    const server = fakeServer({ refreshOutcome: 'fail', refreshDelayMs: 20 });
    const { client, onSessionExpired, token } = clientWith(server);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => client.http.get('api/v1/private')));

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(server.calls.filter((c) => c.path === 'refresh_token')).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(token()).toBeNull();
  });

  it('refreshes at most once per request: a request still 401 after its replay fails', async () => {
    const server = fakeServer({ refreshOutcome: 'ok' });
    const { client } = clientWith(server);
    // The server rejects even the fresh token for this request: replayed once, then the 401 surfaces.
    const original = server.adapter;
    const adapter: AxiosAdapter = async (config) => {
      if (endpointPathOf(config.url, config.baseURL) === 'api/v1/always-401') server.expire();
      return original(config);
    };
    client.configure({ adapter });
    await expect(client.http.get('api/v1/always-401')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.calls.filter((c) => c.path === 'api/v1/always-401')).toHaveLength(2);
    expect(server.calls.filter((c) => c.path === 'refresh_token')).toHaveLength(1);
  });

  it('never refreshes for login, register, verify_email or the refresh call itself', async () => {
    const server = fakeServer({ refreshOutcome: 'ok' });
    const { client, onSessionExpired } = clientWith(server);
    await expect(client.http.post('login', { username: 'a', password: 'b' })).rejects.toMatchObject({ response: { status: 401 } });
    await expect(client.http.post('/register_account', {})).rejects.toMatchObject({ response: { status: 401 } });
    await expect(client.http.post('verify_email', {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.calls.filter((c) => c.path === 'refresh_token')).toHaveLength(0);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('refresh across tabs', () => {
  it('skips its own refresh when another tab replaced the token while this one waited for the lock', async () => {
    const server = fakeServer({ refreshOutcome: 'ok' });
    let token: string | null = 'stale-token';
    let releaseLock: () => void = () => undefined;
    const lockHeld = new Promise<void>((resolve) => (releaseLock = resolve));
    const client = createApiClient({
      baseURL: 'http://api.test',
      adapter: server.adapter,
      getAccessToken: () => token,
      onTokenRefreshed: (next) => (token = next),
      // The other tab holds the lock, refreshes, and broadcasts its token before letting go.
      runExclusive: async (task) => {
        await lockHeld;
        return task();
      },
    });
    const pending = client.http.get('api/v1/private');
    await new Promise((resolve) => setTimeout(resolve, 10));
    token = 'fresh-token';
    releaseLock();
    await expect(pending).resolves.toMatchObject({ status: 200 });
    expect(server.calls.filter((c) => c.path === 'refresh_token')).toHaveLength(0);
  });
});

describe('answers sent early', () => {
  const early = (data: unknown) => ({ status: 200, body: JSON.stringify({ status: 200, data }), headers: { 'content-type': 'application/json' } });

  it('a GET with the URL and token of an early request takes its answer, once, and goes out no more', async () => {
    const server = fakeServer({ refreshOutcome: 'ok' });
    const { client } = clientWith(server, 'fresh-token');
    const asked: [string, string][] = [];
    let kept: Promise<EarlyAnswer | undefined> | undefined = Promise.resolve(early({ from: 'early' }));
    client.configure({
      takeEarlyAnswer: (url, authorization) => {
        asked.push([url, authorization]);
        const taken = kept;
        kept = undefined;
        return url === 'http://api.test/api/v1/thing?user_id=u-1&days=30' && authorization === 'Bearer fresh-token' ? taken : undefined;
      },
    });
    const first = await client.http.get('api/v1/thing', { params: { user_id: 'u-1', days: 30 } });
    expect(first.data).toEqual({ status: 200, data: { from: 'early' } });
    expect(server.calls).toEqual([]);
    const again = await client.http.get('api/v1/thing', { params: { user_id: 'u-1', days: 30 } });
    expect(again.data).toEqual({ status: 200, data: { path: 'api/v1/thing' } });
    expect(server.calls).toHaveLength(1);
    expect(asked).toEqual([
      ['http://api.test/api/v1/thing?user_id=u-1&days=30', 'Bearer fresh-token'],
      ['http://api.test/api/v1/thing?user_id=u-1&days=30', 'Bearer fresh-token'],
    ]);
  });

  it('an early request that failed leaves the call to go out as always: a 401 refreshes and replays once', async () => {
    const server = fakeServer({ refreshOutcome: 'ok' });
    const { client, onTokenRefreshed } = clientWith(server, 'stale-token');
    client.configure({ takeEarlyAnswer: () => Promise.resolve(undefined) });
    const response = await client.http.get('api/v1/private');
    expect(response.data).toEqual({ status: 200, data: { path: 'api/v1/private' } });
    expect(server.calls).toEqual([
      { path: 'api/v1/private', authorization: 'Bearer stale-token' },
      { path: 'refresh_token', authorization: undefined },
      { path: 'api/v1/private', authorization: 'Bearer fresh-token' },
    ]);
    expect(onTokenRefreshed).toHaveBeenCalledOnce();
  });

  it('asks for no early answer for anything but a GET with a token', async () => {
    const server = fakeServer({ refreshOutcome: 'ok' });
    const { client } = clientWith(server, 'fresh-token');
    const take = vi.fn<TakeEarlyAnswer>(() => undefined);
    client.configure({ takeEarlyAnswer: take });
    await client.http.post('api/v1/thing', {});
    expect(take).not.toHaveBeenCalled();
    const signedOut = clientWith(fakeServer({ refreshOutcome: 'ok' }), '');
    signedOut.client.configure({ takeEarlyAnswer: take });
    await signedOut.client.http.get('login').catch(() => undefined);
    expect(take).not.toHaveBeenCalled();
  });
});

describe('endpointPathOf', () => {
  it('strips the base URL, origin, slashes and query', () => {
    expect(endpointPathOf('http://api.test/login?x=1', 'http://api.test/')).toBe('login');
    expect(endpointPathOf('/refresh_token', undefined)).toBe('refresh_token');
    expect(endpointPathOf('api/v1/deposit/', 'http://other/')).toBe('api/v1/deposit');
  });
});
