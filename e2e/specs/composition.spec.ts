import { earlyGetsOf } from '@pagemate/shared-contracts/plain';
import { signIn, userIdOf } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { API_URL, remoteOrigin } from '../support/ports';

test.describe('static export and runtime composition', () => {
  test('the landing page at / comes from mf_landing', async ({ page }) => {
    const landingRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(remoteOrigin('mf_landing'))) landingRequests.push(r.url());
    });
    await page.goto('/');
    await expect(page.locator('#home')).toBeVisible();
    for (const anchor of ['services', 'statistics', 'testimonials', 'framework', 'faq', 'contact']) {
      await expect(page.locator(`#${anchor}`)).toHaveCount(1);
    }
    expect(landingRequests.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
  });

  test('a signed-out visit to / mounts the landing alone (no antd), and Sign In starts the app', async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/mf-manifest\.json$/.test(r.url())) remoteRequests.push(r.url());
    });
    await page.goto('/');
    await expect(page.locator('#home')).toBeVisible();
    await expect(page.locator('[class*="ant-"]')).toHaveCount(0);
    expect(remoteRequests).toEqual([`${remoteOrigin('mf_landing')}/mf-manifest.json`]);
    await page.getByRole('banner').getByRole('link', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL(/\/sign-in\/$/);
    await expect(page.getByRole('heading', { name: 'Đăng nhập PageMate' })).toBeVisible();
  });

  test('a signed-in visit to / shows the landing inside the app, its links routed in place', async ({ page, signInAs }) => {
    await signInAs('user');
    await page.goto('/');
    await expect(page.locator('#home')).toBeVisible();
    await page.getByRole('button', { name: 'Sản phẩm' }).click();
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.getByRole('menuitem', { name: 'Hồ sơ của tôi' }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/$/);
    await expect(page.getByTestId('side-menu-user')).toBeVisible();
    expect(loads).toEqual([]);
  });

  test('the sign-in page is served as a deep link', async ({ page }) => {
    const response = await page.goto('/sign-in/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Đăng nhập PageMate' })).toBeVisible();
    await expect(page.getByLabel('Mật khẩu')).toBeVisible();
  });

  test('a deep link into a remote route renders the remote inside the dashboard', async ({ page, signInAs }) => {
    const account = await signInAs('user');
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ json: { status: 200, data: { total_balance: 250000 } } }));
    const response = await page.goto('/user-dashboard/balance/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Tổng quan số dư' })).toBeVisible();
    await expect(page.getByTestId('side-menu-user')).toBeVisible();
    await expect(page.getByTestId('header-username')).toHaveText(account.username);
    await expect(page.getByTestId('header-role')).toHaveText('User');
  });

  test("a deep link into a remote route starts the remote's files beside the app's chunk and reads each runtime file once", async ({ page, signInAs }) => {
    await signInAs('user');
    const origin = remoteOrigin('mf_balance');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // The app's chunk is held until the remote's entry and exposed files have been asked for: without the early
    // start (shell/src/early-start/), nothing asks for them before the app runs, and the page never draws.
    let remoteStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (remoteStarted = resolve));
    const remoteScripts = () => requested.filter((url) => url.startsWith(`${origin}/static/js/`));
    page.on('request', () => {
      if (remoteScripts().some((url) => /\/mf_balance\.[0-9a-f]+\.js$/.test(url)) && remoteScripts().some((url) => url.includes('__federation_expose_routes'))) remoteStarted();
    });
    await page.route(/\/static\/js\/async\/app\.[0-9a-f]+\.js$/, async (route) => {
      await started;
      await route.continue();
    });
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ json: { status: 200, data: { total_balance: 250000 } } }));
    await page.goto('/user-dashboard/balance/');
    await expect(page.getByRole('heading', { name: 'Tổng quan số dư' })).toBeVisible();

    const count = (suffix: string) => requested.filter((url) => new URL(url).pathname === suffix && !url.startsWith(origin)).length;
    expect(count('/config.json')).toBe(1);
    expect(count('/remotes.json')).toBe(1);
    expect(requested.filter((url) => url === `${origin}/mf-manifest.json`)).toHaveLength(1);
    // Each of the remote's files once: the preloaded answer is the one its script tag used.
    expect(remoteScripts().length).toBe(new Set(remoteScripts()).size);
  });

  test("a cold visit to the page manager sends the route's first GETs early, each once: the app takes their answers", async ({ page, accounts }) => {
    const userId = userIdOf(await signIn(page, accounts.user));
    const early = earlyGetsOf('/user-dashboard/page-manager/', 'user', userId);
    expect(early).toContain(`api/v1/facebook/config/get?user_id=${userId}`);
    const gets: string[] = [];
    // The app's chunk is held until every early GET has been sent: without the early start
    // (shell/src/early-start/early-requests.ts) none goes out before the app runs, and the page never draws.
    let allSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (allSent = resolve));
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().startsWith(`${API_URL}/`)) gets.push(request.url().slice(API_URL.length + 1));
      if (early.every((url) => gets.includes(url))) allSent();
    });
    await page.route(/\/static\/js\/async\/app\.[0-9a-f]+\.js$/, async (route) => {
      await sent;
      await route.continue();
    });
    await page.goto('/user-dashboard/page-manager/');
    await expect(page.getByRole('heading', { name: 'Quản lý Trang' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const url of early) expect(gets.filter((made) => made === url), url).toHaveLength(1);
  });

  test('a signed-out visit to a dashboard route goes to sign-in', async ({ page }) => {
    await page.goto('/user-dashboard/');
    await expect(page).toHaveURL(/\/sign-in\/\?next=%2Fuser-dashboard/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-page/');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-404')).toBeVisible();
  });

  test("a remote's own page is a static notice: no script, so it needs no runtime the shell alone provides", async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${remoteOrigin('mf_balance')}/`);
    await expect(page.getByRole('heading', { name: 'mf_balance' })).toBeVisible();
    await expect(page.getByText('meant to be loaded by the shell')).toBeVisible();
    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);
  });
});
