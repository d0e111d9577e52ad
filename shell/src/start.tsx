import './base.css';
import { isPublicAuthVisit, isPublicLandingVisit } from './public-landing/entry-choice';

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
  await import(/* webpackChunkName: "app" */ './bootstrap');
}

void start();
