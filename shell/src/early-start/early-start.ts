import {
  DEFAULT_REMOTES_URL,
  canVisit,
  matchRoute,
  remotesFor,
  type Audience,
  type RemoteEntryConfig,
} from '@pagemate/shared-contracts/plain';
import { fetchJson } from '../signed-out/runtime-files';
import { sendEarlyGets, type StoredSession } from './early-requests';

/**
 * What `start.tsx` begins beside the app's chunk, so the route a remote draws does not wait for the app's code
 * to read the runtime files, then the remote's manifest, then its files, one after the other:
 * - `config.json` and then `remotes.json`, read once per page load (never cached) and handed to the app, which
 *   validates them (`runtime-config.ts`);
 * - for a route a remote draws that the stored session may see, that remote's `mf-manifest.json`, handed to the
 *   Module Federation runtime when it asks for it (`takeEarlyManifest`, `mf/remote-registry.ts`), and
 *   `<link rel="preload">` for the remote's entry and its `./routes` files, which the runtime then finds in the
 *   browser's cache.
 * No zod here (the schemas come with the app's chunk); anything unexpected only skips the early start, and the
 * app then reads and loads as it would have without it.
 */

/** The two runtime files as read, not yet validated. */
export interface RuntimeFiles {
  config: Record<string, unknown>;
  remotesFile: Record<string, unknown>;
}

export const CONFIG_URL = '/config.json';
/** The module of a remote the app's routes load (`mf/remote-registry.ts`). */
const ROUTES_EXPOSE = './routes';

type ReadJson = (url: string) => Promise<Record<string, unknown>>;

