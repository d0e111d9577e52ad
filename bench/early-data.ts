/**
 * When a signed-in route's first data goes out and when its largest paint happens, on a phone throttled for real
 * (4× CPU and DevTools' slow 4G: 562.5 ms round trip, 1.47 Mbit/s down, 675 kbit/s up), not simulated as
 * Lighthouse does: Lighthouse's simulation adds up the main thread's work and the network's on one estimated
 * graph, this bench lets the two overlap as they do in a browser. For each route: a fresh phone context with a
 * fresh token (a returning user on a cold cache), then the time from navigation to the first GET to the API, to
 * the last of the route's early GETs (`earlyGetsOf`) answering, and to the largest contentful paint the browser
 * reports. A bench, not a test: it prints the figures of each run and their median.
 * `EARLY_DATA_RUNS=n` (default 3), `EARLY_DATA_PATHS=/user-dashboard/,/partner-dashboard/` (default: the page
 * manager, the user dashboard, the partner dashboard), `BENCH_PORT_OFFSET=n` moves every port. Builds must exist.
 * Reproduce: `npm run build && npx tsx bench/early-data.ts`.
 */
import { earlyGetsOf } from '@pagemate/shared-contracts/plain';
import { benchRoleOf, signedInPhoneContext, startStartUpRig } from './signed-in-api.ts';
import { sleep, table } from './support.ts';

const BASE_PORT = 5200 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const RUNS = Math.max(1, Number.parseInt(process.env.EARLY_DATA_RUNS ?? '3', 10) || 3);
const PATHS = (process.env.EARLY_DATA_PATHS ?? '/user-dashboard/page-manager/,/user-dashboard/,/partner-dashboard/').split(',').map((path) => path.trim()).filter(Boolean);
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

interface Run {
  firstGet: number;
  earlyDone: number;
  lcp: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');

const rig = await startStartUpRig(BASE_PORT);
const apiOrigin = `http://127.0.0.1:${BASE_PORT + 80}`;
const rows: Record<string, string>[] = [];
try {
  for (const path of PATHS) {
    const runs: Run[] = [];
    const role = benchRoleOf(path);
    const account = await rig.api.signUp(role);
    for (let i = 0; i < RUNS; i++) {
      const login = await rig.api.login(account);
      const userId = (JSON.parse(Buffer.from(login.access_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { userId: string }).userId;
      const early = earlyGetsOf(path, role, userId).map((url) => `${apiOrigin}/${url}`);
      const context = await signedInPhoneContext(rig.browser, login);
      await context.addInitScript(() => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1);
          if (last) (window as unknown as { benchLcp: number }).benchLcp = last.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${rig.url}${path}`);
      await page.locator('main').first().waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      await sleep(1000);
      const run = await page.evaluate(
        ({ apiOrigin, early }) => {
          const api = performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(apiOrigin)) as PerformanceResourceTiming[];
          const ends = early.map((url) => Math.min(...api.filter((entry) => entry.name === url).map((entry) => entry.responseEnd)));
          return {
            firstGet: Math.min(...api.map((entry) => entry.startTime)),
            earlyDone: Math.max(...ends),
            lcp: (window as unknown as { benchLcp?: number }).benchLcp ?? Number.NaN,
          };
        },
        { apiOrigin, early },
      );
      runs.push(run);
      console.log(`${path} run ${i + 1}: first GET ${ms(run.firstGet)}, early GETs answered ${ms(run.earlyDone)}, LCP ${ms(run.lcp)}`);
      await context.close();
    }
    rows.push({
      route: path,
      as: role,
      'first GET': ms(median(runs.map((run) => run.firstGet))),
      'early GETs answered': ms(median(runs.map((run) => run.earlyDone))),
      LCP: ms(median(runs.map((run) => run.lcp))),
    });
  }
} finally {
  await rig.close();
}
console.log(`median of ${RUNS} runs, 4× CPU, slow 4G applied by DevTools`);
table(rows);
