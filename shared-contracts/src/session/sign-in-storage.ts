import { STORAGE_KEYS } from '../contracts/constants.js';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The access token lives in local storage ("remember me") or session storage. */
export function storeToken(token: string, persistent: boolean, local: StorageLike, session: StorageLike): void {
  (persistent ? local : session).setItem(STORAGE_KEYS.accessToken, token);
  (persistent ? session : local).removeItem(STORAGE_KEYS.accessToken);
}

/**
 * What a sign-in keeps, wherever it happens (the app's sign-in page or the light one): the token where
 * "remember me" says and the features the server gave, which is what the app's start-up reads back.
 */
export function storeSignIn(login: { access_token: string; user_features: readonly string[] }, remember: boolean, local: StorageLike, session: StorageLike): void {
  storeToken(login.access_token, remember, local, session);
  local.setItem(STORAGE_KEYS.userFeatures, JSON.stringify(login.user_features));
}

/**
 * The `role` claim of an access token, read without checking it (the app's start-up decodes and checks the
 * token it finds); `undefined` when the token is not a JWT or has no role.
 */
export function unverifiedRoleOf(accessToken: string): string | undefined {
  const payload = accessToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims: unknown = JSON.parse(json);
    const role = typeof claims === 'object' && claims !== null && 'role' in claims ? claims.role : undefined;
    return typeof role === 'string' ? role : undefined;
  } catch {
    return undefined;
  }
}