/** Reads `config.json` (`onConfig` is told as soon as it is here) and then the `remotes.json` it names. */
export async function readRuntimeFiles(read: ReadJson = fetchJson, onConfig?: (config: Record<string, unknown>) => void): Promise<RuntimeFiles> {
  const config = await read(CONFIG_URL);
  onConfig?.(config);
  const { remotesUrl } = config;
  const remotesFile = await read(typeof remotesUrl === 'string' && remotesUrl !== '' ? remotesUrl : DEFAULT_REMOTES_URL);
  return { config, remotesFile };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The remote that draws `pathname` and its entry, when a session of `role` (`undefined`: signed out) may visit
 * the route and load the remote: a partner's visit never names a user remote, and a route the shell draws none.
 */
export function remoteOfVisit(pathname: string, role: string | undefined, remotesFile: Record<string, unknown>): RemoteEntryConfig | null {
  const route = matchRoute(pathname);
  if (!route || route.owner === 'shell') return null;
  const session = role === undefined ? null : { role };
  if (!canVisit(route, session)) return null;
  const owner = route.owner;
  const listed = (Array.isArray(remotesFile.remotes) ? (remotesFile.remotes as unknown[]) : []).flatMap((remote) =>
    isRecord(remote) && remote.name === owner && typeof remote.entry === 'string' && isStringArray(remote.audience)
      ? [{ name: owner, entry: remote.entry, audience: remote.audience as Audience[] }]
      : [],
  );
  return remotesFor(listed, session)[0] ?? null;
}

/** The files a remote's manifest says its entry and its `./routes` module are made of, as absolute URLs. */
export interface RemoteFiles {
  scripts: string[];
  styles: string[];
}

/** `path` + `name` as the MF runtime joins a manifest's `remoteEntry` (no leading `./` or `/`, one `/` between). */
function joinEntryPath(path: unknown, name: string): string {
  const folder = typeof path === 'string' ? path.replace(/^\.\/?/, '').replace(/^\//, '').replace(/\/$/, '') : '';
  return folder === '' ? name : `${folder}/${name}`;
}

/**
 * The remote's entry and its `./routes` module's files from its `mf-manifest.json`, resolved as the MF runtime
 * resolves them: against the manifest's folder when its `publicPath` is `auto` (or empty), against `publicPath`
 * otherwise. Empty when the manifest does not have the expected shape.
 */
export function remoteFilesOf(manifest: unknown, manifestUrl: string): RemoteFiles {
  const none = { scripts: [], styles: [] };
  if (!isRecord(manifest) || !isRecord(manifest.metaData)) return none;
  const { publicPath, remoteEntry } = manifest.metaData;
  if (typeof publicPath !== 'string' || !isRecord(remoteEntry) || typeof remoteEntry.name !== 'string') return none;
  const base = new URL(publicPath === 'auto' || publicPath === '' ? './' : publicPath, manifestUrl);
  const resolve = (file: string) => new URL(file, base).href;
  const expose = (Array.isArray(manifest.exposes) ? (manifest.exposes as unknown[]) : []).find(
    (item): item is Record<string, unknown> => isRecord(item) && item.path === ROUTES_EXPOSE,
  );
  const assets = isRecord(expose?.assets) ? expose.assets : {};
  const syncOf = (kind: 'js' | 'css') => {
    const group = assets[kind];
    return isRecord(group) && isStringArray(group.sync) ? group.sync.map(resolve) : [];
  };
  return { scripts: [resolve(joinEntryPath(remoteEntry.path, remoteEntry.name)), ...syncOf('js')], styles: syncOf('css') };
}

/** Manifests read early, by URL, until the MF runtime takes them. */
const earlyManifests = new Map<string, Promise<Response | undefined>>();

/**
 * The manifest read early from `url`, once: the MF runtime's own request for it gets this answer instead of
 * asking the remote's server again. `undefined` when none was read or it did not answer 2xx, and on every later
 * call (a retry after a failure asks the server again).
 */
export function takeEarlyManifest(url: string): Promise<Response | undefined> | undefined {
  const early = earlyManifests.get(url);
  earlyManifests.delete(url);
  return early;
}

function addHint(document: Document, rel: string, href: string, as?: 'script' | 'style'): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  document.head.appendChild(link);
}

/**
 * Reads `remote`'s manifest now, keeps its answer for the MF runtime and asks the browser to preload the files
 * the manifest names for the entry and `./routes` (the same URLs, without CORS mode, as the runtime's and the
 * remote's script tags ask for, so the preloaded answers are the ones used). Failures are left to the runtime,
 * which reads the manifest itself and shows the remote's fallback panel if it is down.
 */
export function preloadRemote(document: Document, remote: RemoteEntryConfig, fetchManifest: typeof fetch = fetch): void {
  // Kept under the entry as remotes.json spells it, which is the URL the runtime asks for.
  const answer = fetchManifest(remote.entry).then(
    (response) => (response.ok ? response : undefined),
    () => undefined,
  );
  earlyManifests.set(remote.entry, answer);
  void answer.then(async (response) => {
    if (!response) return;
    const files = remoteFilesOf(await response.clone().json(), new URL(remote.entry, document.baseURI).href);
    for (const script of files.scripts) addHint(document, 'preload', script, 'script');
    for (const style of files.styles) addHint(document, 'preload', style, 'style');
  }).catch(() => undefined);
}

/**
 * Starts the runtime files; once `config.json` is here, the API's connection and the route's first data for the
 * stored `session` (`early-requests.ts`); once `remotes.json` is here, the remote `pathname` needs for that
 * session's role (none signed out). Returns the runtime files for the app.
 */
export function startEarly(document: Document, pathname: string, session: StoredSession | null): Promise<RuntimeFiles> {
  const role = session?.role;
  const files = readRuntimeFiles(fetchJson, (config) => {
    if (typeof config.apiBaseUrl !== 'string' || role === undefined) return;
    const apiBaseUrl = config.apiBaseUrl;
    try {
      sendEarlyGets(new URL(apiBaseUrl, document.baseURI).href, pathname, session);
      addHint(document, 'preconnect', new URL(apiBaseUrl).origin);
    } catch {
      // A malformed API URL: the app reports it when it validates config.json.
    }
  });
  void files.then(({ remotesFile }) => {
    const remote = remoteOfVisit(pathname, role, remotesFile);
    if (remote) preloadRemote(document, remote);
  }).catch(() => undefined);
  return files;
}
