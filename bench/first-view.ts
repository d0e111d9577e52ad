/**
 * The signed-in first view drawn before the app's code (`shell/src/first-view/`) next to the app that replaces
 * it: for each route and viewport (a 390 × 844 phone and a 1280 × 800 desktop) the app's chunk is held back, the
 * pre-drawn view photographed and its parts measured; then the chunk is released and, once the route's layout is
 * drawn, the app is photographed and measured the same way. Prints one row per part (header, side menu,
 * breadcrumb, heading, greeting) with both rectangles and fonts, and writes the PNGs to `FIRST_VIEW_SHOTS`
 * (default /tmp/first-view). The API, accounts and token storage are those of bench/lighthouse.ts.
 * `FIRST_VIEW_PATHS=/user-dashboard/,/partner-dashboard/` picks the routes, `FIRST_VIEW_LANGUAGE=en` and
 * `FIRST_VIEW_MODE=dark` the stored language and theme mode, `BENCH_PORT_OFFSET=n` moves every port.
 * Reproduce: `npm run build && npx tsx bench/first-view.ts`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY, STORAGE_KEYS } from '@pagemate/shared-contracts/contracts';
import { startStartUpRig } from './signed-in-api.ts';
import { table } from './support.ts';

const BASE_PORT = 6400 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const PATHS = (process.env.FIRST_VIEW_PATHS ?? '/user-dashboard/,/user-dashboard/page-manager/,/partner-dashboard/').split(',').filter(Boolean);
const LANGUAGE = process.env.FIRST_VIEW_LANGUAGE ?? 'vi';
const MODE = process.env.FIRST_VIEW_MODE ?? 'light';
const OUT = process.env.FIRST_VIEW_SHOTS ?? '/tmp/first-view';
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, deviceScaleFactor: 1 },
];
/** The shell's app chunk (`webpackChunkName: "app"` in start.tsx). */
const APP_CHUNK = /\/static\/js\/async\/app\.[0-9a-f]+\.js$/;

/** Each part's rectangle and font, pre-drawn (`[data-first-view=…]`) or the app's (by its place in the layout). */
function measure(prefix: string): Record<string, string> {
  const app: Record<string, string> = {
    header: '[data-testid="app-header"]',
    sider: '.pm-sider-frame',
    breadcrumb: 'main .ant-breadcrumb',
    title: 'main h1',
    intro: 'main h1 + .ant-typography',
  };
  const parts: Record<string, string> = {};
  for (const [name, selector] of Object.entries(app)) {
    const element = document.querySelector(prefix === 'app' ? selector : `[data-first-view="${name}"]`);
    if (!element) continue;
    const r = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    parts[name] = `${r.x.toFixed(1)},${r.y.toFixed(1)} ${r.width.toFixed(1)}×${r.height.toFixed(1)} ${style.fontSize}/${style.lineHeight} ${style.fontWeight} ${style.color} bg ${style.backgroundColor}`;
  }
  return parts;
}

mkdirSync(OUT, { recursive: true });
const rig = await startStartUpRig(BASE_PORT);
try {
  const accounts = {
    user: await rig.api.login(await rig.api.signUp('user')),
    partner: await rig.api.login(await rig.api.signUp('partner')),
  };
  const rows: Record<string, string>[] = [];
  for (const path of PATHS) {
    const login = path.startsWith('/user-dashboard') ? accounts.user : accounts.partner;
    for (const { name, ...device } of VIEWPORTS) {
      const context = await rig.browser.newContext(device);
      await context.addInitScript(
        ({ keys, token, features, language, mode }) => {
          localStorage.setItem(keys.accessToken, token);
          localStorage.setItem(keys.userFeatures, JSON.stringify(features));
          localStorage.setItem(keys.language, language);
          if (mode !== 'light') localStorage.setItem(keys.theme, JSON.stringify({ mode }));
        },
        {
          keys: { accessToken: STORAGE_KEYS.accessToken, userFeatures: STORAGE_KEYS.userFeatures, language: LANGUAGE_STORAGE_KEY, theme: STORAGE_KEYS.theme },
          token: login.access_token,
          features: login.user_features,
          language: LANGUAGE,
          mode: MODE,
        },
      );
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await context.route(APP_CHUNK, async (route: Route) => {
        await released;
        await route.continue();
      });
      const page: Page = await context.newPage();
      await page.goto(`${rig.url}${path}`, { waitUntil: 'domcontentloaded' });
      await page.waitForTimeout(1500);
      const slug = `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${name}`;
      await page.screenshot({ path: join(OUT, `${slug}-first-view.png`) });
      const before = await page.evaluate(measure, 'first-view');
      release();
      await page.locator('main').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(OUT, `${slug}-app.png`) });
      const after = await page.evaluate(measure, 'app');
      for (const part of new Set([...Object.keys(before), ...Object.keys(after)])) {
        rows.push({ route: path, viewport: name, part, 'pre-drawn': before[part] ?? '-', app: after[part] ?? '-' });
      }
      await context.close();
    }
  }
  table(rows);
  console.log(`screenshots in ${OUT}`);
} finally {
  await rig.close();
}
