/**
 * The one route table (docs/product.md §2). The shell derives its router, side menus, breadcrumbs, static export and
 * access checks from it; remotes only supply the component for the route ids they own.
 */

export type Audience = 'public' | 'user' | 'partner';
export type LayoutName = 'landing' | 'authentication' | 'dashboard' | 'chatbot' | 'bare';
export const REMOTE_NAMES = ['mf_landing', 'mf_page_manager', 'mf_chatbot', 'mf_balance', 'mf_crm'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type MenuName = 'user' | 'partner' | 'chatbot';

export interface RouteBadge {
  text: string;
  /** antd colour name or CSS colour of the badge. */
  color: string;
}

export interface MenuPlacement {
  menu: MenuName;
  /** Label key of the group this entry sits in (common namespace), if any. */
  groupKey?: string;
  /** Icon name the shell maps to an icon component. */
  icon: string;
  /** Label in this menu when it differs from the route's own (common namespace). */
  labelKey?: string;
  /** Position in this menu when it differs from the table's order (lower first). */
  order?: number;
}

export interface RouteEntry {
  /** Stable id; remotes key their components by it. */
  id: string;
  /** Absolute path without the trailing slash ('/' for the root). */
  path: string;
  /** Label key in the `common` namespace. */
  labelKey: string;
  audience: Audience;
  owner: 'shell' | RemoteName;
  layout: LayoutName;
  badge?: RouteBadge;
  menus?: MenuPlacement[];
}

const BADGE_12: RouteBadge = { text: '12', color: 'blue' };
const BADGE_NEW: RouteBadge = { text: 'New', color: 'green' };
const BADGE_HOT: RouteBadge = { text: 'Hot', color: 'red' };
const PAGE_MANAGER_GROUP = 'menu.groups.pageManager';
const CHATBOT_PDF_GROUP = 'menu.groups.chatbotPdf';

export const ROUTES = [
  // Public
  { id: 'landing', path: '/', labelKey: 'menu.home', audience: 'public', owner: 'mf_landing', layout: 'landing' },
  { id: 'sign-in', path: '/sign-in', labelKey: 'menu.signIn', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'sign-up', path: '/sign-up', labelKey: 'menu.signUp', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'reset-password', path: '/reset-password', labelKey: 'menu.resetPassword', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'create-password', path: '/create-password', labelKey: 'menu.createPassword', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'two-step-verification', path: '/two-step-verification', labelKey: 'menu.twoStep', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'lock-screen', path: '/lock-screen', labelKey: 'menu.lockScreen', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'coming-soon', path: '/coming-soon', labelKey: 'menu.comingSoon', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'under-maintenance', path: '/under-maintenance', labelKey: 'menu.underMaintenance', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'error-401', path: '/error/401', labelKey: 'menu.error401', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'error-404', path: '/error/404', labelKey: 'menu.error404', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'error-500', path: '/error/500', labelKey: 'menu.error500', audience: 'public', owner: 'shell', layout: 'authentication' },
  // Cover variants of the authentication template pages (docs/product.md §2): same page, split-screen layout.
  { id: 'sign-in-cover', path: '/sign-in/cover', labelKey: 'menu.signIn', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'sign-up-cover', path: '/sign-up/cover', labelKey: 'menu.signUp', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'reset-password-cover', path: '/reset-password/cover', labelKey: 'menu.resetPassword', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'create-password-cover', path: '/create-password/cover', labelKey: 'menu.createPassword', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'two-step-verification-cover', path: '/two-step-verification/cover', labelKey: 'menu.twoStep', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'lock-screen-cover', path: '/lock-screen/cover', labelKey: 'menu.lockScreen', audience: 'public', owner: 'shell', layout: 'authentication' },
  { id: 'app', path: '/_app', labelKey: 'menu.app', audience: 'public', owner: 'shell', layout: 'bare' },

  // User dashboard
  { id: 'user-dashboard', path: '/user-dashboard', labelKey: 'menu.dashboards', audience: 'user', owner: 'shell', layout: 'dashboard', badge: BADGE_12, menus: [{ menu: 'user', icon: 'dashboard' }] },
  { id: 'user-file-manager', path: '/user-dashboard/file-manager', labelKey: 'menu.fileManager', audience: 'user', owner: 'mf_chatbot', layout: 'dashboard', badge: BADGE_NEW, menus: [{ menu: 'user', icon: 'folder' }] },
  { id: 'page-manager', path: '/user-dashboard/page-manager', labelKey: 'menu.page', audience: 'user', owner: 'mf_page_manager', layout: 'dashboard', menus: [{ menu: 'user', groupKey: PAGE_MANAGER_GROUP, icon: 'facebook' }] },
  { id: 'identity-manager', path: '/user-dashboard/page-manager/identity-manager', labelKey: 'menu.identityManager', audience: 'user', owner: 'mf_page_manager', layout: 'dashboard', menus: [{ menu: 'user', groupKey: PAGE_MANAGER_GROUP, icon: 'identity' }] },
  { id: 'procedure-manager', path: '/user-dashboard/page-manager/procedure-manager', labelKey: 'menu.procedureManager', audience: 'user', owner: 'mf_page_manager', layout: 'dashboard', menus: [{ menu: 'user', groupKey: PAGE_MANAGER_GROUP, icon: 'procedure' }] },
  {
    id: 'config-manager', path: '/user-dashboard/page-manager/config-manager', labelKey: 'menu.configManager', audience: 'user', owner: 'mf_page_manager', layout: 'dashboard',
    menus: [{ menu: 'user', groupKey: PAGE_MANAGER_GROUP, icon: 'config' }, { menu: 'chatbot', groupKey: CHATBOT_PDF_GROUP, icon: 'quote', labelKey: 'menu.chatbotQuotes', order: 3 }],
  },
  { id: 'post-manager', path: '/user-dashboard/post-manager', labelKey: 'menu.postManager', audience: 'user', owner: 'mf_crm', layout: 'dashboard', menus: [{ menu: 'user', icon: 'post' }] },
  { id: 'comment-manager', path: '/user-dashboard/comment-manager', labelKey: 'menu.commentManager', audience: 'user', owner: 'mf_crm', layout: 'dashboard', menus: [{ menu: 'user', icon: 'comment' }] },
  { id: 'message-manager', path: '/user-dashboard/message-manager', labelKey: 'menu.messageManager', audience: 'user', owner: 'mf_crm', layout: 'dashboard', menus: [{ menu: 'user', icon: 'message' }] },
  { id: 'client-manager', path: '/user-dashboard/client-manager', labelKey: 'menu.clientManager', audience: 'user', owner: 'mf_crm', layout: 'dashboard', menus: [{ menu: 'user', icon: 'client' }] },
  { id: 'order-manager', path: '/user-dashboard/order-manager', labelKey: 'menu.orderManager', audience: 'user', owner: 'mf_crm', layout: 'dashboard', menus: [{ menu: 'user', icon: 'order' }] },
  { id: 'balance', path: '/user-dashboard/balance', labelKey: 'menu.balance', audience: 'user', owner: 'mf_balance', layout: 'dashboard', badge: BADGE_HOT, menus: [{ menu: 'user', icon: 'wallet' }] },

  // Chatbot area (its own layout and menu)
  { id: 'chatbot-basic', path: '/chatbot/chatbot-basic', labelKey: 'menu.chatbotBasic', audience: 'user', owner: 'mf_chatbot', layout: 'chatbot', badge: BADGE_12, menus: [{ menu: 'chatbot', icon: 'robot', order: 1 }] },
  { id: 'chatbot-pdf', path: '/chatbot/chatbot-pdf', labelKey: 'menu.chatbotFulldocs', audience: 'user', owner: 'mf_chatbot', layout: 'chatbot', menus: [{ menu: 'chatbot', groupKey: CHATBOT_PDF_GROUP, icon: 'file', order: 2 }] },

  // Partner dashboard
  { id: 'partner-dashboard', path: '/partner-dashboard', labelKey: 'menu.dashboards', audience: 'partner', owner: 'shell', layout: 'dashboard', menus: [{ menu: 'partner', icon: 'dashboard' }] },
  { id: 'partner-file-manager', path: '/partner-dashboard/file-manager', labelKey: 'menu.fileManager', audience: 'partner', owner: 'mf_chatbot', layout: 'dashboard', menus: [{ menu: 'partner', icon: 'folder' }] },
  { id: 'partner-crm', path: '/partner-dashboard/crm', labelKey: 'menu.crm', audience: 'partner', owner: 'mf_crm', layout: 'dashboard', menus: [{ menu: 'partner', icon: 'client' }] },
  { id: 'partner-hrm', path: '/partner-dashboard/hrm', labelKey: 'menu.hrm', audience: 'partner', owner: 'mf_crm', layout: 'dashboard', menus: [{ menu: 'partner', icon: 'team' }] },
  { id: 'list-view', path: '/list-view', labelKey: 'menu.listView', audience: 'partner', owner: 'shell', layout: 'dashboard', menus: [{ menu: 'partner', icon: 'list' }] },
  { id: 'widgets', path: '/widgets', labelKey: 'menu.widgets', audience: 'partner', owner: 'shell', layout: 'dashboard', menus: [{ menu: 'partner', icon: 'widgets' }] },

  // Shared
  { id: 'notifications', path: '/components/pages/notifications', labelKey: 'menu.notifications', audience: 'public', owner: 'shell', layout: 'dashboard' },
] as const satisfies readonly RouteEntry[];

export type RouteId = (typeof ROUTES)[number]['id'];

export function findRoute(id: RouteId): RouteEntry {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route id ${id}`);
  return route;
}

/** The route whose path is exactly `pathname` (trailing slash ignored), if any. */
export function matchRoute(pathname: string): RouteEntry | undefined {
  const normalised = normalisePath(pathname);
  return (ROUTES as readonly RouteEntry[]).find((r) => r.path === normalised);
}

/** `/user-dashboard/balance/` → `/user-dashboard/balance`; `''` → `/`. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Link target with the trailing slash of the static export: `/user-dashboard/balance/`. */
export function hrefOf(path: string): string {
  return path === '/' ? '/' : `${path}/`;
}

/** Where a signed-in session lands: the dashboard of its role. */
export function homePathFor(role: string | undefined): string {
  if (role === undefined) return '/sign-in';
  return role === 'user' ? '/user-dashboard' : '/partner-dashboard';
}

/** Breadcrumb trail for a path: each ancestor path that is itself a route, root first. */
export function breadcrumbsFor(pathname: string): RouteEntry[] {
  const parts = normalisePath(pathname).split('/').filter(Boolean);
  const trail: RouteEntry[] = [];
  for (let i = 1; i <= parts.length; i += 1) {
    const route = matchRoute(`/${parts.slice(0, i).join('/')}`);
    if (route) trail.push(route);
  }
  return trail;
}
