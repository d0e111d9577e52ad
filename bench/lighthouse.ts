/**
 * Lighthouse on the landing page `/` of the composed production build: performance ≥ 90 with the
 * default mobile emulation and simulated throttling, accessibility ≥ 95, best practices ≥ 95 (SEO printed, no
 * target). Debian Chromium through chrome-launcher, everything on loopback. Prints the scores, the key metrics and,
 * for any category below its target, the audits that fail. A bench, not a test: it exits 0 below target.
 * `LIGHTHOUSE_RUNS=n` (default 1) runs n times and reports the run with the median performance score;
 * `LIGHTHOUSE_JSON=file` also writes that run's full report.
 * Builds must exist (`npm run build`). Reproduce: `npm run build && npx tsx bench/lighthouse.ts` (or `npm run bench:lighthouse -w bench`).
 */
import { launch } from 'chrome-launcher';
import { writeFileSync } from 'node:fs';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_ARGS, serveComposedBuild, table } from './support.ts';

/** Clear of first-load.ts (5000, 5080, 5101–5105): shell 5200, API 5280 (unused here), remotes 5301–5305. */
const BASE_PORT = 5200;
const RUNS = Math.max(1, Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? '1', 10) || 1);
const TARGETS: Record<string, number | null> = { performance: 90, accessibility: 95, 'best-practices': 95, seo: null };
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
/** Audits whose score does not say pass or fail. */
const UNSCORED = new Set(['notApplicable', 'informative', 'manual', 'error']);

const score = (category: Result.Category | undefined) => (category?.score == null ? null : Math.round(category.score * 100));

const composed = await serveComposedBuild(BASE_PORT);
const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
const runs: Result[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${composed.url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (RUNS > 1) console.log(`run ${i + 1}/${RUNS}: performance ${score(lhr.categories.performance) ?? '—'}`);
    runs.push(lhr);
  }
} finally {
  await chrome.kill();
  composed.close();
}

const byPerformance = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
const lhr = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
if (!lhr) throw new Error('no Lighthouse run');

console.log(`Lighthouse ${lhr.lighthouseVersion} on ${lhr.finalDisplayedUrl} — ${lhr.configSettings.formFactor} emulation, ${lhr.configSettings.throttlingMethod} throttling, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}${RUNS > 1 ? `, median of ${RUNS} runs by performance score` : ''}`);
for (const warning of lhr.runWarnings) console.log(`warning: ${warning}`);

const below: string[] = [];
table(
  Object.entries(TARGETS).map(([id, target]) => {
    const value = score(lhr.categories[id]);
    const pass = target === null ? '—' : value !== null && value >= target ? 'pass' : 'FAIL';
    if (pass === 'FAIL') below.push(id);
    return { category: lhr.categories[id]?.title ?? id, score: value ?? 'n/a', target: target ?? '—', result: pass };
  }),
);

console.log('Key metrics (simulated mobile):');
table(METRICS.map((id) => ({ metric: lhr.audits[id]?.title ?? id, value: lhr.audits[id]?.displayValue ?? 'n/a', score: lhr.audits[id]?.score == null ? 'n/a' : Math.round((lhr.audits[id]?.score ?? 0) * 100) })));

for (const id of below) {
  const category = lhr.categories[id];
  if (!category) continue;
  const failing = category.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && !UNSCORED.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 0.9)
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit?.score ?? 0) - (b.audit?.score ?? 0));
  console.log(`Failing audits of ${category.title} (${score(category)} < ${TARGETS[id]}), heaviest first:`);
  table(failing.map(({ ref, audit }) => ({ id: ref.id, title: audit?.title ?? '', value: audit?.displayValue ?? '', score: Math.round((audit?.score ?? 0) * 100), weight: ref.weight })));
  if (id === 'performance') {
    // Where the bytes are: the largest responses (as transferred) and what is unused of each.
    const items = (auditId: string) => ((lhr.audits[auditId]?.details as { items?: { url?: string; totalBytes?: number; wastedBytes?: number }[] } | undefined)?.items ?? []);
    const unused = new Map(items('unused-javascript').map((item) => [item.url, item.wastedBytes ?? 0]));
    const kib = (bytes: number | undefined) => (bytes === undefined ? '' : (bytes / 1024).toFixed(1));
    console.log('Largest responses (transferred):');
    table(items('total-byte-weight').slice(0, 8).map((item) => ({ url: item.url ?? '', KiB: kib(item.totalBytes), 'unused JS KiB': kib(unused.get(item.url)) })));
  }
}

if (process.env.LIGHTHOUSE_JSON) {
  writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(lhr, null, 2));
  console.log(`Full report (JSON, open in https://googlechrome.github.io/lighthouse/viewer/): ${process.env.LIGHTHOUSE_JSON}`);
}

// Nothing may leave the machine: every request the page made should be to loopback.
const requests = (lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
const external = requests.map((r) => r.url ?? '').filter((url) => !/^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:)/.test(url));
if (external.length > 0) console.log(`warning: ${external.length} non-loopback request(s): ${external.slice(0, 5).join(', ')}`);

console.log(below.length === 0 ? 'All targets met.' : `Below target: ${below.join(', ')}.`);
console.log('Reproduce: npm run build && npx tsx bench/lighthouse.ts');
