import { describe, expect, it } from 'vitest';
import { earlyGetsOf, earlyGetUrl, LAYOUT_EARLY_GETS, ROUTE_EARLY_GETS, SESSION_EARLY_GETS, USER_ID, type EarlyGet } from './early-requests.js';
import { endpoints } from './endpoints.js';
import { findRoute, hrefOf, type RouteId } from './routes.js';

const every: EarlyGet[] = [...SESSION_EARLY_GETS, ...Object.values(LAYOUT_EARLY_GETS).flat(), ...Object.values(ROUTE_EARLY_GETS).flat()];

describe('the early GETs', () => {
  it('are GETs of the contract that need a session, on the path its entry names, with only parameters it takes', () => {
    const table = Object.values(endpoints as Record<string, { method: string; path: string; auth: string; query?: { shape: Record<string, unknown> } }>);
    for (const get of every) {
      const url = new URL(get.replaceAll(USER_ID, 'u-1'), 'http://api.invalid/');
      const entry = table.find((candidate) => candidate.method === 'GET' && candidate.path.replace(/\{\w+\}/g, 'u-1') === url.pathname.slice(1));
      expect(entry, get).toBeDefined();
      expect(entry?.auth, get).not.toBe('public');
      for (const name of url.searchParams.keys()) expect(Object.keys(entry?.query?.shape ?? {}), get).toContain(name);
    }
  });

  it("put the user's own id where the app's call has it", () => {
    expect(earlyGetUrl(`a/${USER_ID}/b?user_id=${USER_ID}&days=30`, 'u 1')).toBe('a/u%201/b?user_id=u%201&days=30');
    expect(earlyGetUrl('a/b', 'u1')).toBe('a/b');
  });

  it("for a route: the session's, its layout's and its own, each once", () => {
    const urls = earlyGetsOf(hrefOf(findRoute('page-manager').path), 'user', 'u-1');
    expect(urls).toEqual([
      'api/v1/account/features',
      'api/v1/facebook/page/access-token-pages',
      'api/v1/facebook/get-collection/u-1',
      'api/v1/total-balance/u-1',
      'api/v1/facebook/config/get?user_id=u-1',
    ]);
    expect(earlyGetsOf('/partner-dashboard/', 'partner', 'p-1')).toContain('api/v1/partner/shops?days=30');
  });

  it("never for a route the role may not visit, signed out, without a user id, or for an unknown or public path", () => {
    const userRoutes: RouteId[] = ['user-dashboard', 'page-manager', 'balance'];
    for (const id of userRoutes) expect(earlyGetsOf(findRoute(id).path, 'partner', 'p-1'), id).toEqual([]);
    for (const id of ['partner-dashboard', 'list-view', 'widgets'] as const) expect(earlyGetsOf(findRoute(id).path, 'user', 'u-1'), id).toEqual([]);
    expect(earlyGetsOf('/user-dashboard/', undefined, 'u-1')).toEqual([]);
    expect(earlyGetsOf('/user-dashboard/', 'user', undefined)).toEqual([]);
    expect(earlyGetsOf('/user-dashboard/', 'user', '')).toEqual([]);
    expect(earlyGetsOf('/no/such/page/', 'user', 'u-1')).toEqual([]);
    expect(earlyGetsOf('/', 'user', 'u-1')).toEqual([]);
    expect(earlyGetsOf('/sign-in/', 'user', 'u-1')).toEqual([]);
  });

});
