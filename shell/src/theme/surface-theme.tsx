import { ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useAppSelector } from '@pagemate/shared-contracts';
import type { Surface } from './surfaces';
import { themeConfigOf } from './theme-tokens';
import { selectThemeSettings } from './theme-slice';

/**
 * Draws a menu or header bar's content for its surface: the dark algorithm on dark surfaces (light text in
 * buttons, menus and their popups), menus with no background of their own so the surface shows through. A dark
 * surface takes the dark mode's contrast tokens too, not the light page's (dark description text, dark links).
 */
export function SurfaceTheme({ surface, onPrimary, children }: { surface: Surface; onPrimary: boolean; children: ReactNode }) {
  const primary = useAppSelector(selectThemeSettings).primaryColour;
  const dark = useMemo(() => (surface.dark ? themeConfigOf('dark', primary) : undefined), [surface.dark, primary]);
  const selectedOnPrimary = onPrimary ? { darkItemSelectedBg: 'rgba(255,255,255,0.22)', horizontalItemSelectedBg: 'rgba(255,255,255,0.22)' } : {};
  return (
    <ConfigProvider
      theme={{
        ...(dark ? { algorithm: dark.algorithm, token: dark.token } : {}),
        components: {
          ...dark?.components,
          Menu: { itemBg: 'transparent', subMenuItemBg: 'transparent', darkItemBg: 'transparent', darkSubMenuItemBg: 'transparent', ...selectedOnPrimary },
          Layout: { siderBg: 'transparent', headerBg: 'transparent' },
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
