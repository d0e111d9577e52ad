import type { LocaleTree } from '@pagemate/shared-contracts';
import { breadcrumbsFor, canVisit, matchRoute, PHONE_MAX_WIDTH_PX, SIDE_MENU_BREAKPOINT_PX } from '@pagemate/shared-contracts/plain';
import type { ThemeSettings } from '../theme/theme-settings';
import './first-view.css';

/** The pre-drawn view's element; the app removes it once its first route is drawn (`removeFirstView`). */
export const FIRST_VIEW_ID = 'pm-first-view';

/** The side menu's widths (menu/vertical-sider.tsx): open, an icon rail, and the collapsed widths of two styles. */
const SIDER_WIDTH = 248;
const RAIL_WIDTH = 80;
const COLLAPSED_WIDTH: Partial<Record<ThemeSettings['verticalStyle'], number>> = { closed: 0, icontext: 104 };
/** The dark surface of a dark header or menu (theme/surfaces.ts). */
const DARK_SURFACE = '#0f172a';

export interface FirstViewInput {
  pathname: string;
  /** Claims of the stored token, unchecked: only what is drawn. */
  claims: { role?: string; username?: string };
  /** The shell's start namespaces in the language shown (`loadStartNamespaces`). */
  texts: Record<string, LocaleTree>;
  theme: ThemeSettings;
  /** What the viewport matches: `(max-width: …)` queries of the layout's breakpoints. */
  matches: (query: string) => boolean;
}

