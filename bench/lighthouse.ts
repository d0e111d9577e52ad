/**
 * Lighthouse on the composed production build, signed out and signed in.
 * - Signed out: the landing `/` and every page of the authentication layout (sign-in, sign-up, password reset,
 *   the template pages and their cover variants). Targets: performance ≥ 90, accessibility ≥ 95, best
 *   practices ≥ 95 (SEO printed, no target).
 * - Signed in: the dashboard and one route of each screen a user or a partner opens (`SIGNED_IN_PATHS`). The API
 *   runs beside the build (`npm start -w server`'s way, a fresh embedded database); a new user and a new partner
 *   sign up through it, and before every run the browser's cache and the origin's storage are emptied and a fresh
 *   access token is stored where the shell's start-up reads it (`STORAGE_KEYS.accessToken` in localStorage, as
 *   "remember me" keeps it): a returning user on a cold cache. Targets: performance ≥ 80 on `/user-dashboard/`,
 *   ≥ 70 elsewhere; accessibility ≥ 95.
 * Default mobile emulation and simulated throttling (slow 4G, 4× CPU), Debian Chromium through chrome-launcher,
 * everything on loopback. Prints one table — route, scores, LCP, TBT, CLS, the JavaScript the page itself loaded
 * (transferred, so brotli as the static server sends it; prefetches made at idle are counted apart) — and, for
 * any page below a target, the audits that fail. A bench, not a test: it exits 0 below target.
 * `LIGHTHOUSE_RUNS=n` (default 1) runs each page n times and reports the run with the median performance score;
 * `LIGHTHOUSE_PATHS=/,/sign-in/,/user-dashboard/` measures only those pages (default: every page of both lists);
 * `LIGHTHOUSE_SIGNED_OUT=0` or `LIGHTHOUSE_SIGNED_IN=0` leaves one list out; `BENCH_PORT_OFFSET=n` moves every
 * port; `LIGHTHOUSE_JSON=dir` writes each reported run's full report there. Builds must exist (`npm run build`).
 * Reproduce: `npm run build && LIGHTHOUSE_RUNS=3 npx tsx bench/lighthouse.ts` (or `npm run bench:lighthouse -w bench`).
 */
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { STORAGE_KEYS } from '@pagemate/shared-contracts/contracts';
import { hrefOf, ROUTES } from '@pagemate/shared-contracts/plain';
import { startSignedInApi, type BenchAccount } from './signed-in-api.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.ts';
import { serveComposedBuild, table } from './support.ts';

/** Clear of first-load.ts (5000, 5080, 5101–5105): shell 5200, API 5280, remotes 5301–5305 (plus BENCH_PORT_OFFSET). */
const BASE_PORT = 5200 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const RUNS = Math.max(1, Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? '1', 10) || 1);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const SIGNED_OUT_TARGETS: Record<string, number | null> = { performance: 90, accessibility: 95, 'best-practices': 95, seo: null };
const targetsOf = (path: string): Record<string, number | null> =>
  SIGNED_IN_PATHS.includes(path) ? { performance: path === '/user-dashboard/' ? 80 : 70, accessibility: 95, 'best-practices': null, seo: null } : SIGNED_OUT_TARGETS;
/** Audits whose score does not say pass or fail. */
const UNSCORED = new Set(['notApplicable', 'informative', 'manual', 'error']);
/** Every page a signed-out visitor can open: the landing and the authentication layout's pages. */
const SIGNED_OUT_PATHS = ROUTES.filter((route) => route.audience === 'public' && (route.layout === 'landing' || route.layout === 'authentication')).map((route) => hrefOf(route.path));
/** One route of each signed-in screen (the page manager's bot parts share its remote and layout). */
const SIGNED_IN_IDS = [
  'user-dashboard', 'page-manager', 'user-file-manager', 'chatbot-basic', 'post-manager', 'comment-manager', 'message-manager', 'client-manager',
  'order-manager', 'balance', 'partner-dashboard', 'partner-crm', 'list-view', 'widgets',
];
const SIGNED_IN_ROUTES = ROUTES.filter((route) => SIGNED_IN_IDS.includes(route.id));
const SIGNED_IN_PATHS = SIGNED_IN_ROUTES.map((route) => hrefOf(route.path));
const audienceOf = (path: string) => SIGNED_IN_ROUTES.find((route) => hrefOf(route.path) === path)?.audience;
const listed = (name: string) => process.env[name] !== '0';
const PATHS = process.env.LIGHTHOUSE_PATHS
  ? process.env.LIGHTHOUSE_PATHS.split(',').map((path) => path.trim()).filter(Boolean)
  : [...(listed('LIGHTHOUSE_SIGNED_OUT') ? SIGNED_OUT_PATHS : []), ...(listed('LIGHTHOUSE_SIGNED_IN') ? SIGNED_IN_PATHS : [])];

const score = (category: Result.Category | undefined) => (category?.score == null ? null : Math.round(category.score * 100));
interface NetworkItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  priority?: string;
}
const networkItems = (lhr: Result) => ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

const composed = await serveComposedBuild(BASE_PORT);
const needsApi = PATHS.some((path) => audienceOf(path));
const api = needsApi ? await startSignedInApi(BASE_PORT + 80, composed.url).catch((error: unknown) => (composed.close(), Promise.reject(error))) : undefined;
const accounts: Partial<Record<'user' | 'partner', { account: BenchAccount; login: { access_token: string; user_features: string[] }; at: number }>> = {};
/** Access tokens live 15 minutes (server config): one login per account per 5 minutes stays clear of the login rate limit. */
const LOGIN_REUSE_MS = 5 * 60_000;
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
// A second client on the same browser empties its cache and the shell origin's storage, and stores the token.
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);

