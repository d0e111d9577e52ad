import { theme } from 'antd';
import type { CSSProperties } from 'react';

/**
 * The shell's antd theme (light/dark, primary colour) as CSS variables for the landing's own stylesheet,
 * so the page follows the theme customizer without depending on antd's CSS-variable mode.
 * Text on coloured backgrounds uses `colorPrimaryActive`, the shade that keeps white text above 4.5:1.
 */
export function useLandingThemeVars(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--landing-bg': token.colorBgContainer,
    '--landing-bg-alt': token.colorBgLayout,
    '--landing-text': token.colorText,
    '--landing-text-secondary': token.colorTextSecondary,
    '--landing-border': token.colorBorderSecondary,
    '--landing-accent': token.colorPrimaryActive,
    '--landing-accent-soft': token.colorPrimaryBg,
    '--landing-accent-large-text': token.colorPrimaryText,
    '--landing-radius': `${token.borderRadiusLG}px`,
    '--landing-font': token.fontFamily,
  } as CSSProperties;
}
