import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { PUBLIC_LANDING_MODULE, REMOTE_NAMES, STORAGE_KEYS, type PublicLandingModule } from '@pagemate/shared-contracts/plain';
import { createRoot } from 'react-dom/client';
import { createLightI18n } from '../signed-out/light-i18n';
import { scheduleAppPrefetch } from '../signed-out/prefetch-app';
import { fetchJson } from '../signed-out/runtime-files';
import { readThemeSettings } from '../theme/theme-settings';

const LANDING_REMOTE = REMOTE_NAMES[0];

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
 * `./landing` module, nothing else of the app (whose code the browser then fetches at idle). Rejects (and
 * mounts nothing) when the landing cannot be loaded, so the caller can start the full app, which shows its
 * remote-unavailable page.
 */
export async function mountPublicLanding(container: HTMLElement): Promise<void> {
  registerRemotes([{ name: LANDING_REMOTE, entry: await landingEntry() }]);
  const module = await loadRemote<{ default: PublicLandingModule }>(PUBLIC_LANDING_MODULE);
  if (!module?.default) throw new Error(`${PUBLIC_LANDING_MODULE} exposed nothing`);
  const { namespace, resources, LandingPage } = module.default;

  await createLightI18n(namespace, resources);
  const theme = readThemeSettings(localStorage, STORAGE_KEYS.theme);
  document.documentElement.dir = theme.direction;
  createRoot(container).render(<LandingPage theme={{ dark: theme.mode === 'dark', primary: theme.primaryColour }} />);
  scheduleAppPrefetch();
}
