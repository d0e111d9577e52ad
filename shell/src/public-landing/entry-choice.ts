import { matchRoute, readStoredToken } from '@pagemate/shared-contracts/plain';

type Reader = Pick<Storage, 'getItem'>;

/** A stored session (either storage): such visits get the full app, which knows the session. */
function hasStoredSession(local: Reader, session: Reader): boolean {
  return readStoredToken(local, session) !== null;
}

/**
 * Whether this page load is a signed-out visit to the landing page: the one page most visitors see first,
 * which the shell then mounts on its own (public-landing/mount.tsx) instead of starting the whole app.
 * A stored session (either storage) gets the full app, whose landing knows the session's balance.
 */
export function isPublicLandingVisit(pathname: string, local: Reader, session: Reader): boolean {
  return matchRoute(pathname)?.id === 'landing' && !hasStoredSession(local, session);
}

/**
 * Whether this page load is a signed-out visit to a page of the authentication layout (sign-in, sign-up,
 * password reset, the template pages), which the shell draws on its own in plain HTML (public-auth/mount.tsx).
 */
export function isPublicAuthVisit(pathname: string, local: Reader, session: Reader): boolean {
  const route = matchRoute(pathname);
  return route?.audience === 'public' && route.layout === 'authentication' && !hasStoredSession(local, session);
}