/** Before each run: no cached response, nothing kept by an earlier run; signed in with a fresh token, or signed out. */
async function prepareRun(path: string): Promise<void> {
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: composed.url, storageTypes: 'all' });
  const audience = audienceOf(path);
  if (audience === 'user' || audience === 'partner') {
    if (!api) throw new Error('no API');
    let signedIn = accounts[audience];
    if (!signedIn || Date.now() - signedIn.at > LOGIN_REUSE_MS) {
      const account = signedIn?.account ?? (await api.signUp(audience));
      signedIn = accounts[audience] = { account, login: await api.login(account), at: Date.now() };
    }
    const { login } = signedIn;
    // config.json is no-cache and runs no script: the origin's storage opens without the app.
    await page.goto(`${composed.url}/config.json`);
    await page.evaluate(
      ({ keys, token, features }) => {
        localStorage.setItem(keys.accessToken, token);
        localStorage.setItem(keys.userFeatures, JSON.stringify(features));
      },
      { keys: { accessToken: STORAGE_KEYS.accessToken, userFeatures: STORAGE_KEYS.userFeatures }, token: login.access_token, features: login.user_features },
    );
    await cdp.send('Network.clearBrowserCache');
  }
  await page.close();
}

const reported: { path: string; lhr: Result }[] = [];
try {
  for (const path of PATHS) {
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      await prepareRun(path);
      const result = await lighthouse(`${composed.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true });
      if (!result) throw new Error('lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      runs.push(lhr);
    }
    const byPerformance = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
    if (!lhr) throw new Error('no Lighthouse run');
    if (RUNS > 1) console.log(`${path}: performance of the ${RUNS} runs ${runs.map((run) => score(run.categories.performance) ?? '—').join(', ')}`);
    reported.push({ path, lhr });
  }
} finally {
  await browser.close().catch(() => undefined);
  await chrome.kill();
  await api?.stop();
  composed.close();
}

const first = reported[0]?.lhr;
if (!first) throw new Error('no page measured');
console.log(`Lighthouse ${first.lighthouseVersion} — ${first.configSettings.formFactor} emulation, ${first.configSettings.throttlingMethod} throttling, ${first.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}${RUNS > 1 ? `, median of ${RUNS} runs by performance score` : ''}`);

const below: { path: string; id: string; lhr: Result }[] = [];
table(
  reported.map(({ path, lhr }) => {
    const row: Record<string, string | number> = { route: path, as: audienceOf(path) ?? 'signed out' };
    for (const [id, target] of Object.entries(targetsOf(path))) {
      const value = score(lhr.categories[id]);
      row[id] = value ?? 'n/a';
      if (target !== null && (value === null || value < target)) below.push({ path, id, lhr });
    }
    const items = networkItems(lhr);
    const bytes = (keep: (item: NetworkItem) => boolean) => items.filter(keep).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    row.LCP = lhr.audits['largest-contentful-paint']?.displayValue ?? 'n/a';
    row.TBT = lhr.audits['total-blocking-time']?.displayValue ?? 'n/a';
    row.CLS = lhr.audits['cumulative-layout-shift']?.displayValue ?? 'n/a';
    row['JS KiB'] = kib(bytes((item) => item.resourceType === 'Script'));
    row['prefetched KiB'] = kib(bytes((item) => item.resourceType === 'Prefetch' || (item.resourceType === 'Other' && item.priority === 'VeryLow')));
    return row;
  }),
);
for (const { lhr } of reported) for (const warning of lhr.runWarnings) console.log(`warning (${lhr.finalDisplayedUrl}): ${warning}`);

for (const { path, id, lhr } of below) {
  const category = lhr.categories[id];
  if (!category) continue;
  const failing = category.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && !UNSCORED.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 0.9)
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit?.score ?? 0) - (b.audit?.score ?? 0));
  console.log(`${path}: failing audits of ${category.title} (${score(category)} < ${targetsOf(path)[id]}), heaviest first:`);
  table(failing.slice(0, 8).map(({ ref, audit }) => ({ id: ref.id, title: audit?.title ?? '', value: audit?.displayValue ?? '', score: Math.round((audit?.score ?? 0) * 100), weight: ref.weight })));
}

if (process.env.LIGHTHOUSE_JSON) {
  mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
  for (const { path, lhr } of reported) writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${path.replace(/\W+/g, '_') || 'root'}.json`), JSON.stringify(lhr, null, 2));
  console.log(`Full reports (JSON, open in https://googlechrome.github.io/lighthouse/viewer/): ${process.env.LIGHTHOUSE_JSON}`);
}

// Nothing may leave the machine: every request the pages made should be to loopback.
const external = reported.flatMap(({ lhr }) => networkItems(lhr).map((r) => r.url ?? '')).filter((url) => !/^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:)/.test(url));
if (external.length > 0) console.log(`warning: ${external.length} non-loopback request(s): ${external.slice(0, 5).join(', ')}`);

console.log(below.length === 0 ? 'All targets met.' : `Below target: ${below.map(({ path, id }) => `${path} ${id}`).join(', ')}.`);
console.log('Reproduce: npm run build && LIGHTHOUSE_RUNS=3 npx tsx bench/lighthouse.ts');
