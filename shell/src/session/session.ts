import {
  apiClient,
  clearStoredSession,
  decodeSessionUser,
  endpoints,
  featuresLoaded,
  listsCleared,
  readStoredToken,
  replaceStoredToken,
  selectAccessToken,
  sessionCleared,
  sessionReady,
  sessionStarted,
  STORAGE_KEYS,
  type AppStore,
} from '@pagemate/shared-contracts';

function readFeatures(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.userFeatures) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** Start (spec §4): read the stored token, decode it, set the session if it changed, restore features, then ready. */
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

/** Clears the session in state and storage (logout, or a refresh that failed). */
export function endSession(store: AppStore): void {
  clearStoredSession(localStorage, sessionStorage);
  store.dispatch(sessionCleared());
  store.dispatch(listsCleared());
}

/** Wires the shared API client to the store: token in, refreshed token back, expired session out. */
export function connectApiClient(store: AppStore, apiBaseUrl: string, goToSignIn: () => void): void {
  apiClient.configure({
    baseURL: apiBaseUrl,
    getAccessToken: () => selectAccessToken(store.getState()),
    onTokenRefreshed: (accessToken) => {
      const user = decodeSessionUser(accessToken);
      if (!user) return;
      replaceStoredToken(accessToken, localStorage, sessionStorage);
      store.dispatch(sessionStarted({ accessToken, user }));
    },
    onSessionExpired: () => {
      endSession(store);
      goToSignIn();
    },
  });
}

/** Logout (spec §4): only a 200 ends the session; any other outcome is logged and the user stays. */
export async function logout(store: AppStore): Promise<boolean> {
  try {
    const response = await apiClient.http.post<{ status: number }>(endpoints.logout.path);
    if (response.data.status !== 200) {
      console.error('[pagemate] logout answered', response.data.status);
      return false;
    }
    endSession(store);
    return true;
  } catch (error) {
    console.error('[pagemate] logout failed', error);
    return false;
  }
}
