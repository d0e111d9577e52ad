import { Breadcrumb, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import {
  BOXED_LAYOUT_MAX_WIDTH_PX,
  breadcrumbsFor,
  dashboardMenuOf,
  hrefOf,
  selectSessionUser,
  useAppSelector,
} from '@pagemate/shared-contracts';
import { AppHeader } from '../header/app-header';
import { ScrollToTop } from '../header/scroll-to-top';
import { SideMenu } from '../menu/side-menu';
import { useClosedOnPhoneNavigation, useScrolledPast, useSideMenuCollapse } from '../menu/use-side-menu-collapse';
import { VerticalSider } from '../menu/vertical-sider';
import { BalanceSync } from '../session/use-balance-sync';
import { selectThemeSettings } from '../theme/theme-slice';

/** Vertical styles that start with the menu collapsed, so choosing them shows their collapsed look at once. */
const STARTS_COLLAPSED = new Set(['closed', 'icontext']);

/**
 * The dashboard layout: the role's menu (user, or partner for every other role) as a side menu or in the
 * header bar, header, breadcrumbs; full width or boxed, on the chosen background. On a phone the side menu opens
 * over the page under the header, so the header's menu button closes it again (styles.css), and choosing a page
 * closes it.
 */
export function DashboardLayout() {
  const { t } = useTranslation('common');
  const user = useAppSelector(selectSessionUser);
  const settings = useAppSelector(selectThemeSettings);
  const horizontal = settings.navLayout === 'horizontal';
  const [collapsed, setCollapsed] = useSideMenuCollapse(STARTS_COLLAPSED.has(settings.verticalStyle));
  const sticky = useScrolledPast();
  const { pathname } = useLocation();
  useClosedOnPhoneNavigation(pathname, setCollapsed);
  const { token } = theme.useToken();
  const menu = dashboardMenuOf(user?.role ?? 'user');
  const boxed = settings.width === 'boxed';
  const trigger = settings.navStyle.endsWith('-hover') ? 'hover' : 'click';

  return (
    <div
      className="pm-page"
      style={{ minHeight: '100vh', backgroundColor: token.colorBgLayout, backgroundImage: 'var(--pm-bg-image)' }}
    >
      <Layout
        data-testid="dashboard-layout"
        className="pm-frame"
        hasSider={!horizontal}
        style={{
          minHeight: '100vh',
          background: 'transparent',
          maxWidth: boxed ? BOXED_LAYOUT_MAX_WIDTH_PX : undefined,
          marginInline: boxed ? 'auto' : undefined,
          boxShadow: boxed ? token.boxShadowTertiary : undefined,
          borderInline: boxed ? `1px solid ${token.colorBorderSecondary}` : undefined,
        }}
      >
        {horizontal ? null : <VerticalSider menu={menu} collapsed={collapsed} onCollapse={setCollapsed} sticky={sticky} />}
        <Layout style={{ background: 'transparent', minWidth: 0 }}>
          <AppHeader
            collapsed={collapsed}
            onToggleMenu={() => setCollapsed(!collapsed)}
            topMenu={
              horizontal
                ? (dark) => (
                    <SideMenu menu={menu} theme={dark ? 'dark' : 'light'} mode="horizontal" trigger={trigger} testId="top-menu" />
                  )
                : undefined
            }
          />
          {/* antd's Content is the page's one <main> landmark. */}
          <Layout.Content id="main" className="pm-content" style={{ padding: settings.pageStyle === 'modern' ? 32 : 24 }}>
            <Breadcrumb
              style={{ marginBottom: 16 }}
              items={breadcrumbsFor(pathname).map((route) => ({ title: <Link to={hrefOf(route.path)}>{t(route.labelKey)}</Link> }))}
            />
            <Outlet />
          </Layout.Content>
        </Layout>
        <ScrollToTop />
        <BalanceSync />
      </Layout>
    </div>
  );
}
