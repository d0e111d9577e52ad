import axios, { AxiosHeaders, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { REQUEST_TIMEOUT_MS } from '../contracts/constants.js';
import { endpoints } from '../contracts/endpoints.js';

/** Calls that never trigger a token refresh on 401: the refresh itself, and calls made before there is a session. */
const NO_REFRESH_PATHS = new Set<string>([
  endpoints.refreshToken.path,
  endpoints.login.path,
  endpoints.registerAccount.path,
  endpoints.verifyEmail.path,
  endpoints.requestPasswordReset.path,
  endpoints.resetPassword.path,
]);

/** An answer the shell's early start received before the app's code ran: a 2xx with a JSON body (`body` as sent). */
export interface EarlyAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/**
 * The early answer to a GET of `url` (absolute, with its query) sent with `authorization`, taken once: `undefined`
 * when none was sent for that URL and that token; a promise of `undefined` when the early request failed, and the
 * call then goes out as it would have.
 */
export type TakeEarlyAnswer = (url: string, authorization: string) => Promise<EarlyAnswer | undefined> | undefined;

export interface ApiClientHooks {
  getAccessToken(): string | null;
  /** A refresh succeeded: store the new token (state + storage). */
  onTokenRefreshed(accessToken: string): void;
  /** A refresh failed: clear the session and send the user to sign-in. Called once per failed refresh. */
  onSessionExpired(): void;
  /**
   * Runs a refresh exclusively across every tab of the app (Web Locks in the shell). Inside it the client
   * first checks whether another tab already replaced the token, so two tabs crossing expiry refresh once.
   */
  runExclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Answers to GETs sent before the app's code ran (`shell/src/early-start/early-requests.ts`). */
  takeEarlyAnswer: TakeEarlyAnswer;
}

export interface ApiClientOptions extends Partial<ApiClientHooks> {
  baseURL?: string;
  /** Test seam: the transport used for every call, refresh included. */
  adapter?: AxiosAdapter;
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  _refreshRetried?: boolean;
}

export interface ApiClient {
  /** The one axios instance every call of the product goes through. */
  readonly http: AxiosInstance;
  /** Runs (or joins) the single in-flight refresh and resolves with the new access token. */
  refresh(): Promise<string>;
  /** The access token the next request will carry (for calls made outside axios, such as streams). */
  accessToken(): string | null;
  configure(options: ApiClientOptions): void;
}

/** `http://api/` + `/login?x=1` → `login`: the endpoint path a request config targets. */
export function endpointPathOf(url: string | undefined, baseURL: string | undefined): string {
  let path = url ?? '';
  if (baseURL && path.startsWith(baseURL)) path = path.slice(baseURL.length);
  path = path.replace(/^[a-z]+:\/\/[^/]+/i, '');
  return path.replace(/[?#].*$/, '').replace(/^\/+/, '').replace(/\/+$/, '');
}

/**
 * The shared API client of docs/product.md §7–§8: base URL from runtime config, credentials on, 100000 ms timeout,
 * bearer token on every request. On a 401 not yet retried, exactly one refresh runs however many requests
 * failed at once; all of them are replayed with the new token. Refresh failure ends the session once.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const hooks: ApiClientHooks = {
    getAccessToken: () => null,
    onTokenRefreshed: () => undefined,
    onSessionExpired: () => undefined,
    runExclusive: (task) => task(),
    takeEarlyAnswer: () => undefined,
  };
  const http = axios.create({ withCredentials: true, timeout: REQUEST_TIMEOUT_MS });
  let inflightRefresh: Promise<string> | null = null;

  function configure(next: ApiClientOptions): void {
    if (next.baseURL !== undefined) http.defaults.baseURL = next.baseURL.replace(/\/?$/, '/');
    if (next.adapter) http.defaults.adapter = next.adapter;
    if (next.getAccessToken) hooks.getAccessToken = next.getAccessToken;
    if (next.onTokenRefreshed) hooks.onTokenRefreshed = next.onTokenRefreshed;
    if (next.onSessionExpired) hooks.onSessionExpired = next.onSessionExpired;
    if (next.runExclusive) hooks.runExclusive = next.runExclusive;
    if (next.takeEarlyAnswer) hooks.takeEarlyAnswer = next.takeEarlyAnswer;
  }
  configure(options);

  async function runRefresh(): Promise<string> {
    try {
      // A bare request (not through `http`), so a 401 here can never start another refresh.
      const response = await axios.request<{ status: number; data?: { access_token?: unknown } }>({
        method: 'POST',
        url: endpoints.refreshToken.path,
        baseURL: http.defaults.baseURL,
        withCredentials: true,
        timeout: REQUEST_TIMEOUT_MS,
        adapter: http.defaults.adapter,
      });
      const token = response.data.data?.access_token;
      if (response.data.status !== 200 || typeof token !== 'string' || token === '') {
        throw new Error('Refresh answered without an access token');
      }
      hooks.onTokenRefreshed(token);
      return token;
    } catch (error) {
      hooks.onSessionExpired();
      throw error;
    }
  }

  function refresh(): Promise<string> {
    const staleToken = hooks.getAccessToken();
    inflightRefresh ??= hooks
      .runExclusive(async () => {
        const current = hooks.getAccessToken();
        // Another tab refreshed while this one waited for the lock: its token is already ours.
        if (current !== null && current !== staleToken) return current;
        return runRefresh();
      })
      .finally(() => {
        inflightRefresh = null;
      });
    return inflightRefresh;
  }

  http.interceptors.request.use((config) => {
    const token = hooks.getAccessToken();
    const headers = AxiosHeaders.from(config.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else headers.delete('Authorization');
    config.headers = headers;
    if (token && (config.method ?? 'get').toLowerCase() === 'get') answerEarly(config, `Bearer ${token}`);
    return config;
  });

  /**
   * A GET the early start already sent with the same URL and the same token takes that answer instead of going
   * out again (once: the early start forgets it). An early request that failed leaves the call to go out as
   * always, so a 401 still refreshes and replays.
   */
  function answerEarly(config: InternalAxiosRequestConfig, authorization: string): void {
    const early = hooks.takeEarlyAnswer(http.getUri(config), authorization);
    if (!early) return;
    const normal = config.adapter;
    config.adapter = async (sent) => {
      // A replay of this config (after a refresh) goes out the normal way.
      sent.adapter = normal;
      const answer = await early;
      if (!answer) return axios.getAdapter(normal)(sent);
      return { data: answer.body, status: answer.status, statusText: 'OK', headers: AxiosHeaders.from(answer.headers), config: sent, request: null };
    };
  }

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config as RetriableConfig;
    if (config._refreshRetried === true) throw error;
    if (NO_REFRESH_PATHS.has(endpointPathOf(config.url, http.defaults.baseURL))) throw error;
    config._refreshRetried = true;

    const sentWith = AxiosHeaders.from(config.headers).get('Authorization');
    const current = hooks.getAccessToken();
    // A request that failed with a token already replaced by a finished refresh replays without refreshing again.
    if (!(inflightRefresh === null && current !== null && sentWith !== `Bearer ${current}`)) {
      await refresh();
    }
    return http.request(config);
  });

  return { http, refresh, configure, accessToken: () => hooks.getAccessToken() };
}

/** The product's single client instance, configured by the shell at start. */
export const apiClient = createApiClient();
