// @vitest-environment happy-dom
import { createApiClient, type ApiClient } from '@pagemate/shared-contracts';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_KEPT_MS, sendEarlyGets, takeEarlyAnswer } from './early-requests';
import { startEarly } from './early-start';

const API = 'http://api.test:8080/';
const USER = { token: 'token-of-lan', role: 'user', userId: 'u-1' };
const PARTNER = { token: 'token-of-minh', role: 'partner', userId: 'p-1' };
const envelope = (data: unknown) => Response.json({ status: 200, data });

/** What the early start's `fetch` was asked: the URL and the bearer token. */
const sent = (send: ReturnType<typeof vi.fn<typeof fetch>>) =>
  send.mock.calls.map(([url, init]) => [String(url), new Headers(init?.headers).get('Authorization')]);

/** The app's shared client over a fake server that counts what reaches it. */
function appClient(token: () => string | null): { client: ApiClient; reached: string[] } {
  const reached: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const url = createApiClient().http.getUri({ ...config, baseURL: API });
    const response = { data: { status: 200, data: { from: 'server' } }, status: 200, statusText: 'OK', headers: {}, config } as AxiosResponse;
    if (url.endsWith('/refresh_token')) return { ...response, data: { status: 200, data: { access_token: 'token-refreshed' } } };
    const authorization = AxiosHeaders.from(config.headers).get('Authorization');
    reached.push(`${url} ${String(authorization)}`);
    if (authorization !== `Bearer ${USER.token}` && authorization !== 'Bearer token-refreshed') {
      throw new AxiosError('401', 'ERR_BAD_REQUEST', config, null, { ...response, status: 401, data: { status: 401, code: 'UNAUTHENTICATED', message: 'expired' } });
    }
    return response;
  };
  const client = createApiClient({ baseURL: API, adapter, getAccessToken: token, takeEarlyAnswer });
  return { client, reached };
}

