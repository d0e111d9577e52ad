import { jwtDecode } from 'jwt-decode';
import { STORAGE_KEYS } from '../contracts/constants.js';
import { accessTokenClaimsSchema, type SessionUser } from '../contracts/entities.js';
import { storeToken, type StorageLike } from './sign-in-storage.js';

/** Decodes an access token into the session user (docs/product.md §3); `null` when it is not a token of ours. */
export function decodeSessionUser(accessToken: string): SessionUser | null {
  try {
    const claims = accessTokenClaimsSchema.safeParse(jwtDecode(accessToken));
    if (!claims.success) return null;
    const { username, userId, userEmail, partnerId, role } = claims.data;
    return { username, userId, userEmail, partnerId, role };
  } catch {
    return null;
  }
}

/** Replaces the token wherever it was kept (after a refresh). */
export function replaceStoredToken(token: string, local: StorageLike, session: StorageLike): void {
  const persistent = local.getItem(STORAGE_KEYS.accessToken) !== null;
  storeToken(token, persistent, local, session);
}

/** Logout / expired session: the token and every per-user key go (docs/product.md §4). */
export function clearStoredSession(local: StorageLike, session: StorageLike): void {
  for (const key of [
    STORAGE_KEYS.accessToken,
    STORAGE_KEYS.userFeatures,
    STORAGE_KEYS.listConfig,
    STORAGE_KEYS.listProcedure,
    STORAGE_KEYS.listIdentity,
    STORAGE_KEYS.listPage,
    STORAGE_KEYS.cachedPages,
    STORAGE_KEYS.cachedFiles,
    STORAGE_KEYS.persistedRoot,
  ]) {
    local.removeItem(key);
    session.removeItem(key);
  }
}
