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
 * The stored access token, local storage ("remember me") first (docs/product.md §3); `null` signed out. Read
 * by the shell's start chunk too, so this module stays free of the app's dependencies.
 */
export function readStoredToken(local: Pick<StorageLike, 'getItem'>, session: Pick<StorageLike, 'getItem'>): string | null {
  return local.getItem(STORAGE_KEYS.accessToken) ?? session.getItem(STORAGE_KEYS.accessToken);
}

/**
 * What a sign-in keeps, wherever it happens (the app's sign-in page or the light one): the token where
 * "remember me" says and the features the server gave, which is what the app's start-up reads back.
 */
export function storeSignIn(login: { access_token: string; user_features: readonly string[] }, remember: boolean, local: StorageLike, session: StorageLike): void {
  storeToken(login.access_token, remember, local, session);
  local.setItem(STORAGE_KEYS.userFeatures, JSON.stringify(login.user_features));
}

/** What the start-up may read of an access token before the app checks it: only for drawing, never for access. */
export interface UnverifiedClaims {
  role?: string;
  username?: string;
  userId?: string;
}

/**
 * The `role`, `username` and `userId` claims of an access token, read without checking it (the app's start-up decodes and
 * checks the token it finds); empty when the token is not a JWT, and a claim that is not a string is left out.
 */
export function unverifiedClaimsOf(accessToken: string): UnverifiedClaims {
  const payload = accessToken.split('.')[1];
  if (!payload) return {};
  try {
    const bytes = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    // The payload is UTF-8 (a Vietnamese username): atob gives its bytes, one character each.
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0))));
    if (typeof claims !== 'object' || claims === null) return {};
    const { role, username, userId } = claims as Record<string, unknown>;
    return {
      ...(typeof role === 'string' ? { role } : {}),
      ...(typeof username === 'string' ? { username } : {}),
      ...(typeof userId === 'string' ? { userId } : {}),
    };
  } catch {
    return {};
  }
}

/** The `role` claim of an access token, read without checking it; `undefined` when the token is not a JWT or has no role. */
export function unverifiedRoleOf(accessToken: string): string | undefined {
  return unverifiedClaimsOf(accessToken).role;
}
