import { Breadcrumb, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { breadcrumbsFor, hrefOf, selectSessionUser, useAppSelector, dashboardMenuOf } from '@pagemate/shared-contracts';
import { AppHeader } from '../header/app-header';
import { ScrollToTop } from '../header/scroll-to-top';
import { SideMenu } from '../menu/side-menu';
import { useScrolledPast, useSideMenuCollapse } from '../menu/use-side-menu-collapse';
import { selectThemeMode } from '../theme/theme-slice';

/** The dashboard layout: the role's side menu (user, or partner for every other role), header, breadcrumbs. */
export function DashboardLayout() {
  const { t } = useTranslation('common');
  const user = useAppSelector(selectSessionUser);
  const mode = useAppSelector(selectThemeMode);
  const [collapsed, setCollapsed] = useSideMenuCollapse();
  const sticky = useScrolledPast();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const menu = dashboardMenuOf(user?.role ?? 'user');

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={null}
        width={248}
        theme={mode}
        className={sticky ? 'pm-sider pm-sider--sticky' : 'pm-sider'}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto', boxShadow: sticky ? token.boxShadowSecondary : undefined }}
        data-testid="side-menu"
        data-collapsed={collapsed}
        data-sticky={sticky}
      >
        <nav aria-label={t('menu.sections.main')}>
          <SideMenu menu={menu} theme={mode} />
        </nav>
      </Layout.Sider>
      <Layout>
        <AppHeader collapsed={collapsed} onToggleMenu={() => setCollapsed(!collapsed)} />
        <Layout.Content style={{ padding: 24 }}>
          <Breadcrumb
            style={{ marginBottom: 16 }}
            items={breadcrumbsFor(pathname).map((route) => ({ title: <Link to={hrefOf(route.path)}>{t(route.labelKey)}</Link> }))}
          />
          <main id="main">
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
      <ScrollToTop />
    </Layout>
  );
}
