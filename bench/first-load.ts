/**
 * First-load JavaScript of the composed production build: for `/`, `/sign-in/`, `/sign-up/` and
 * `/user-dashboard/`, the bytes of every JS response (raw and gzip-compressed here with zlib level 9) until the
 * network is idle. What a signed-out page prefetches for the app at idle (`<link rel=prefetch>`, which the
 * page itself never runs) is counted apart.
 * Builds must exist (`npm run build`); `FIRST_LOAD_DETAIL=1` lists each script. Reproduce: `npm run bench -w bench` (or `npx tsx bench/first-load.ts`).
 */
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.ts';
import { serveComposedBuild, table } from './support.ts';

/** `FIRST_LOAD_DETAIL=1` also lists every script of every route, largest first. */
const DETAIL = process.env.FIRST_LOAD_DETAIL === '1';

/** Ports 5000, 5080, 5101–5105 (plus BENCH_PORT_OFFSET, to run beside another bench). */
const composed = await serveComposedBuild(5000 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0));

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const b64 = (s: string) => Buffer.from(s).toString('base64url');
const userToken = `${b64('{"alg":"none"}')}.${b64(JSON.stringify({ username: 'bench', userId: 'b1', userEmail: 'b@x.vn', partnerId: null, role: 'user', exp: 4102444800 }))}.`;

const rows: Record<string, string | number>[] = [];
for (const path of ['/', '/sign-in/', '/sign-up/', '/user-dashboard/']) {
  const context = await browser.newContext();
  if (path === '/user-dashboard/') await context.addInitScript((t) => localStorage.setItem('accessToken', t), userToken);
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  const urls: string[] = [];
  const prefetched: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'other' && /\.(js|css)$/.test(new URL(response.url()).pathname)) prefetched.push(response.body().catch(() => null));
    if (type !== 'script') return;
    urls.push(response.url());
    bodies.push(response.body().catch(() => null));
  });
  await page.goto(`${composed.url}${path}`, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(bodies);
  if (DETAIL) {
    const each = loaded.map((b, i) => ({ script: urls[i] ?? '', 'gzip KiB': b ? +(gzipSync(b, { level: 9 }).length / 1024).toFixed(1) : 0 }));
    console.log(`Scripts of ${path}:`);
    table(each.sort((a, b) => b['gzip KiB'] - a['gzip KiB']));
  }
  const scripts = loaded.filter((b): b is Buffer => b !== null);
  const raw = scripts.reduce((sum, b) => sum + b.length, 0);
  const gzip = scripts.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
  const prefetchedBodies = (await Promise.all(prefetched)).filter((b): b is Buffer => b !== null);
  const prefetchedGzip = prefetchedBodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
  rows.push({ route: path, scripts: scripts.length, 'raw bytes': raw, 'gzip bytes': gzip, 'gzip KiB': (gzip / 1024).toFixed(1), 'prefetched at idle': prefetchedBodies.length, 'prefetched gzip KiB': (prefetchedGzip / 1024).toFixed(1) });
  await context.close();
}
await browser.close();
composed.close();

console.log('First-load JavaScript (production builds, until network idle):');
table(rows);
console.log('Reproduce: npm run build && npx tsx bench/first-load.ts');