describe('early GETs', () => {
  const send = vi.fn<typeof fetch>();
  beforeEach(() => {
    send.mockReset();
    send.mockImplementation((url) => Promise.resolve(envelope({ from: 'early', url: String(url) })));
  });
  afterEach(() => vi.useRealTimers());

  it("sends the page manager's first GETs with the stored token, and the app's same calls take them once, asking the server nothing", async () => {
    const urls = sendEarlyGets(API, '/user-dashboard/page-manager/', USER, send);
    expect(sent(send)).toEqual(urls.map((url) => [url, 'Bearer token-of-lan']));
    expect(urls).toContain('http://api.test:8080/api/v1/facebook/config/get?user_id=u-1');
    const { client, reached } = appClient(() => USER.token);
    const config = await client.http.get('api/v1/facebook/config/get', { params: { user_id: 'u-1' } });
    expect(config.data).toEqual({ status: 200, data: { from: 'early', url: 'http://api.test:8080/api/v1/facebook/config/get?user_id=u-1' } });
    const pages = await client.http.get('api/v1/facebook/page/access-token-pages');
    expect(pages.data).toMatchObject({ data: { from: 'early' } });
    expect(reached).toEqual([]);
    // Taken once: the same call again reaches the server.
    await client.http.get('api/v1/facebook/config/get', { params: { user_id: 'u-1' } });
    expect(reached).toEqual(['http://api.test:8080/api/v1/facebook/config/get?user_id=u-1 Bearer token-of-lan']);
    expect(send).toHaveBeenCalledTimes(urls.length);
  });

  it('matches the query whatever its order', async () => {
    sendEarlyGets(API, '/user-dashboard/', USER, send);
    const { client, reached } = appClient(() => USER.token);
    const series = await client.http.get('api/v1/facebook/dashboard/series', { params: { days: 30, user_id: 'u-1' } });
    expect(series.data).toMatchObject({ data: { from: 'early' } });
    expect(reached).toEqual([]);
  });

  it('hands nothing to a call made with another token, and drops the answer made with the old one', async () => {
    sendEarlyGets(API, '/user-dashboard/balance/', USER, send);
    const { client, reached } = appClient(() => 'token-refreshed');
    const balance = await client.http.get('api/v1/total-balance/u-1');
    expect(balance.data).toEqual({ status: 200, data: { from: 'server' } });
    expect(reached).toEqual(['http://api.test:8080/api/v1/total-balance/u-1 Bearer token-refreshed']);
    expect(takeEarlyAnswer('http://api.test:8080/api/v1/total-balance/u-1', `Bearer ${USER.token}`)).toBeUndefined();
  });

  it('falls back to a normal call on a 401 (which refreshes and replays), a 5xx, a network failure or another shape', async () => {
    const unauthenticated = () => Promise.resolve(Response.json({ status: 401, code: 'UNAUTHENTICATED', message: 'expired' }, { status: 401 }));
    const answers = [
      unauthenticated,
      () => Promise.resolve(new Response('busy', { status: 503 })),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(Response.json({ status: 500 })),
      () => Promise.resolve(new Response('<html>', { status: 200 })),
    ];
    for (const answer of answers) {
      send.mockReset();
      send.mockImplementation(answer);
      sendEarlyGets(API, '/user-dashboard/balance/', USER, send);
      const { client, reached } = appClient(() => USER.token);
      const summary = await client.http.get('api/v1/balance-summary/u-1', { params: { days: 30 } });
      expect(summary.data).toEqual({ status: 200, data: { from: 'server' } });
      expect(reached).toEqual(['http://api.test:8080/api/v1/balance-summary/u-1?days=30 Bearer token-of-lan']);
    }
    // An expired stored token: the early 401 is not handed over, the app's own call gets the 401 and refreshes.
    send.mockReset();
    send.mockImplementation(unauthenticated);
    sendEarlyGets(API, '/user-dashboard/balance/', { ...USER, token: 'expired' }, send);
    let token = 'expired';
    const { client, reached } = appClient(() => token);
    client.configure({ onTokenRefreshed: (next) => (token = next) });
    const summary = await client.http.get('api/v1/balance-summary/u-1', { params: { days: 30 } });
    expect(summary.data).toEqual({ status: 200, data: { from: 'server' } });
    expect(reached).toEqual([
      'http://api.test:8080/api/v1/balance-summary/u-1?days=30 Bearer expired',
      'http://api.test:8080/api/v1/balance-summary/u-1?days=30 Bearer token-refreshed',
    ]);
  });

  it('drops an answer no call took within the time it is kept', async () => {
    vi.useFakeTimers();
    sendEarlyGets(API, '/user-dashboard/balance/', USER, send);
    await vi.advanceTimersByTimeAsync(EARLY_ANSWER_KEPT_MS + 1);
    expect(takeEarlyAnswer('http://api.test:8080/api/v1/total-balance/u-1', `Bearer ${USER.token}`)).toBeUndefined();
  });

  it("never sends a user route's GETs for a partner, nor a partner's for a user", () => {
    expect(sendEarlyGets(API, '/user-dashboard/page-manager/', PARTNER, send)).toEqual([]);
    expect(sendEarlyGets(API, '/user-dashboard/', PARTNER, send)).toEqual([]);
    expect(sendEarlyGets(API, '/partner-dashboard/', USER, send)).toEqual([]);
    expect(send).not.toHaveBeenCalled();
    const partnerUrls = sendEarlyGets(API, '/partner-dashboard/', PARTNER, send);
    expect(partnerUrls).toContain('http://api.test:8080/api/v1/partner/shops?days=30');
    expect(partnerUrls.every((url) => !url.includes('u-1'))).toBe(true);
    expect(sent(send).every(([, authorization]) => authorization === 'Bearer token-of-minh')).toBe(true);
  });

  it('sends nothing signed out', () => {
    expect(sendEarlyGets(API, '/user-dashboard/page-manager/', null, send)).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('startEarly', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let doc: Document;
  beforeEach(() => {
    doc = { baseURI: document.baseURI, head: document.createElement('head'), createElement: document.createElement.bind(document) } as unknown as Document;
    fetchMock.mockReset();
    fetchMock.mockImplementation((input) => {
      const url = String(input);
      if (url === '/config.json') return Promise.resolve(Response.json({ apiBaseUrl: API, remotesUrl: '/remotes.json' }));
      if (url === '/remotes.json') return Promise.resolve(Response.json({ remotes: [] }));
      return Promise.resolve(envelope({}));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the route's GETs as soon as config.json names the API, before remotes.json", async () => {
    await startEarly(doc, '/user-dashboard/page-manager/', USER);
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls[0]).toBe('/config.json');
    expect(urls.at(-1)).toBe('/remotes.json');
    expect(urls.slice(1, -1)).toContain('http://api.test:8080/api/v1/facebook/config/get?user_id=u-1');
    for (const url of urls.slice(1, -1)) expect(takeEarlyAnswer(url, `Bearer ${USER.token}`)).toBeDefined();
  });

  it('signed out, reads the runtime files only', async () => {
    await startEarly(doc, '/user-dashboard/page-manager/', null);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/config.json', '/remotes.json']);
  });
});
