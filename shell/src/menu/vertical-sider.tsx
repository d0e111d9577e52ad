import { Layout, theme } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector, type MenuName } from '@pagemate/shared-contracts';
import { SurfaceTheme } from '../theme/surface-theme';
import { usePhoneWidth } from '../theme/use-apply-theme';
import { surfaceOf } from '../theme/surfaces';
import { selectThemeSettings } from '../theme/theme-slice';
import { DoubleMenu } from './double-menu';
import { SideMenu } from './side-menu';

export const SIDER_WIDTH = 248;
const COLLAPSED_WIDTH = { closed: 0, icontext: 104 } as const;
const RAIL_WIDTH = 80;

interface VerticalSiderProps {
  menu: MenuName;
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
  sticky: boolean;
}

/**
 * The vertical menu in the chosen vertical style. The style says what "collapsed" looks like: an icon rail
 * (default, detached), nothing (closed), icons with small labels (icon text), a rail that expands over the
 * content on hover (overlay); the double menu is an icon rail plus a panel of the group's items.
 */
export function VerticalSider({ menu, collapsed, onCollapse, sticky }: VerticalSiderProps) {
  const { t } = useTranslation('common');
  const settings = useAppSelector(selectThemeSettings);
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState(false);
  const style = settings.verticalStyle;
  const surface = surfaceOf(settings.menuColour, settings.mode, settings.primaryColour, token.colorBgContainer);
  const onPrimary = settings.menuColour === 'color' || settings.menuColour === 'gradient';
  const fixed = settings.menuPosition === 'fixed';
  const detached = style === 'detached';
  // The icon nav styles keep the menu a rail of icons whatever the vertical style.
  const iconOnly = settings.navStyle.startsWith('icon-');
  const narrow = collapsed || iconOnly;
  const narrowWidth = iconOnly ? RAIL_WIDTH : style === 'closed' || style === 'icontext' ? COLLAPSED_WIDTH[style] : RAIL_WIDTH;
  const expandedOverContent = style === 'overlay' && narrow && hovered;
  const shownCollapsed = narrow && !expandedOverContent;
  const trigger = settings.navStyle.endsWith('-hover') ? 'hover' : 'click';
  // On a phone the closed menu takes no width (styles.css): its items are drawn when it opens, not at start.
  const hidden = usePhoneWidth() && shownCollapsed;

  const frame: CSSProperties = {
    flex: 'none',
    width: style === 'doublemenu' ? undefined : (narrow ? narrowWidth : SIDER_WIDTH) + (detached ? 24 : 0),
    position: fixed ? 'sticky' : 'relative',
    top: 0,
    alignSelf: fixed ? 'flex-start' : 'stretch',
    height: fixed ? '100vh' : undefined,
    padding: detached ? 12 : 0,
    zIndex: 20,
  };
  const siderStyle: CSSProperties = {
    background: surface.background,
    height: fixed ? (detached ? 'calc(100vh - 24px)' : '100%') : undefined,
    minHeight: fixed ? undefined : '100%',
    overflow: 'auto',
    borderRadius: detached ? token.borderRadiusLG * 1.5 : 0,
    boxShadow: detached || sticky || expandedOverContent ? token.boxShadowSecondary : undefined,
    borderInlineEnd: detached || surface.dark || (shownCollapsed && narrowWidth === 0) ? undefined : `1px solid ${token.colorBorderSecondary}`,
  };
  const dataAttributes = { 'data-testid': 'side-menu', 'data-collapsed': collapsed, 'data-sticky': sticky, 'data-vertical-style': style };

  return (
    <div className="pm-sider-frame" data-narrow={shownCollapsed} style={frame} onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <SurfaceTheme surface={surface} onPrimary={onPrimary}>
        {style === 'doublemenu' ? (
          <div className={sticky ? 'pm-sider pm-sider--sticky' : 'pm-sider'} style={{ ...siderStyle, height: fixed ? '100%' : undefined }} {...dataAttributes}>
            {hidden ? null : (
              <nav aria-label={t('menu.sections.main')} style={{ height: '100%' }}>
                <DoubleMenu menu={menu} dark={surface.dark} panelOpen={!collapsed} />
              </nav>
            )}
          </div>
        ) : (
          <Layout.Sider
            collapsible
            collapsed={shownCollapsed}
            onCollapse={onCollapse}
            trigger={null}
            width={SIDER_WIDTH}
            collapsedWidth={narrowWidth}
            theme={surface.dark ? 'dark' : 'light'}
            className={[sticky ? 'pm-sider pm-sider--sticky' : 'pm-sider', shownCollapsed && !iconOnly && style === 'icontext' ? 'pm-sider--icontext' : ''].join(' ')}
            style={siderStyle}
            {...dataAttributes}
          >
            {hidden ? null : (
              <nav aria-label={t('menu.sections.main')}>
                <SideMenu
                  menu={menu}
                  theme={surface.dark ? 'dark' : 'light'}
                  mode={settings.navStyle === 'menu-click' ? 'inline' : 'vertical'}
                  trigger={trigger}
                  collapsed={shownCollapsed}
                />
              </nav>
            )}
          </Layout.Sider>
        )}
      </SurfaceTheme>
    </div>
  );
}
