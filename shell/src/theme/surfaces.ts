import type { ThemeSettings } from './theme-settings';

export type SurfaceColour = ThemeSettings['menuColour'];

export interface Surface {
  /** CSS background of the menu or header bar. */
  background: string;
  /** Whether what sits on it should be drawn with the dark algorithm (light text). */
  dark: boolean;
}

const DARK_SURFACE = '#0f172a';

/** What a menu or header colour choice paints, given the mode, the primary colour and the container colour. */
export function surfaceOf(colour: SurfaceColour, mode: ThemeSettings['mode'], primary: string, container: string): Surface {
  switch (colour) {
    case 'dark':
      return { background: DARK_SURFACE, dark: true };
    case 'color':
      return { background: primary, dark: true };
    case 'gradient':
      return { background: `linear-gradient(160deg, ${primary} 0%, ${DARK_SURFACE} 100%)`, dark: true };
    case 'transparent':
      return { background: 'transparent', dark: mode === 'dark' };
    case 'light':
    default:
      return { background: container, dark: mode === 'dark' };
  }
}
