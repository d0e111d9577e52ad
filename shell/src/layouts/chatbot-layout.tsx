import { LanguageSwitch } from '@pagemate/shared-contracts';
import { ConfigProvider, Layout, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Logo } from '../components/logo';

import { SideMenu } from '../menu/side-menu';
import { useSideMenuCollapse } from '../menu/use-side-menu-collapse';

/** The chatbot layout: dark by default, with its own CHATBOT menu (docs/product.md §2). */
export function ChatbotLayout() {
  const { t } = useTranslation('common');
  const [collapsed, setCollapsed] = useSideMenuCollapse();
  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <Layout style={{ minHeight: '100vh' }} data-testid="chatbot-layout">
        <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={248} theme="dark">
          <div style={{ padding: 16 }}>
            <Logo inverted />
          </div>
          <Typography.Text style={{ paddingInline: 24, color: 'rgba(255,255,255,0.65)', fontSize: 12, letterSpacing: 1 }}>
            {t('menu.sections.chatbot')}
          </Typography.Text>
          <nav aria-label={t('menu.sections.chatbot')}>
            <SideMenu menu="chatbot" theme="dark" />
          </nav>
        </Layout.Sider>
        <Layout>
          <Layout.Header style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', paddingInline: 16 }}>
            <LanguageSwitch />
          </Layout.Header>
          <Layout.Content style={{ padding: 24 }}>
            <main id="main">
              <Outlet />
            </main>
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}
