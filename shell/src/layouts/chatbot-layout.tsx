import { LanguageSwitch, useAppSelector } from '@pagemate/shared-contracts';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Layout, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Logo } from '../components/logo';

import { SideMenu } from '../menu/side-menu';
import { useClosedOnPhoneNavigation, useSideMenuCollapse } from '../menu/use-side-menu-collapse';
import { SIDER_WIDTH } from '../menu/vertical-sider';
import { themeConfigOf } from '../theme/theme-tokens';
import { selectThemeSettings } from '../theme/theme-slice';

/**
 * The chatbot layout: dark by default, with its own CHATBOT menu (docs/product.md §2). It takes the dark mode's
 * whole theme (readable description text, links), not only the dark algorithm over the light mode's tokens. On a
 * phone the menu takes no width until the header's menu button opens it over the page, under the header so the
 * button closes it again (styles.css), and choosing a page closes it.
 */
export function ChatbotLayout() {
  const { t } = useTranslation('common');
  const [collapsed, setCollapsed] = useSideMenuCollapse();
  const primary = useAppSelector(selectThemeSettings).primaryColour;
  const dark = useMemo(() => themeConfigOf('dark', primary), [primary]);
  const { pathname } = useLocation();
  useClosedOnPhoneNavigation(pathname, setCollapsed);
  return (
    <ConfigProvider theme={dark}>
      <Layout hasSider className="pm-chatbot-layout" style={{ minHeight: '100vh' }} data-testid="chatbot-layout">
        <div className="pm-sider-frame" data-narrow={collapsed} style={{ flex: 'none', position: 'relative', zIndex: 20 }}>
          <Layout.Sider
            collapsible
            collapsed={collapsed}
            trigger={null}
            width={SIDER_WIDTH}
            theme="dark"
            style={{ minHeight: '100%', height: '100%', overflow: 'auto' }}
            data-testid="chatbot-sider"
          >
            <div style={{ padding: 16 }}>
              <Logo inverted />
            </div>
            {collapsed ? null : (
              <Typography.Text style={{ display: 'block', paddingInline: 24, color: 'rgba(255,255,255,0.65)', fontSize: 12, letterSpacing: 1, whiteSpace: 'nowrap' }}>
                {t('menu.sections.chatbot')}
              </Typography.Text>
            )}
            <nav aria-label={t('menu.sections.chatbot')}>
              <SideMenu menu="chatbot" theme="dark" collapsed={collapsed} />
            </nav>
          </Layout.Sider>
        </div>
        <Layout style={{ minWidth: 0 }}>
          <Layout.Header style={{ position: 'sticky', top: 0, zIndex: 25, display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, paddingInline: 16 }}>
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
              aria-label={t('menu.toggle')}
              aria-expanded={!collapsed}
              data-testid="chatbot-menu-toggle"
            />
            <LanguageSwitch />
          </Layout.Header>
          {/* antd's Content is the page's one <main> landmark. */}
          <Layout.Content id="main" className="pm-chatbot-content">
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}
