import type { RouteId } from '@pagemate/shared-contracts/plain';

/** The pages of the authentication layout; a `/cover` route shows the same page as its basic route. */
export type AuthPageName = 'signIn' | 'signUp' | 'resetPassword' | 'createPassword' | 'twoStep' | 'lockScreen' | 'comingSoon' | 'underMaintenance' | 'error401' | 'error404' | 'error500';

const AUTH_ROUTE_PAGES: readonly (readonly [RouteId, AuthPageName])[] = [
  ['sign-in', 'signIn'],
  ['sign-in-cover', 'signIn'],
  ['sign-up', 'signUp'],
  ['sign-up-cover', 'signUp'],
  ['reset-password', 'resetPassword'],
  ['reset-password-cover', 'resetPassword'],
  ['create-password', 'createPassword'],
  ['create-password-cover', 'createPassword'],
  ['two-step-verification', 'twoStep'],
  ['two-step-verification-cover', 'twoStep'],
  ['lock-screen', 'lockScreen'],
  ['lock-screen-cover', 'lockScreen'],
  ['coming-soon', 'comingSoon'],
  ['under-maintenance', 'underMaintenance'],
  ['error-401', 'error401'],
  ['error-404', 'error404'],
  ['error-500', 'error500'],
];

/**
 * The authentication layout's routes keyed to their pages: the app's (antd, shell-pages.tsx) and the light
 * signed-out ones (public-auth) draw the same page for the same routes.
 */
export function authRoutePages<T>(pages: Record<AuthPageName, T>): Partial<Record<RouteId, T>> {
  return Object.fromEntries(AUTH_ROUTE_PAGES.map(([id, name]) => [id, pages[name]]));
}
