// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRuntime } from '../runtime-config';
import { readRuntimeFiles, remoteFilesOf, remoteOfVisit, startEarly, takeEarlyManifest } from './early-start';

const BALANCE_ENTRY = 'http://remotes.test:3104/mf-manifest.json';
const PAGE_MANAGER_ENTRY = 'http://remotes.test:3102/mf-manifest.json';
const REMOTES_FILE = {
  remotes: [
    { name: 'mf_landing', entry: 'http://remotes.test:3101/mf-manifest.json', audience: ['public'] },
    { name: 'mf_page_manager', entry: PAGE_MANAGER_ENTRY, audience: ['user'] },
    { name: 'mf_chatbot', entry: 'http://remotes.test:3103/mf-manifest.json', audience: ['user', 'partner'] },
    { name: 'mf_balance', entry: BALANCE_ENTRY, audience: ['user'] },
    { name: 'mf_crm', entry: 'http://remotes.test:3105/mf-manifest.json', audience: ['user', 'partner'] },
  ],
};
/** A stored session of `role` whose token names no user: the start preloads for the role and sends no GETs. */
const sessionOf = (role: string | undefined) => (role === undefined ? null : { token: 'stored', role, userId: undefined });
const CONFIG = { apiBaseUrl: 'http://api.test:8080/', facebookAppId: '', remotesUrl: '/remotes.json' };

/** The shape of the manifests the remotes' builds write (`mf-manifest.json`), cut to what the early start reads. */
const manifest = (publicPath: string, path = '') => ({
  metaData: { publicPath, remoteEntry: { name: 'static/js/mf_balance.1.js', path, type: 'global' } },
  exposes: [
    { path: './other', assets: { js: { sync: ['static/js/async/other.js'], async: [] }, css: { sync: [], async: [] } } },
    { path: './routes', assets: { js: { sync: ['static/js/async/8.2.js', 'static/js/async/routes.3.js'], async: ['static/js/async/late.4.js'] }, css: { sync: ['static/css/async/routes.5.css'], async: [] } } },
  ],
});

describe('remoteOfVisit', () => {
  it('names the remote that draws the route, for a session that may see it', () => {
    expect(remoteOfVisit('/user-dashboard/balance/', 'user', REMOTES_FILE)).toEqual(REMOTES_FILE.remotes[3]);
    expect(remoteOfVisit('/user-dashboard/page-manager', 'user', REMOTES_FILE)?.name).toBe('mf_page_manager');
    expect(remoteOfVisit('/partner-dashboard/crm/', 'partner', REMOTES_FILE)?.name).toBe('mf_crm');
  });

  it('names none for the other side, a signed-out visit, a route the shell draws or an unknown path', () => {
    expect(remoteOfVisit('/user-dashboard/balance/', 'partner', REMOTES_FILE)).toBeNull();
    expect(remoteOfVisit('/partner-dashboard/crm/', 'user', REMOTES_FILE)).toBeNull();
    expect(remoteOfVisit('/user-dashboard/balance/', undefined, REMOTES_FILE)).toBeNull();
    expect(remoteOfVisit('/user-dashboard/', 'user', REMOTES_FILE)).toBeNull();
    expect(remoteOfVisit('/no/such/page/', 'user', REMOTES_FILE)).toBeNull();
  });

  it('follows remotes.json: its entry, its audience, and nothing when the remote is missing or malformed', () => {
    const moved = { remotes: [{ name: 'mf_balance', entry: 'https://cdn.test/balance/v2/mf-manifest.json', audience: ['user'] }] };
    expect(remoteOfVisit('/user-dashboard/balance/', 'user', moved)?.entry).toBe('https://cdn.test/balance/v2/mf-manifest.json');
    expect(remoteOfVisit('/user-dashboard/balance/', 'user', { remotes: [{ name: 'mf_balance', entry: 'x', audience: ['partner'] }] })).toBeNull();
    expect(remoteOfVisit('/user-dashboard/balance/', 'user', { remotes: [{ name: 'mf_balance', entry: 42, audience: ['user'] }] })).toBeNull();
    expect(remoteOfVisit('/user-dashboard/balance/', 'user', { remotes: 'none' })).toBeNull();
    expect(remoteOfVisit('/user-dashboard/balance/', 'user', {})).toBeNull();
  });
});

