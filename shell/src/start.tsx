import './base.css';
import { STORAGE_KEYS, storedLanguage, unverifiedRoleOf } from '@pagemate/shared-contracts/plain';
import { loadStartNamespaces } from './locales/load';
import { isPublicAuthVisit, isPublicLandingVisit } from './public-landing/entry-choice';

/** A stored partner session reads the partner texts at start; the token is checked later by the app. */
function isPartnerSession(): boolean {
  const token = localStorage.getItem(STORAGE_KEYS.accessToken) ?? sessionStorage.getItem(STORAGE_KEYS.accessToken);
  return token !== null && unverifiedRoleOf(token) === 'partner';
}

/**
 * What the page starts: a signed-out visit to the landing page mounts that page alone (React, i18next, the
 * landing remote), one to a sign-in, sign-up or other authentication page mounts the light forms alone;
 * everything else, and a light page that cannot load, starts the whole app.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  const light = !container
    ? null
    : isPublicLandingVisit(location.pathname, localStorage, sessionStorage)
      ? async () => (await import('./public-landing/mount')).mountPublicLanding(container)
      : isPublicAuthVisit(location.pathname, localStorage, sessionStorage)
        ? async () => (await import('./public-auth/mount')).mountPublicAuth(container)
        : null;
  if (light) {
    try {
      await light();
      return;
    } catch (error) {
      console.error('[pagemate] the light page could not load; starting the app', error);
    }
  }
  // The shell's texts in the one language shown are read beside the app's chunks, not after them.
  const language = storedLanguage(localStorage);
  const texts = loadStartNamespaces(language, isPartnerSession());
  const { startApp } = await import(/* webpackChunkName: "app" */ './bootstrap');
  await startApp(language, texts);
}

void start();
