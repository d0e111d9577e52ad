import type { ConfigProviderProps } from 'antd';
import { useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { PHONE_MAX_WIDTH_PX, PHONE_TOUCH_TARGET_PX, STORAGE_KEYS, useAppSelector } from '@pagemate/shared-contracts';
import { BACKGROUND_IMAGE_CSS } from './background-images';
import { writeThemeSettings, type ThemeSettings } from './theme-settings';
import { themeConfigOf } from './theme-tokens';
import { selectThemeSettings } from './theme-slice';

/** `data-*` attributes on <html> so any remote's CSS can follow the layout choices without code. */
const HTML_ATTRIBUTES: Record<string, keyof ThemeSettings> = {
  'data-theme-mode': 'mode',
  'data-nav-layout': 'navLayout',
  'data-nav-style': 'navStyle',
  'data-vertical-style': 'verticalStyle',
  'data-page-style': 'pageStyle',
  'data-width': 'width',
  'data-menu-position': 'menuPosition',
  'data-header-position': 'headerPosition',
  'data-menu-colour': 'menuColour',
  'data-header-colour': 'headerColour',
  'data-bg-image': 'backgroundImage',
};

function applyToDocument(settings: ThemeSettings): void {
  const html = document.documentElement;
  html.dir = settings.direction;
  for (const [attribute, name] of Object.entries(HTML_ATTRIBUTES)) html.setAttribute(attribute, String(settings[name]));
  html.style.colorScheme = settings.mode;
  html.style.setProperty('--pm-primary', settings.primaryColour);
  html.style.setProperty('--pm-bg-image', BACKGROUND_IMAGE_CSS[settings.backgroundImage]);
  if (settings.backgroundColour) html.style.setProperty('--pm-body-bg', settings.backgroundColour);
  else html.style.removeProperty('--pm-body-bg');
}

/**
 * antd's component styles come from its prebuilt stylesheet (imported once by bootstrap.tsx), not generated at
 * run time: on a phone, generating them cost more main-thread time at start than anything else. The theme still
 * reaches every component, the shell's and each remote's: its tokens are CSS variables (under the `pm` key) that
 * the stylesheet reads.
 */
const STYLES = { cssVar: { key: 'pm' }, zeroRuntime: true } as const;

const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH_PX}px)`;
/** The header bars' height (antd's default with 32 px controls). */
const PHONE_HEADER_HEIGHT_PX = 64;
const subscribePhone = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** True while the window is phone-wide; follows rotation and resizing. */
export const usePhoneWidth = () => useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE_QUERY).matches);

/**
 * Applies the theme settings: to <html> (direction, data attributes, CSS variables), to local storage, and as
 * the ConfigProvider props (algorithm, primary colour, layout background, direction, the contrast fixes of
 * theme-tokens.ts) the whole tree inherits. On a phone every antd control is at least a thumb's target high
 * (`controlHeight`, which the small and large sizes follow).
 */
export function useApplyTheme(): Pick<ConfigProviderProps, 'theme' | 'direction'> {
  const settings = useAppSelector(selectThemeSettings);
  // Before paint, so a restored theme never flashes the defaults.
  useLayoutEffect(() => {
    applyToDocument(settings);
    writeThemeSettings(localStorage, STORAGE_KEYS.theme, settings);
  }, [settings]);

  const phone = usePhoneWidth();
  const config = useMemo(
    () => themeConfigOf(settings.mode, settings.primaryColour, settings.backgroundColour),
    [settings.mode, settings.primaryColour, settings.backgroundColour],
  );
  return useMemo(
    () => ({
      direction: settings.direction,
      theme: phone
        ? {
            ...config,
            token: { ...config.token, controlHeight: PHONE_TOUCH_TARGET_PX },
            // antd's header is twice controlHeight: kept at its desktop height, which the phone menu opens under (styles.css).
            components: { ...config.components, Layout: { headerHeight: PHONE_HEADER_HEIGHT_PX } },
            ...STYLES,
          }
        : { ...config, ...STYLES },
    }),
    [settings.direction, config, phone],
  );
}
