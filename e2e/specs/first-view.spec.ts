import type { Page } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY, STORAGE_KEYS } from '@pagemate/shared-contracts/contracts';
import { newAccount, registerAccount, signIn, type Account } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/**
 * The signed-in first view (shell/src/first-view/): drawn in plain DOM before the app's code has arrived, replaced
 * by the app's layout with nothing moving and nothing of it left behind.
 */

/** The shell's app chunk (`webpackChunkName: "app"` in shell/src/start.tsx). */
const APP_CHUNK = /\/static\/js\/async\/app\.[0-9a-f]+\.js$/;
const PHONE = { width: 390, height: 844 };

/** Holds the app's chunk back until `release` is called. */
async function holdAppChunk(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Runs before the page's scripts: sums every layout shift into `window.__pmShift`. */
function recordShifts(): void {
  const state = window as unknown as { __pmShift: number };
  state.__pmShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) state.__pmShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** A box rounded to the device pixel, to compare the pre-drawn part with the app's. */
async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  return box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

async function signedIn(page: Page, request: Parameters<typeof registerAccount>[0], type: Account['accountType'], storage: Record<string, string> = {}): Promise<Account> {
  const account = newAccount(type);
  await registerAccount(request, account);
  await signIn(page, account);
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  await page.addInitScript(recordShifts);
  return account;
}

test.describe('the first view drawn before the app', () => {
  test.use({ viewport: PHONE });

  test('a phone: the header and greeting stand before the app; the app takes their place with no shift and one h1', async ({ page, request }) => {
    const account = await signedIn(page, request, 'user');
    const release = await holdAppChunk(page);
    await page.goto('/user-dashboard/', { waitUntil: 'domcontentloaded' });

    const firstView = page.locator('#pm-first-view');
    await expect(firstView.locator('[data-first-view="header"]')).toBeVisible();
    await expect(firstView.locator('[data-first-view="sider"]')).toHaveCount(0);
    await expect(firstView.locator('h1')).toHaveText('Bảng điều khiển');
    await expect(firstView.locator('[data-first-view="intro"]')).toContainText(`Chào mừng trở lại, ${account.username}`);
    // Hidden from assistive technology: no heading is announced until the app's page is there.
    await expect(firstView).toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    const preDrawn = {
      header: await boxOf(page, '[data-first-view="header"]'),
      breadcrumb: await boxOf(page, '[data-first-view="breadcrumb"]'),
      title: await boxOf(page, '[data-first-view="title"]'),
      intro: await boxOf(page, '[data-first-view="intro"]'),
    };

    release();
    const heading = page.locator('#main h1');
    await expect(heading).toHaveText('Bảng điều khiển');
    await expect(firstView).toHaveCount(0);
    expect(await page.locator('h1').count()).toBe(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('#main h1 + .ant-typography')).toContainText(`Chào mừng trở lại, ${account.username}`);
    expect({
      header: await boxOf(page, '[data-testid="app-header"]'),
      breadcrumb: await boxOf(page, '#main .ant-breadcrumb'),
      title: await boxOf(page, '#main h1'),
      intro: await boxOf(page, '#main h1 + .ant-typography'),
    }).toEqual(preDrawn);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __pmShift: number }).__pmShift)).toBe(0);
  });

  test('a desktop in English and dark mode: the side menu frame, the English greeting, replaced in place', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const account = await signedIn(page, request, 'user', { [LANGUAGE_STORAGE_KEY]: 'en', [STORAGE_KEYS.theme]: JSON.stringify({ mode: 'dark' }) });
    const release = await holdAppChunk(page);
    await page.goto('/user-dashboard/', { waitUntil: 'domcontentloaded' });

    const firstView = page.locator('#pm-first-view');
    await expect(firstView).toHaveAttribute('data-mode', 'dark');
    await expect(firstView.locator('h1')).toHaveText('Dashboard');
    await expect(firstView.locator('[data-first-view="intro"]')).toContainText(`Welcome back, ${account.username}`);
    const sider = await boxOf(page, '[data-first-view="sider"]');
    const title = await boxOf(page, '[data-first-view="title"]');

    release();
    await expect(page.locator('#main h1')).toHaveText('Dashboard');
    await expect(firstView).toHaveCount(0);
    expect(await boxOf(page, '.pm-sider-frame')).toEqual(sider);
    expect(await boxOf(page, '#main h1')).toEqual(title);
    expect(await page.locator('h1').count()).toBe(1);
  });

  test("a partner: the partner layout's frame, replaced by the partner dashboard", async ({ page, request }) => {
    await signedIn(page, request, 'partner');
    const release = await holdAppChunk(page);
    await page.goto('/partner-dashboard/', { waitUntil: 'domcontentloaded' });

    const firstView = page.locator('#pm-first-view');
    await expect(firstView.locator('[data-first-view="header"]')).toBeVisible();
    await expect(firstView.locator('[data-first-view="breadcrumb"]')).toHaveText('Bảng điều khiển');
    await expect(firstView.locator('h1')).toHaveCount(0);
    const header = await boxOf(page, '[data-first-view="header"]');

    release();
    await expect(page.locator('#main h1')).toBeVisible();
    await expect(firstView).toHaveCount(0);
    expect(await boxOf(page, '[data-testid="app-header"]')).toEqual(header);
    expect(await page.locator('h1').count()).toBe(1);
  });

  test("the user dashboard's first view is drawn before the app's chunk is asked for; another route's is not waited for", async ({ page, request }) => {
    await signedIn(page, request, 'user');
    await page.addInitScript(() => {
      const state = window as unknown as { __pmFirstViewAt?: number };
      new MutationObserver(() => {
        if (state.__pmFirstViewAt === undefined && document.getElementById('pm-first-view')) state.__pmFirstViewAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    /** When the first view was drawn and when the browser asked for the app's chunk, in ms after navigation. */
    const order = () =>
      page.evaluate((chunk) => {
        const asked = performance.getEntriesByType('resource').find((entry) => new RegExp(chunk).test(entry.name));
        return { drawn: (window as unknown as { __pmFirstViewAt?: number }).__pmFirstViewAt, asked: asked?.startTime };
      }, APP_CHUNK.source);

    await page.goto('/user-dashboard/');
    await expect(page.locator('#main h1')).toHaveText('Bảng điều khiển');
    const dashboard = await order();
    expect(dashboard.drawn).toBeDefined();
    expect(dashboard.asked).toBeGreaterThan(dashboard.drawn ?? Infinity);

    // The page manager's first view is the layout's frame only: the app's chunk goes out beside its texts.
    await page.goto('/user-dashboard/page-manager/');
    await expect(page.locator('#main h1')).toBeVisible();
    const pageManager = await order();
    expect(pageManager.drawn).toBeDefined();
    expect(pageManager.asked).toBeLessThan(pageManager.drawn ?? -Infinity);
  });

  test('an app that cannot start takes the first view away and says so', async ({ page, request }) => {
    await signedIn(page, request, 'user');
    await page.route('**/config.json', (route) => route.abort());
    await page.goto('/user-dashboard/');
    await expect(page.locator('#root')).toHaveText(/\S/);
    await expect(page.locator('#pm-first-view')).toHaveCount(0);
  });

  test('a signed-out visit draws no first view', async ({ page }) => {
    await page.goto('/sign-in/');
    await expect(page.locator('form')).toBeVisible();
    await expect(page.locator('#pm-first-view')).toHaveCount(0);
  });
});
