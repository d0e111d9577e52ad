import { apiClient, type ApiClient } from '../api/client.js';
import { earlyGetUrl, type EarlyGet } from '../contracts/early-requests.js';
import { settle } from './mount-page.js';

/** A URL relative to the API base with its query sorted, so the order of the parameters does not matter. */
function comparable(relative: string): string {
  const url = new URL(relative, 'http://api.invalid/');
  url.searchParams.sort();
  return `${url.pathname}${url.search}`;
}

/**
 * Records every GET the shared client makes from now on, as URLs relative to its base (query included), for the
 * check that a route's early GETs (`contracts/early-requests.ts`) are requests its page really makes.
 */
export function recordGets(client: ApiClient = apiClient): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const id = client.http.interceptors.request.use((config) => {
    if ((config.method ?? 'get').toLowerCase() === 'get') {
      const base = (config.baseURL ?? '').replace(/\/?$/, '/');
      const url = client.http.getUri(config);
      urls.push(url.startsWith(base) ? url.slice(base.length) : url);
    }
    return config;
  });
  return { urls, stop: () => client.http.interceptors.request.eject(id) };
}

/** The early GETs of `gets`, for `userId`, that are not among `made` (empty when the page makes them all). */
export function earlyGetsNotMade(gets: readonly EarlyGet[] | undefined, userId: string, made: readonly string[]): string[] {
  const asked = new Set(made.map(comparable));
  return (gets ?? []).map((get) => earlyGetUrl(get, userId)).filter((url) => !asked.has(comparable(url)));
}

/**
 * The early GETs of `gets`, for `userId`, that `open` (mounting a page, say) does not make once everything has
 * settled; an empty or missing list is an error, so a route cannot lose its entries unnoticed.
 */
export async function earlyGetsNotMadeBy(gets: readonly EarlyGet[] | undefined, userId: string, open: () => Promise<unknown>): Promise<string[]> {
  if (!gets || gets.length === 0) throw new Error('no early GETs listed');
  const recorded = recordGets();
  try {
    await open();
    await settle();
  } finally {
    recorded.stop();
  }
  return earlyGetsNotMade(gets, userId, recorded.urls);
}
