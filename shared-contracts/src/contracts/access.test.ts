import { describe, expect, it } from 'vitest';
import { audiencesFor, canVisit, denialOf, menuEntries, remotesFor } from './access.js';
import { REMOTE_AUDIENCES } from './runtime-config.js';
import { findRoute, matchRoute, ROUTES, breadcrumbsFor } from './routes.js';

const user = { role: 'user' };
const partner = { role: 'partner' };
const admin = { role: 'admin' };

describe('route-table access per role', () => {
  it('gives signed-out visitors only public routes', () => {
    expect(audiencesFor(null)).toEqual(['public']);
    expect(canVisit(findRoute('landing'), null)).toBe(true);
    expect(canVisit(findRoute('sign-in'), null)).toBe(true);
    expect(denialOf(findRoute('balance'), null)).toBe('sign-in');
    expect(denialOf(findRoute('partner-crm'), null)).toBe('sign-in');
  });

  it('gives role user the user side and refuses the partner side', () => {
    expect(canVisit(findRoute('balance'), user)).toBe(true);
    expect(canVisit(findRoute('chatbot-basic'), user)).toBe(true);
    expect(denialOf(findRoute('partner-dashboard'), user)).toBe('forbidden');
  });

  it('gives every other role the partner side (docs/product.md §6)', () => {
    for (const session of [partner, admin]) {
      expect(canVisit(findRoute('partner-dashboard'), session)).toBe(true);
      expect(canVisit(findRoute('partner-file-manager'), session)).toBe(true);
      expect(denialOf(findRoute('balance'), session)).toBe('forbidden');
      expect(denialOf(findRoute('page-manager'), session)).toBe('forbidden');
    }
  });

  it('derives each menu from the table, with the product badges', () => {
    const userMenu = menuEntries('user', user);
    expect(userMenu.map((r) => r.path)).toEqual([
      '/user-dashboard',
      '/user-dashboard/file-manager',
      '/user-dashboard/page-manager',
      '/user-dashboard/page-manager/identity-manager',
      '/user-dashboard/page-manager/procedure-manager',
      '/user-dashboard/page-manager/config-manager',
      '/user-dashboard/post-manager',
      '/user-dashboard/comment-manager',
      '/user-dashboard/message-manager',
      '/user-dashboard/client-manager',
      '/user-dashboard/order-manager',
      '/user-dashboard/balance',
    ]);
    expect(findRoute('user-dashboard').badge?.text).toBe('12');
    expect(findRoute('user-file-manager').badge?.text).toBe('New');
    expect(findRoute('balance').badge?.text).toBe('Hot');
    expect(findRoute('chatbot-basic').badge?.text).toBe('12');
    expect(menuEntries('partner', partner).map((r) => r.path)).toEqual([
      '/partner-dashboard',
      '/partner-dashboard/file-manager',
      '/partner-dashboard/crm',
      '/partner-dashboard/hrm',
      '/list-view',
      '/widgets',
    ]);
    expect(menuEntries('chatbot', user).map((r) => r.path)).toEqual([
      '/chatbot/chatbot-basic',
      '/chatbot/chatbot-pdf',
      '/user-dashboard/page-manager/config-manager',
    ]);
    expect(menuEntries('user', partner)).toEqual([]);
  });

  it('registers only the remotes of the session audience', () => {
    const remotes = Object.entries(REMOTE_AUDIENCES).map(([name, audience]) => ({
      name: name as keyof typeof REMOTE_AUDIENCES,
      entry: `http://x/${name}`,
      audience: [...audience],
    }));
    expect(remotesFor(remotes, null).map((r) => r.name)).toEqual(['mf_landing']);
    expect(remotesFor(remotes, user).map((r) => r.name)).toEqual(['mf_landing', 'mf_page_manager', 'mf_chatbot', 'mf_balance', 'mf_crm']);
    expect(remotesFor(remotes, partner).map((r) => r.name)).toEqual(['mf_landing', 'mf_chatbot', 'mf_crm']);
  });

  it('every route owned by a remote is visible to that remote audience', () => {
    for (const route of ROUTES) {
      if (route.owner === 'shell') continue;
      expect(REMOTE_AUDIENCES[route.owner] as readonly string[]).toContain(route.audience);
    }
  });

  it('matches paths with or without the trailing slash and builds breadcrumbs', () => {
    expect(matchRoute('/user-dashboard/balance/')?.id).toBe('balance');
    expect(matchRoute('/')?.id).toBe('landing');
    expect(breadcrumbsFor('/user-dashboard/page-manager/identity-manager/').map((r) => r.id)).toEqual([
      'user-dashboard',
      'page-manager',
      'identity-manager',
    ]);
  });
});
