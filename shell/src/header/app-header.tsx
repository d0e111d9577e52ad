import { LanguageSwitch } from '@pagemate/shared-contracts';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo';
import { ChannelButtons, FullscreenToggle, ThemeSwitch } from './header-buttons';

import { NotificationsDropdown } from './notifications-dropdown';
import { ProfileDropdown } from './profile-dropdown';

interface AppHeaderProps {
  collapsed: boolean;
  onToggleMenu: () => void;
}

/** The dashboard header: menu toggle, logo, channels, language, theme, fullscreen, notifications, profile. */
export function AppHeader({ collapsed, onToggleMenu }: AppHeaderProps) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        paddingInline: 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" justify="space-between" style={{ height: '100%' }}>
        <Flex align="center" gap={8}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggleMenu}
            aria-label={t('menu.toggle')}
            aria-expanded={!collapsed}
          />
          <Logo />
        </Flex>
        <Flex align="center" gap={4} wrap={false}>
          <ChannelButtons />
          <LanguageSwitch />
          <ThemeSwitch />
          <FullscreenToggle />
          <NotificationsDropdown />
          <ProfileDropdown />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
