// @vitest-environment happy-dom
import { bareImportsFrom } from '@pagemate/shared-contracts/testing/import-graph';
import type { LocaleTree } from '@pagemate/shared-contracts';
import { PHONE_MAX_WIDTH_PX, SIDE_MENU_BREAKPOINT_PX } from '@pagemate/shared-contracts/plain';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import viCommon from '../locales/vi/common.json';
import viDashboard from '../locales/vi/dashboard.json';
import { DEFAULT_THEME_SETTINGS, type ThemeSettings } from '../theme/theme-settings';
import { buildFirstView, drawFirstView, drawsFirstView, FIRST_VIEW_ID, firstViewHoldsPage, hasFirstView, removeFirstView, type FirstViewInput } from './first-view';

const HERE = dirname(fileURLToPath(import.meta.url));
const TEXTS: Record<'vi' | 'en', Record<string, LocaleTree>> = {
  vi: { common: viCommon, dashboard: viDashboard },
  en: { common: enCommon, dashboard: enDashboard },
};
const PHONE = `(max-width: ${PHONE_MAX_WIDTH_PX}px)`;
const NARROW = `(max-width: ${SIDE_MENU_BREAKPOINT_PX}px)`;
/** A viewport: which of the layout's width queries it matches. */
const viewport = { desktop: () => false, tablet: (query: string) => query === NARROW, phone: (query: string) => query === PHONE || query === NARROW };

function input(overrides: Partial<FirstViewInput> = {}): FirstViewInput {
  return {
    pathname: '/user-dashboard/',
    claims: { role: 'user', username: 'lân' },
    texts: TEXTS.vi,
    theme: { ...DEFAULT_THEME_SETTINGS },
    matches: viewport.desktop,
    ...overrides,
  };
}
const part = (view: HTMLElement | null, name: string) => view?.querySelector<HTMLElement>(`[data-first-view="${name}"]`) ?? null;
const theme = (changes: Partial<ThemeSettings>): ThemeSettings => ({ ...DEFAULT_THEME_SETTINGS, ...changes });

afterEach(() => removeFirstView(document));

