import { canVisit } from './access.js';
import { matchRoute, type LayoutName, type RouteId } from './routes.js';

/**
 * The GETs the shell's early start (`shell/src/early-start/early-requests.ts`) sends with the stored token before
 * the app's code has run, so a signed-in route's first answers are on their way while the code loads. Each one
 * names its contract entry (`endpoints.ts`): `early-requests.test.ts` fails when the path or the method drifts
 * from it, and each page's test fails when the page no longer asks for what its route lists here. Plain data
 * (no zod): the shell's start chunk carries it.
 */
export interface EarlyGet {
  /** The contract entry this GET is. */
  endpoint: string;
  /** Its path relative to the API base, `{userId}` standing for the signed-in user's own id. */
  path: string;
  /** Its query, as the app's call sends it; `USER_ID` stands for the signed-in user's own id. */
  query?: Readonly<Record<string, string | number>>;
}

/** Stands for the signed-in user's id (the token's `userId` claim) in an early GET's path or query. */
export const USER_ID = '{userId}';

/** What every signed-in start asks for once its first route is drawn (`loadSessionData` in the shell). */
export const SESSION_EARLY_GETS: readonly EarlyGet[] = [
  { endpoint: 'accountFeatures', path: 'api/v1/account/features' },
  { endpoint: 'accessTokenPages', path: 'api/v1/facebook/page/access-token-pages' },
  { endpoint: 'getCollection', path: `api/v1/facebook/get-collection/${USER_ID}` },
];

/** What a layout asks for whatever its page: the dashboard layout's header balance (`BalanceSync`). */
export const LAYOUT_EARLY_GETS: Readonly<Partial<Record<LayoutName, readonly EarlyGet[]>>> = {
  dashboard: [{ endpoint: 'totalBalance', path: `api/v1/total-balance/${USER_ID}` }],
};

/** What a route's page asks for first (its default period included), beside the session's and its layout's. */
export const ROUTE_EARLY_GETS: Readonly<Partial<Record<RouteId, readonly EarlyGet[]>>> = {
  'user-dashboard': [
    { endpoint: 'dashboardCounts', path: 'api/v1/facebook/dashboard/count_all_by_userid', query: { user_id: USER_ID } },
    { endpoint: 'dashboardSeries', path: 'api/v1/facebook/dashboard/series', query: { user_id: USER_ID, days: 30 } },
  ],
  'page-manager': [{ endpoint: 'getConfig', path: 'api/v1/facebook/config/get', query: { user_id: USER_ID } }],
  balance: [{ endpoint: 'balanceSummary', path: `api/v1/balance-summary/${USER_ID}`, query: { days: 30 } }],
  'partner-dashboard': [
    { endpoint: 'partnerInvite', path: 'api/v1/partner/invite' },
    { endpoint: 'partnerShops', path: 'api/v1/partner/shops', query: { days: 30 } },
    { endpoint: 'partnerOverview', path: 'api/v1/partner/dashboard', query: { days: 30 } },
  ],
  'list-view': [{ endpoint: 'partnerShops', path: 'api/v1/partner/shops', query: { days: 30 } }],
  widgets: [
    { endpoint: 'partnerAlerts', path: 'api/v1/partner/alerts' },
    { endpoint: 'partnerShops', path: 'api/v1/partner/shops', query: { days: 7 } },
  ],
};

/** An early GET's URL relative to the API base for user `userId`: its path and its query in the order listed. */
export function earlyGetUrl(get: EarlyGet, userId: string): string {
  const fill = (value: string | number) => (value === USER_ID ? encodeURIComponent(userId) : encodeURIComponent(String(value)));
  const path = get.path.split(USER_ID).join(encodeURIComponent(userId));
  const query = Object.entries(get.query ?? {}).map(([name, value]) => `${encodeURIComponent(name)}=${fill(value)}`);
  return query.length === 0 ? path : `${path}?${query.join('&')}`;
}

/**
 * The early GETs of a start at `pathname` by a session of `role` whose user is `userId`, as URLs relative to the
 * API base: none signed out, none for a route the shell does not know or the role may not visit (a partner never
 * asks for a user route's data, nor a user for a partner's).
 */
export function earlyGetsOf(pathname: string, role: string | undefined, userId: string | undefined): string[] {
  const route = matchRoute(pathname);
  if (role === undefined || userId === undefined || userId === '' || !route || !canVisit(route, { role })) return [];
  if (route.audience === 'public') return [];
  const gets = [...SESSION_EARLY_GETS, ...(LAYOUT_EARLY_GETS[route.layout] ?? []), ...(ROUTE_EARLY_GETS[route.id as RouteId] ?? [])];
  return [...new Set(gets.map((get) => earlyGetUrl(get, userId)))];
}
