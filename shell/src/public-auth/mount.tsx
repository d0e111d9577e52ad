import { STORAGE_KEYS } from '@pagemate/shared-contracts/plain';
import { createRoot } from 'react-dom/client';
import en from '../locales/en/common.json';
import vi from '../locales/vi/common.json';
import { createLightI18n } from '../signed-out/light-i18n';
import { scheduleAppPrefetch } from '../signed-out/prefetch-app';
import { fetchJson } from '../signed-out/runtime-files';
import { AA_TEXT_CONTRAST, contrastRatio, mixColours } from '../theme/contrast';
import { readThemeSettings } from '../theme/theme-settings';
import { LightAuthApp } from './light-auth-app';

const DARK_CARD = '#141414';

/** The primary colour moved towards white (dark mode) or black until it reads as text on `background`. */
export function readableLinkColour(primary: string, background: string, dark: boolean): string {
  const target = dark ? '#ffffff' : '#000000';
  for (let step = 0; step <= 10; step += 1) {
    const colour = mixColours(primary, target, step / 10);
    if (contrastRatio(colour, background) >= AA_TEXT_CONTRAST) return colour;
  }
  return target;
}

/** The colours of the light pages from the theme settings: the primary colour, and dark mode's surfaces. */
function themeVariables(dark: boolean, primary: string): Record<string, string> {
  const shared = { '--auth-primary': primary, '--auth-link': readableLinkColour(primary, dark ? DARK_CARD : '#ffffff', dark) };
  if (!dark) return shared;
  return {
    ...shared,
    '--auth-text': 'rgba(255, 255, 255, 0.88)',
    '--auth-secondary': 'rgba(255, 255, 255, 0.7)',
    '--auth-page-bg': '#000',
    '--auth-card-bg': DARK_CARD,
    '--auth-border': '#303030',
    '--auth-input-border': '#8c8c8c',
    '--auth-error': '#ff7875',
  };
}

/** The API's base URL from the runtime configuration. */
async function apiBaseUrlOf(): Promise<string> {
  const config = await fetchJson('/config.json');
  if (typeof config.apiBaseUrl !== 'string') throw new Error('config.json names no apiBaseUrl');
  return config.apiBaseUrl;
}

/**
 * Mounts the signed-out authentication pages alone: React, i18next and plain forms, none of the app's
 * antd, router, store or API client (whose code the browser then fetches at idle). The page draws at once;
 * `config.json` is read meanwhile, and a form sent without it says the configuration could not be loaded.
 */
export async function mountPublicAuth(container: HTMLElement): Promise<void> {
  const apiBaseUrl = apiBaseUrlOf();
  apiBaseUrl.catch((error: unknown) => console.error('[pagemate] could not read the runtime configuration', error));
  await createLightI18n('common', { vi, en });
  const theme = readThemeSettings(localStorage, STORAGE_KEYS.theme);
  const html = document.documentElement;
  html.dir = theme.direction;
  html.dataset.themeMode = theme.mode;
  for (const [name, value] of Object.entries(themeVariables(theme.mode === 'dark', theme.primaryColour))) html.style.setProperty(name, value);
  createRoot(container).render(<LightAuthApp apiBaseUrl={apiBaseUrl} />);
  scheduleAppPrefetch();
}