/** One text of a namespace, `{{name}}`-style values filled in as i18next does (values not escaped). */
function textOf(texts: Record<string, LocaleTree>, ns: string, key: string, values: Record<string, string> = {}): string {
  let node: string | LocaleTree | undefined = texts[ns];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return '';
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** Layout choices the pre-drawn frame draws as the app does; any other choice starts with nothing pre-drawn. */
function drawable(theme: ThemeSettings): boolean {
  return (
    theme.navLayout === 'vertical' &&
    theme.width === 'fullwidth' &&
    theme.direction === 'ltr' &&
    theme.pageStyle !== 'modern' &&
    theme.verticalStyle !== 'detached' &&
    theme.verticalStyle !== 'doublemenu' &&
    theme.backgroundImage === 'none' &&
    (theme.headerColour === 'light' || theme.headerColour === 'dark') &&
    (theme.menuColour === 'light' || theme.menuColour === 'dark')
  );
}

/** The side menu's width at start (menu/vertical-sider.tsx, menu/use-side-menu-collapse.ts); 0 on a phone. */
function siderWidthOf(theme: ThemeSettings, matches: FirstViewInput['matches']): number {
  if (matches(`(max-width: ${PHONE_MAX_WIDTH_PX}px)`)) return 0;
  const startsCollapsed = theme.verticalStyle === 'closed' || theme.verticalStyle === 'icontext';
  const collapsed = startsCollapsed || matches(`(max-width: ${SIDE_MENU_BREAKPOINT_PX}px)`);
  const iconOnly = theme.navStyle.startsWith('icon-');
  if (iconOnly) return RAIL_WIDTH;
  if (!collapsed) return SIDER_WIDTH;
  return COLLAPSED_WIDTH[theme.verticalStyle] ?? RAIL_WIDTH;
}

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string, part?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (part) node.dataset.firstView = part;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Whether a first view is drawn for this visit: a role, a route of the dashboard layout it may open, layout choices drawn. */
export function drawsFirstView({ pathname, claims: { role }, theme }: Pick<FirstViewInput, 'pathname' | 'claims' | 'theme'>): boolean {
  const route = matchRoute(pathname);
  return role !== undefined && route !== undefined && route.layout === 'dashboard' && canVisit(route, { role }) && drawable(theme);
}

/**
 * Whether the first view at `pathname` holds the page's own content — the user dashboard's heading and greeting,
 * its largest text — and not only the layout's frame (a remote's page draws its own, later).
 */
export function firstViewHoldsPage(pathname: string): boolean {
  return matchRoute(pathname)?.id === 'user-dashboard';
}

/**
 * The signed-in layout's first view in plain DOM, drawn before the app's code has arrived: the dashboard layout's
 * header bar, its side menu's frame (none on a phone, where it starts closed), the breadcrumbs, and on the user
 * dashboard the page's heading and greeting with the token's username, in the stored language and theme. Its
 * parts sit where the app draws them (the same heights, fonts and sizes: first-view.css), so the app replaces it
 * with nothing moving. It is hidden from assistive technology: the app's own page is what they read.
 * `null` (nothing drawn) for a visit with no role, a route outside the dashboard layout or one the role may not
 * open, and layout choices it does not draw.
 */
export function buildFirstView(doc: Document, { pathname, claims, texts, theme, matches }: FirstViewInput): HTMLElement | null {
  const route = matchRoute(pathname);
  if (!route || !drawsFirstView({ pathname, claims, theme })) return null;

  const view = element(doc, 'div', 'pm-fv');
  view.id = FIRST_VIEW_ID;
  view.setAttribute('aria-hidden', 'true');
  view.dataset.mode = theme.mode;
  if (theme.backgroundColour) view.style.backgroundColor = theme.backgroundColour;

  const siderWidth = siderWidthOf(theme, matches);
  if (siderWidth > 0) {
    const sider = element(doc, 'div', 'pm-fv-sider', 'sider');
    sider.style.width = `${siderWidth}px`;
    if (theme.menuColour === 'dark') sider.style.background = DARK_SURFACE;
    if (theme.menuColour === 'dark' || theme.mode === 'dark') sider.style.borderInlineEnd = 'none';
    view.append(sider);
  }

  const column = element(doc, 'div', 'pm-fv-column');
  const header = element(doc, 'div', 'pm-fv-header', 'header');
  if (theme.headerColour === 'dark') {
    header.style.background = DARK_SURFACE;
    header.dataset.dark = 'true';
  }
  const logo = element(doc, 'span', 'pm-fv-logo');
  const mark = element(doc, 'span', 'pm-fv-mark');
  // The logo is a link in the primary colour on a light bar (components/logo.tsx), white on a dark one.
  if (theme.headerColour !== 'dark') {
    mark.style.background = theme.primaryColour;
    if (theme.mode === 'light') logo.style.color = theme.primaryColour;
  }
  logo.append(mark, element(doc, 'span', 'pm-fv-brand', undefined, textOf(texts, 'common', 'brand.name')));
  header.append(element(doc, 'span', 'pm-fv-toggle'), logo);

  const content = element(doc, 'div', 'pm-fv-content');
  const trail = element(doc, 'div', 'pm-fv-breadcrumb', 'breadcrumb');
  breadcrumbsFor(pathname).forEach((crumb, index) => {
    if (index > 0) trail.append(element(doc, 'span', 'pm-fv-separator', undefined, '/'));
    trail.append(element(doc, 'span', 'pm-fv-crumb', undefined, textOf(texts, 'common', crumb.labelKey)));
  });
  content.append(trail);
  if (firstViewHoldsPage(pathname)) {
    // A token without a username (the app then shows the session's) gets the intro without the greeting.
    const welcome = claims.username ? `${textOf(texts, 'dashboard', 'user.welcome', { name: claims.username })} ` : '';
    content.append(
      element(doc, 'h1', 'pm-fv-title', 'title', textOf(texts, 'dashboard', 'user.title')),
      element(doc, 'p', 'pm-fv-intro', 'intro', `${welcome}${textOf(texts, 'dashboard', 'user.intro')}`),
    );
  }
  column.append(header, content);
  view.append(column);
  return view;
}

/** Draws the first view over the page (see `buildFirstView`); true when something was drawn. */
export function drawFirstView(doc: Document, input: FirstViewInput): boolean {
  const view = buildFirstView(doc, input);
  if (view) doc.body.append(view);
  return view !== null;
}

/** True while a pre-drawn first view is on screen. */
export const hasFirstView = (doc: Document): boolean => doc.getElementById(FIRST_VIEW_ID) !== null;

/** Removes the pre-drawn first view, if any: once the app's first route is drawn, or when the app cannot start. */
export function removeFirstView(doc: Document): void {
  doc.getElementById(FIRST_VIEW_ID)?.remove();
}
