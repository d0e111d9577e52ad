import {
  api,
  apiClient,
  clearStoredSession,
  decodeSessionUser,
  endpoints,
  featuresLoaded,
  fetchCollectionFiles,
  fetchPageList,
  listsCleared,
  readStoredToken,
  replaceStoredToken,
  selectAccessToken,
  selectSessionUser,
  sessionCleared,
  sessionReady,
  sessionStarted,
  STORAGE_KEYS,
  storeSignIn,
  type AppStore,
  type EndpointResponse,
  type TakeEarlyAnswer,
} from '@pagemate/shared-contracts';
import { openTabChannel, postToOtherTabs, type TabMessage } from './tab-channel';

const REFRESH_LOCK = 'pagemate-token-refresh';
let channel: BroadcastChannel | null = null;

function tellOtherTabs(message: TabMessage): void {
  postToOtherTabs(message, channel);
}

function readFeatures(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.userFeatures) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** Adopts an access token (sign-in, refresh here, or a refresh another tab made). */
function adoptToken(store: AppStore, accessToken: string): boolean {
  const user = decodeSessionUser(accessToken);
  if (!user) return false;
  replaceStoredToken(accessToken, localStorage, sessionStorage);
  store.dispatch(sessionStarted({ accessToken, user }));
  return true;
}

/** Start (docs/product.md §4): read the stored token, decode it, set the session if it changed, restore features, then ready. */
export function restoreSession(store: AppStore): void {
  const token = readStoredToken(localStorage, sessionStorage);
  const user = token ? decodeSessionUser(token) : null;
  if (token && user && selectAccessToken(store.getState()) !== token) {
    store.dispatch(sessionStarted({ accessToken: token, user }));
    store.dispatch(featuresLoaded({ userFeatures: readFeatures() }));
  } else if (token && !user) {
    clearStoredSession(localStorage, sessionStorage);
  }
  store.dispatch(sessionReady());
}

/**
 * Clears the session in state and storage (logout, or a refresh that failed), and every server answer cached
 * for it: the next user of this tab starts from an empty cache, not from the last user's pages or lists.
 */
export function endSession(store: AppStore): void {
  clearStoredSession(localStorage, sessionStorage);
  store.dispatch(sessionCleared());
  store.dispatch(listsCleared());
  store.dispatch(api.util.resetApiState());
}

/**
 * Wires the shared API client to the store and to the other tabs: the token goes in, a refreshed token is
 * kept and shared, one tab refreshes at a time (Web Locks), and an ended session ends in every tab. A GET the
 * start already sent with the same token takes that answer (`takeEarlyAnswer`, `early-start/early-requests.ts`).
 */
export function connectApiClient(store: AppStore, apiBaseUrl: string, goToSignIn: () => void, takeEarlyAnswer?: TakeEarlyAnswer): void {
  channel = openTabChannel();
  if (channel) {
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      if (event.data.type === 'token') adoptToken(store, event.data.accessToken);
      else if (selectSessionUser(store.getState())) {
        endSession(store);
        goToSignIn();
      }
    };
  }
  apiClient.configure({
    baseURL: apiBaseUrl,
    getAccessToken: () => selectAccessToken(store.getState()),
    onTokenRefreshed: (accessToken) => {
      if (adoptToken(store, accessToken)) tellOtherTabs({ type: 'token', accessToken });
    },
    onSessionExpired: () => {
      endSession(store);
      tellOtherTabs({ type: 'logout' });
      goToSignIn();
    },
    runExclusive: (task) =>
      typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks.request(REFRESH_LOCK, task) : task(),
    ...(takeEarlyAnswer ? { takeEarlyAnswer } : {}),
  });
}

/** A sign-in answered: keep the token where "remember me" says, and the features the server gave. */
export function startSession(
  store: AppStore,
  login: EndpointResponse<'login'>['data'],
  remember: boolean,
): boolean {
  const user = decodeSessionUser(login.access_token);
  if (!user) return false;
  storeSignIn(login, remember, localStorage, sessionStorage);
  store.dispatch(sessionStarted({ accessToken: login.access_token, user }));
  store.dispatch(featuresLoaded({ userFeatures: login.user_features, listFeatures: login.list_features }));
  tellOtherTabs({ type: 'token', accessToken: login.access_token });
  return true;
}

/** Logout (docs/product.md §4): only a 200 ends the session (here and in every tab); anything else is logged and the user stays. */
export async function logout(store: AppStore): Promise<boolean> {
  try {
    const response = await apiClient.http.post<{ status: number }>(endpoints.logout.path);
    if (response.data.status !== 200) {
      console.error('[pagemate] logout answered', response.data.status);
      return false;
    }
    endSession(store);
    tellOtherTabs({ type: 'logout' });
    return true;
  } catch (error) {
    console.error('[pagemate] logout failed', error);
    return false;
  }
}

/**
 * Once signed in (docs/product.md §4): the user's features, page list and file list load. The page list kept
 * under `root` shows first (the lists slice starts from it); the page and file lists are asked through their
 * one RTK Query endpoint (`listsApi` of shared-contracts), so the screens find the answer in the cache and the
 * lists slice mirrors it. A failing list is logged only (docs/product.md §8).
 */
export async function loadSessionData(store: AppStore): Promise<void> {
  const user = selectSessionUser(store.getState());
  if (!user) return;

  const features = apiClient.http
    .get<EndpointResponse<'accountFeatures'>>(endpoints.accountFeatures.path)
    .then(({ data }) => {
      localStorage.setItem(STORAGE_KEYS.userFeatures, JSON.stringify(data.data.user_features));
      store.dispatch(featuresLoaded({ userFeatures: data.data.user_features, listFeatures: data.data.list_features }));
    });
  const lists = [store.dispatch(fetchPageList()), store.dispatch(fetchCollectionFiles(user.userId))].map(async (request) => {
    const result = await request;
    if (result.isError) throw result.error;
  });
  const outcomes = await Promise.allSettled([features, ...lists]);
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') console.error('[pagemate] loading session data failed', outcome.reason);
  }
}
