import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import type { Surface } from './surfaces';

/**
 * Draws a menu or header bar's content for its surface: the dark algorithm on dark surfaces (light text in
 * buttons, menus and their popups), menus with no background of their own so the surface shows through.
 */
export function SurfaceTheme({ surface, onPrimary, children }: { surface: Surface; onPrimary: boolean; children: ReactNode }) {
  const selectedOnPrimary = onPrimary ? { darkItemSelectedBg: 'rgba(255,255,255,0.22)', horizontalItemSelectedBg: 'rgba(255,255,255,0.22)' } : {};
  return (
    <ConfigProvider
      theme={{
        ...(surface.dark ? { algorithm: theme.darkAlgorithm } : {}),
        components: {
          Menu: { itemBg: 'transparent', subMenuItemBg: 'transparent', darkItemBg: 'transparent', darkSubMenuItemBg: 'transparent', ...selectedOnPrimary },
          Layout: { siderBg: 'transparent', headerBg: 'transparent' },
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
