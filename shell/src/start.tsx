import './base.css';
import { readStoredToken, STORAGE_KEYS, storedLanguage, unverifiedClaimsOf } from '@pagemate/shared-contracts/plain';
import { startEarly } from './early-start/early-start';
import { drawFirstView, drawsFirstView, firstViewHoldsPage, removeFirstView } from './first-view/first-view';
import { loadStartNamespaces } from './locales/load';
import { isPublicAuthVisit, isPublicLandingVisit } from './public-landing/entry-choice';
import { readThemeSettings } from './theme/theme-settings';

/** How long the start waits for a frame (none come while the tab is hidden) before it goes on without one. */
const PAINT_WAIT_MS = 100;

/** Resolves once the browser has painted a frame after now, or after `PAINT_WAIT_MS` without one. */
const afterNextPaint = (): Promise<void> =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, PAINT_WAIT_MS);
    // The frame's callbacks run before its paint; the task after them, after it.
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(timer);
      resolve();
    }, 0));
  });

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
  // The shell's texts in the one language shown are read beside the app's chunks, not after them (a stored
  // partner session reads the partner texts too).
  const language = storedLanguage(localStorage);
  const token = readStoredToken(localStorage, sessionStorage);
  // The stored token's claims, unchecked (the app decodes and checks the token): what the start reads and draws.
  const claims = token === null ? {} : unverifiedClaimsOf(token);
  const texts = loadStartNamespaces(language, claims.role === 'partner');
  // The runtime files, the remote this route needs and the route's first data are read beside the app's chunks
  // too, not after them.
  const session = token === null ? null : { token, role: claims.role, userId: claims.userId };
  const runtimeFiles = startEarly(document, location.pathname, session);
  const place = {
    pathname: location.pathname,
    claims,
    theme: readThemeSettings(localStorage, STORAGE_KEYS.theme),
    matches: (query: string) => window.matchMedia(query).matches,
  };
  // Once they are here, a signed-in layout's first view is drawn in plain DOM while the app's code arrives.
  const drawn = drawsFirstView(place) ? texts.then((loaded) => drawFirstView(document, { ...place, texts: loaded })).catch(() => false) : Promise.resolve(false);
  // Where that view is the page itself (the user dashboard's heading and greeting), the app's chunks — antd's
  // hundreds of kilobytes above all — are asked for once it is painted: on a slow connection they would share the
  // bandwidth with its two small text chunks and push the page's first paint back behind them.
  if (firstViewHoldsPage(place.pathname) && (await drawn)) await afterNextPaint();
  try {
    const { startApp } = await import(/* webpackChunkName: "app" */ './bootstrap');
    await startApp(language, texts, runtimeFiles);
  } catch (error) {
    removeFirstView(document);
    throw error;
  }
}

void start();
