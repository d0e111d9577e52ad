import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PUBLIC_LANDING_MODULE,
  REMOTE_NAMES,
  STORAGE_KEYS,
  storedLanguage,
  type PublicLandingModule,
} from '@pagemate/shared-contracts/plain';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { readThemeSettings } from '../theme/theme-settings';

const LANDING_REMOTE = REMOTE_NAMES[0];

async function fetchJson(url: string): Promise<Record<string, unknown>> {
  // Never cached, like the full app's runtime files: editing them after deploy is how a team repoints it.
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) throw new Error(`${url} is not a JSON object`);
  return body as Record<string, unknown>;
}

/**
 * The landing remote's entry from `config.json` → `remotes.json`, read without the app's zod schemas
 * (they belong to the full app's bundle); anything unexpected throws and the full app takes over.
 */
async function landingEntry(): Promise<string> {
  const config = await fetchJson('/config.json');
  if (typeof config.remotesUrl !== 'string') throw new Error('config.json names no remotesUrl');
  const { remotes } = await fetchJson(config.remotesUrl);
  const landing = Array.isArray(remotes)
    ? (remotes as Record<string, unknown>[]).find((remote) => remote?.name === LANDING_REMOTE && Array.isArray(remote.audience) && remote.audience.includes('public'))
    : undefined;
  if (typeof landing?.entry !== 'string') throw new Error(`remotes.json has no public ${LANDING_REMOTE}`);
  return landing.entry;
}

/**
 * Mounts the landing page alone for a signed-out visitor: React, i18next and the landing remote's
 * `./landing` module, nothing else of the app. Rejects (and mounts nothing) when the landing cannot be
 * loaded, so the caller can start the full app, which shows its remote-unavailable page.
 */
export async function mountPublicLanding(container: HTMLElement): Promise<void> {
  registerRemotes([{ name: LANDING_REMOTE, entry: await landingEntry() }]);
  const module = await loadRemote<{ default: PublicLandingModule }>(PUBLIC_LANDING_MODULE);
  if (!module?.default) throw new Error(`${PUBLIC_LANDING_MODULE} exposed nothing`);
  const { namespace, resources, LandingPage } = module.default;

  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: storedLanguage(localStorage),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: namespace,
    ns: [namespace],
    resources: Object.fromEntries(LANGUAGES.map((language) => [language, { [namespace]: resources[language] }])),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const html = document.documentElement;
  const setLanguage = (language: string) => {
    html.lang = language;
  };
  setLanguage(i18n.language);
  i18n.on('languageChanged', setLanguage);

  const theme = readThemeSettings(localStorage, STORAGE_KEYS.theme);
  html.dir = theme.direction;
  createRoot(container).render(<LandingPage theme={{ dark: theme.mode === 'dark', primary: theme.primaryColour }} />);
}
