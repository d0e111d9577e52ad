import { fetchJson } from './runtime-files';

/** Written by the build beside `index.html` (bundling/app-prefetch.ts): the files the app starts with. */
export const APP_PREFETCH_LIST = '/app-prefetch.json';

interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether this connection may spend bytes on a page not asked for yet: not with Save-Data, not on 2G. */
export function mayPrefetch(connection: Connection | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g';
}

/**
 * Adds a `<link rel="prefetch">` for each file of the list that this page has not loaded itself, so the
 * browser fetches it at its lowest priority and the app's start-up then takes it from the cache.
 * Returns the paths it asked for.
 */
export async function prefetchAppFiles(doc: Document = document): Promise<string[]> {
  const { files } = await fetchJson(APP_PREFETCH_LIST);
  if (!Array.isArray(files)) throw new Error(`${APP_PREFETCH_LIST} has no files`);
  const pathOf = (url: string) => new URL(url, location.href).pathname;
  const present = new Set([
    ...performance.getEntriesByType('resource').map((entry) => pathOf(entry.name)),
    ...[...doc.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')].map((element) => pathOf('href' in element ? element.href : element.src)),
  ]);
  const wanted = files.filter((file): file is string => typeof file === 'string' && !present.has(pathOf(file)));
  for (const file of wanted) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    if (file.endsWith('.js')) link.as = 'script';
    else if (file.endsWith('.css')) link.as = 'style';
    doc.head.append(link);
  }
  return wanted;
}

/**
 * While a signed-out visitor reads a light page (landing, sign-in…), fetch the app's code once the page has
 * loaded and the main thread is idle, so the first screen after signing in comes mostly from the cache.
 * Skipped when the visitor asked to save data or is on a 2G connection.
 */
export function scheduleAppPrefetch(): void {
  if (!mayPrefetch((navigator as Navigator & { connection?: Connection }).connection)) return;
  const whenIdle = (task: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000));
  const start = () =>
    whenIdle(() => {
      prefetchAppFiles().catch((error: unknown) => console.warn('[pagemate] could not prefetch the app', error));
    });
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
