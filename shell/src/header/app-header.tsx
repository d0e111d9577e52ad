import { LanguageSwitch, useAppSelector } from '@pagemate/shared-contracts';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo';
import { ThemeCustomizerButton } from '../theme/customizer/theme-customizer-button';
import { SurfaceTheme } from '../theme/surface-theme';
import { surfaceOf } from '../theme/surfaces';
import { selectThemeSettings } from '../theme/theme-slice';
import { usePhoneWidth } from '../theme/use-apply-theme';
import { ChannelButtons, FullscreenToggle, ThemeSwitch } from './header-buttons';

import { NotificationsDropdown } from './notifications-dropdown';
import { ProfileDropdown } from './profile-dropdown';

/** antd's header height: the first row keeps it when the horizontal menu adds a second. */
const HEADER_ROW_HEIGHT = 64;

interface AppHeaderProps {
  collapsed: boolean;
  onToggleMenu: () => void;
  /** The horizontal layout's menu, drawn as the bar's second row (and no menu toggle). */
  topMenu?: (dark: boolean) => ReactNode;
}

/** The dashboard header: menu toggle, logo, channels, language, theme, customizer, fullscreen, notifications, profile. */
export function AppHeader({ collapsed, onToggleMenu, topMenu }: AppHeaderProps) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const settings = useAppSelector(selectThemeSettings);
  const surface = surfaceOf(settings.headerColour, settings.mode, settings.primaryColour, token.colorBgContainer);
  const onPrimary = settings.headerColour === 'color' || settings.headerColour === 'gradient';
  // What a phone's header leaves out (styles.css) is not drawn there at all.
  const phone = usePhoneWidth();
  return (
    <SurfaceTheme surface={surface} onPrimary={onPrimary}>
      <Layout.Header
        data-testid="app-header"
        style={{
          position: settings.headerPosition === 'fixed' ? 'sticky' : 'relative',
          top: 0,
          zIndex: 10,
          paddingInline: 16,
          height: topMenu ? 'auto' : undefined,
          lineHeight: topMenu ? 'normal' : undefined,
          background: surface.background,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          backdropFilter: settings.headerColour === 'transparent' ? 'blur(8px)' : undefined,
        }}
      >
        <Flex align="center" justify="space-between" gap={8} style={{ height: topMenu ? HEADER_ROW_HEIGHT : '100%' }}>
          <Flex align="center" gap={8}>
            {topMenu ? null : (
              <Button
                type="text"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={onToggleMenu}
                aria-label={t('menu.toggle')}
                aria-expanded={!collapsed}
              />
            )}
            <Logo inverted={settings.headerColour !== 'light' && settings.headerColour !== 'transparent'} />
          </Flex>
          <Flex align="center" gap={4} wrap={false}>
            {phone ? null : (
              <span className="pm-hide-narrow" style={{ display: 'inline-flex', gap: 4 }}>
                <ChannelButtons />
              </span>
            )}
            <LanguageSwitch />
            <ThemeSwitch />
            <ThemeCustomizerButton />
            {phone ? null : (
              <span className="pm-hide-narrow">
                <FullscreenToggle />
              </span>
            )}
            <NotificationsDropdown />
            <ProfileDropdown />
          </Flex>
        </Flex>
        {topMenu ? <Flex style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, lineHeight: '46px' }}>{topMenu(surface.dark)}</Flex> : null}
      </Layout.Header>
    </SurfaceTheme>
  );
}