describe('remoteFilesOf', () => {
  it("resolves the entry and ./routes' sync files against the manifest's folder when publicPath is auto", () => {
    expect(remoteFilesOf(manifest('auto'), 'http://remotes.test:3104/balance/mf-manifest.json')).toEqual({
      scripts: [
        'http://remotes.test:3104/balance/static/js/mf_balance.1.js',
        'http://remotes.test:3104/balance/static/js/async/8.2.js',
        'http://remotes.test:3104/balance/static/js/async/routes.3.js',
      ],
      styles: ['http://remotes.test:3104/balance/static/css/async/routes.5.css'],
    });
  });

  it("resolves against publicPath otherwise, and joins the entry's path as the runtime does", () => {
    const files = remoteFilesOf(manifest('https://cdn.test/b/', './entry/'), 'http://remotes.test:3104/mf-manifest.json');
    expect(files.scripts[0]).toBe('https://cdn.test/b/entry/static/js/mf_balance.1.js');
    expect(files.styles).toEqual(['https://cdn.test/b/static/css/async/routes.5.css']);
  });

  it('names nothing for a manifest of another shape', () => {
    const none = { scripts: [], styles: [] };
    expect(remoteFilesOf(null, 'http://remotes.test/mf-manifest.json')).toEqual(none);
    expect(remoteFilesOf({ metaData: { remoteEntry: { name: 'e.js' } } }, 'http://remotes.test/mf-manifest.json')).toEqual(none);
    expect(remoteFilesOf({ metaData: { publicPath: 'auto' } }, 'http://remotes.test/mf-manifest.json')).toEqual(none);
  });
});

describe('startEarly', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const answers = new Map<string, () => Response>();
  // The links go into a head outside the page, so the test environment loads nothing they name.
  let doc: Document;
  beforeEach(() => {
    doc = { baseURI: document.baseURI, head: document.createElement('head'), createElement: document.createElement.bind(document) } as unknown as Document;
    answers.clear();
    answers.set('/config.json', () => Response.json(CONFIG));
    answers.set('/remotes.json', () => Response.json(REMOTES_FILE));
    fetchMock.mockReset();
    fetchMock.mockImplementation((input) => {
      const answer = answers.get(String(input));
      return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('Failed to fetch'));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const hints = () => [...doc.head.querySelectorAll('link')].map((link) => [link.rel, link.href, link.as]);

  it('reads config.json and then the remotes.json it names, never from the cache, and the app validates that one read', async () => {
    answers.set('/deploy/remotes.json', () => Response.json(REMOTES_FILE));
    answers.set('/config.json', () => Response.json({ ...CONFIG, remotesUrl: '/deploy/remotes.json' }));
    const files = await readRuntimeFiles();
    expect(fetchMock.mock.calls).toEqual([
      ['/config.json', { cache: 'no-store' }],
      ['/deploy/remotes.json', { cache: 'no-store' }],
    ]);
    expect(loadRuntime(files).remotes).toHaveLength(5);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('falls back to /remotes.json when config.json names none', async () => {
    answers.set('/config.json', () => Response.json({ apiBaseUrl: CONFIG.apiBaseUrl }));
    const { remotesFile } = await readRuntimeFiles();
    expect(remotesFile).toEqual(REMOTES_FILE);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/config.json', '/remotes.json']);
  });

  it("preloads the route's remote: its manifest once, for the runtime, and the files the manifest names", async () => {
    const entry = BALANCE_ENTRY;
    answers.set(entry, () => Response.json(manifest('auto')));
    await startEarly(doc, '/user-dashboard/balance/', sessionOf('user'));
    await vi.waitFor(() => expect(hints()).toHaveLength(5));
    expect(hints()).toEqual([
      ['preconnect', 'http://api.test:8080/', ''],
      ['preload', 'http://remotes.test:3104/static/js/mf_balance.1.js', 'script'],
      ['preload', 'http://remotes.test:3104/static/js/async/8.2.js', 'script'],
      ['preload', 'http://remotes.test:3104/static/js/async/routes.3.js', 'script'],
      ['preload', 'http://remotes.test:3104/static/css/async/routes.5.css', 'style'],
    ]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/config.json', '/remotes.json', entry]);
    // The runtime's request for the manifest gets the answer read early, once; a later one (a retry) goes out again.
    expect(await (await takeEarlyManifest(entry))?.json()).toEqual(manifest('auto'));
    expect(takeEarlyManifest(entry)).toBeUndefined();
  });

  it('hands the runtime nothing when the remote is down, so it asks again and shows the fallback itself', async () => {
    const entry = PAGE_MANAGER_ENTRY;
    answers.set(entry, () => new Response('gone', { status: 502 }));
    await startEarly(doc, '/user-dashboard/page-manager/', sessionOf('user'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(await takeEarlyManifest(entry)).toBeUndefined();
    expect(hints().filter(([rel]) => rel === 'preload')).toEqual([]);
  });

  it("preloads nothing for a route the shell draws, another side's route or a signed-out visit", async () => {
    for (const [path, role] of [
      ['/user-dashboard/', 'user'],
      ['/user-dashboard/balance/', 'partner'],
      ['/user-dashboard/balance/', undefined],
    ] as const) {
      // The remote's manifest would be asked for as soon as the runtime files are here, before this await returns.
      await startEarly(doc, path, sessionOf(role));
    }
    expect(new Set(fetchMock.mock.calls.map(([url]) => url))).toEqual(new Set(['/config.json', '/remotes.json']));
    expect(hints().filter(([rel]) => rel === 'preload')).toEqual([]);
  });
});