describe('the signed-in first view drawn before the app (first-view.ts)', () => {
  it('imports nothing of the app: only the dependency-free corner of the contract', () => {
    expect([...bareImportsFrom(join(HERE, 'first-view.ts'))]).toEqual(['@pagemate/shared-contracts/plain']);
  });

  it("draws the user dashboard's header, side menu, breadcrumb, heading and greeting with the username, in Vietnamese", () => {
    const view = buildFirstView(document, input());
    expect(view?.id).toBe(FIRST_VIEW_ID);
    expect(part(view, 'header')?.textContent).toBe(viCommon.brand.name);
    expect(part(view, 'sider')?.style.width).toBe('248px');
    expect(part(view, 'breadcrumb')?.textContent).toBe(viCommon.menu.dashboards);
    expect(part(view, 'title')?.tagName).toBe('H1');
    expect(part(view, 'title')?.textContent).toBe(viDashboard.user.title);
    expect(part(view, 'intro')?.textContent).toBe(`${viDashboard.user.welcome.replace('{{name}}', 'lân')} ${viDashboard.user.intro}`);
    expect(part(view, 'intro')?.textContent).toContain('Chào mừng trở lại, lân. Đây là');
  });

  it('draws the same in English from the English texts', () => {
    const view = buildFirstView(document, input({ texts: TEXTS.en }));
    expect(part(view, 'title')?.textContent).toBe(enDashboard.user.title);
    expect(part(view, 'intro')?.textContent).toBe(`Welcome back, lân. ${enDashboard.user.intro}`);
    expect(part(view, 'breadcrumb')?.textContent).toBe(enCommon.menu.dashboards);
  });

  it('leaves the greeting out when the token holds no name, and draws a name as text, never as markup', () => {
    expect(part(buildFirstView(document, input({ claims: { role: 'user' } })), 'intro')?.textContent).toBe(viDashboard.user.intro);
    const intro = part(buildFirstView(document, input({ claims: { role: 'user', username: '<img src=x onerror=alert(1)>' } })), 'intro');
    expect(intro?.querySelector('img')).toBeNull();
    expect(intro?.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('on a phone draws no side menu (it starts closed there); between phone and desktop an icon rail', () => {
    expect(part(buildFirstView(document, input({ matches: viewport.phone })), 'sider')).toBeNull();
    expect(part(buildFirstView(document, input({ matches: viewport.phone })), 'header')).not.toBeNull();
    expect(part(buildFirstView(document, input({ matches: viewport.tablet })), 'sider')?.style.width).toBe('80px');
    expect(part(buildFirstView(document, input({ theme: theme({ verticalStyle: 'icontext' }) })), 'sider')?.style.width).toBe('104px');
    expect(part(buildFirstView(document, input({ theme: theme({ verticalStyle: 'closed' }) })), 'sider')).toBeNull();
  });

  it('is hidden from assistive technology: the app draws the page they read', () => {
    expect(buildFirstView(document, input())?.getAttribute('aria-hidden')).toBe('true');
  });

  it('follows the stored mode', () => {
    expect(buildFirstView(document, input())?.dataset.mode).toBe('light');
    expect(buildFirstView(document, input({ theme: theme({ mode: 'dark' }) }))?.dataset.mode).toBe('dark');
  });

  it("draws a partner's frame and breadcrumb on a partner route, and no heading", () => {
    const view = buildFirstView(document, input({ pathname: '/partner-dashboard/', claims: { role: 'partner', username: 'agency' } }));
    expect(part(view, 'header')).not.toBeNull();
    expect(part(view, 'sider')).not.toBeNull();
    expect(part(view, 'breadcrumb')?.textContent).toBe(viCommon.menu.dashboards);
    expect(view?.querySelector('h1')).toBeNull();
  });

  it("draws another dashboard route's breadcrumb trail and no heading", () => {
    const view = buildFirstView(document, input({ pathname: '/user-dashboard/page-manager/' }));
    expect(part(view, 'breadcrumb')?.textContent).toBe(`${viCommon.menu.dashboards}/${viCommon.menu.page}`);
    expect(view?.querySelector('h1')).toBeNull();
  });

  it('draws nothing for a signed-out visit, a route outside the dashboard layout or of the other side', () => {
    expect(buildFirstView(document, input({ claims: {} }))).toBeNull();
    for (const pathname of ['/', '/sign-in/', '/chatbot/chatbot-basic/', '/no-such-page/']) expect(buildFirstView(document, input({ pathname }))).toBeNull();
    expect(buildFirstView(document, input({ claims: { role: 'partner' } }))).toBeNull();
    expect(buildFirstView(document, input({ pathname: '/partner-dashboard/' }))).toBeNull();
  });

  it('says beforehand, without the texts, whether it draws', () => {
    expect(drawsFirstView(input())).toBe(true);
    expect(drawsFirstView(input({ pathname: '/partner-dashboard/', claims: { role: 'partner' } }))).toBe(true);
    expect(drawsFirstView(input({ claims: {} }))).toBe(false);
    expect(drawsFirstView(input({ pathname: '/chatbot/chatbot-basic/' }))).toBe(false);
    expect(drawsFirstView(input({ theme: theme({ width: 'boxed' }) }))).toBe(false);
  });

  it('draws nothing for layout choices it does not draw as the app does', () => {
    for (const changes of [{ navLayout: 'horizontal' }, { width: 'boxed' }, { verticalStyle: 'doublemenu' }, { pageStyle: 'modern' }, { headerColour: 'gradient' }] as const) {
      expect(buildFirstView(document, input({ theme: theme(changes) }))).toBeNull();
    }
  });

  it("holds the page's own content on the user dashboard only (where the app's chunks wait for its paint)", () => {
    expect(firstViewHoldsPage('/user-dashboard/')).toBe(true);
    for (const pathname of ['/user-dashboard/page-manager/', '/partner-dashboard/', '/sign-in/']) expect(firstViewHoldsPage(pathname)).toBe(false);
  });

  it('is drawn over the page and removed again', () => {
    expect(drawFirstView(document, input({ claims: {} }))).toBe(false);
    expect(hasFirstView(document)).toBe(false);
    expect(drawFirstView(document, input())).toBe(true);
    expect(hasFirstView(document)).toBe(true);
    removeFirstView(document);
    expect(hasFirstView(document)).toBe(false);
  });
});
