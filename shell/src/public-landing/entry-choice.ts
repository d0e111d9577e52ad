import { matchRoute, STORAGE_KEYS } from '@pagemate/shared-contracts/plain';

/**
 * Whether this page load is a signed-out visit to the landing page: the one page most visitors see first,
 * which the shell then mounts on its own (public-landing/mount.tsx) instead of starting the whole app.
 * A stored session (either storage) gets the full app, whose landing knows the session's balance.
 */
export function isPublicLandingVisit(pathname: string, local: Pick<Storage, 'getItem'>, session: Pick<Storage, 'getItem'>): boolean {
  if (matchRoute(pathname)?.id !== 'landing') return false;
  return local.getItem(STORAGE_KEYS.accessToken) === null && session.getItem(STORAGE_KEYS.accessToken) === null;
}
