import type { Audience, MenuName, RemoteName, RouteEntry } from './routes.js';
import { ROUTES } from './routes.js';

/** The part of a session access decisions look at. */
export interface AccessSession {
  role: string;
}

/** Role `user` gets the user side; every other role gets the partner side (docs/product.md §6). */
export function sideOf(role: string): 'user' | 'partner' {
  return role === 'user' ? 'user' : 'partner';
}

/** Audiences a session may see: `public` always, plus its side when signed in. */
export function audiencesFor(session: AccessSession | null): Audience[] {
  return session ? ['public', sideOf(session.role)] : ['public'];
}

export function canVisit(route: Pick<RouteEntry, 'audience'>, session: AccessSession | null): boolean {
  return audiencesFor(session).includes(route.audience);
}

/** Why a route cannot be visited: not signed in (→ sign-in) or signed in on the other side (→ 401). */
export function denialOf(route: Pick<RouteEntry, 'audience'>, session: AccessSession | null): 'sign-in' | 'forbidden' | null {
  if (canVisit(route, session)) return null;
  return session ? 'forbidden' : 'sign-in';
}

/** The side menu a dashboard shows for a role. */
export function dashboardMenuOf(role: string): MenuName {
  return sideOf(role);
}

/** Entries of one menu, in table order, that the session may visit. */
export function menuEntries(menu: MenuName, session: AccessSession | null): RouteEntry[] {
  const orderIn = (route: RouteEntry, index: number) => route.menus?.find((m) => m.menu === menu)?.order ?? index;
  return (ROUTES as readonly RouteEntry[])
    .map((route, index) => ({ route, order: orderIn(route, index) }))
    .filter(({ route }) => route.menus?.some((m) => m.menu === menu) === true && canVisit(route, session))
    .sort((a, b) => a.order - b.order)
    .map(({ route }) => route);
}

/** A remote's entry in remotes.json. */
export interface RemoteEntryConfig {
  name: RemoteName;
  entry: string;
  audience: Audience[];
}

/** Remotes the session may load: only those whose audience overlaps the session's audiences. */
export function remotesFor(remotes: readonly RemoteEntryConfig[], session: AccessSession | null): RemoteEntryConfig[] {
  const allowed = audiencesFor(session);
  return remotes.filter((remote) => remote.audience.some((a) => allowed.includes(a)));
}
