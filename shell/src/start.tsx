import './base.css';
import { isPublicLandingVisit } from './public-landing/entry-choice';

/**
 * What the page starts: a signed-out visit to the landing page mounts that page alone (React, i18next, the
 * landing remote); everything else, and a landing that cannot load, starts the whole app.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (container && isPublicLandingVisit(location.pathname, localStorage, sessionStorage)) {
    try {
      const { mountPublicLanding } = await import('./public-landing/mount');
      await mountPublicLanding(container);
      return;
    } catch (error) {
      console.error('[pagemate] the light landing could not load; starting the app', error);
    }
  }
  await import('./bootstrap');
}

void start();
