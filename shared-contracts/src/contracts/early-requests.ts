import { canVisit } from './access.js';
import { matchRoute, type LayoutName, type RouteId } from './routes.js';

/**
 * The GETs the shell's early start (`shell/src/early-start/early-requests.ts`) sends with the stored token before
 * the app's code has run, so a signed-in route's first answers are on their way while the code loads. Each is a
 * URL relative to the API base as the app's call spells it, its query included, `USER_ID` standing for the
 * signed-in user's own id: `early-requests.test.ts` fails when one is not a GET of the endpoint table (`endpoints.ts`)
 * or names a query parameter the endpoint does not take, and each page's test fails when the page no longer asks
 * for what its route lists here. Plain strings (no zod): the shell's start chunk carries them.
 */
export type EarlyGet = string;

/** Stands for the signed-in user's id (the token's `userId` claim) in an early GET. */
export const USER_ID = '{userId}';

/** What every signed-in start asks for once its first route is drawn (`loadSessionData` in the shell). */
export const SESSION_EARLY_GETS: readonly EarlyGet[] = [
  'api/v1/account/features',
  'api/v1/facebook/page/access-token-pages',
  `api/v1/facebook/get-collection/${USER_ID}`,
];

/** What a layout asks for whatever its page: the dashboard layout's header balance (`BalanceSync`). */
export const LAYOUT_EARLY_GETS: Readonly<Partial<Record<LayoutName, readonly EarlyGet[]>>> = {
  dashboard: [`api/v1/total-balance/${USER_ID}`],
};

/** What a route's page asks for first (its default period included), beside the session's and its layout's. */
export const ROUTE_EARLY_GETS: Readonly<Partial<Record<RouteId, readonly EarlyGet[]>>> = {
  'user-dashboard': [`api/v1/facebook/dashboard/count_all_by_userid?user_id=${USER_ID}`, `api/v1/facebook/dashboard/series?user_id=${USER_ID}&days=30`],
  'page-manager': [`api/v1/facebook/config/get?user_id=${USER_ID}`],
  balance: [`api/v1/balance-summary/${USER_ID}?days=30`],
  'partner-dashboard': ['api/v1/partner/invite', 'api/v1/partner/shops?days=30', 'api/v1/partner/dashboard?days=30'],
  'list-view': ['api/v1/partner/shops?days=30'],
  widgets: ['api/v1/partner/alerts', 'api/v1/partner/shops?days=7'],
};

/** An early GET's URL relative to the API base for user `userId`. */
export function earlyGetUrl(get: EarlyGet, userId: string): string {
  return get.split(USER_ID).join(encodeURIComponent(userId));
}

/**
 * The early GETs of a start at `pathname` by a session of `role` whose user is `userId`, as URLs relative to the
 * API base: none signed out, none for a route the shell does not know or the role may not visit (a partner never
 * asks for a user route's data, nor a user for a partner's).
 */
export function earlyGetsOf(pathname: string, role: string | undefined, userId: string | undefined): string[] {
  const route = matchRoute(pathname);
  if (!role || !userId || !route || route.audience === 'public' || !canVisit(route, { role })) return [];
  return [...SESSION_EARLY_GETS, ...(LAYOUT_EARLY_GETS[route.layout] ?? []), ...(ROUTE_EARLY_GETS[route.id as RouteId] ?? [])].map((get) => earlyGetUrl(get, userId));
}
