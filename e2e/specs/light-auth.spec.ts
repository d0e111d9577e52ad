import type { Page } from '@playwright/test';
import { newAccount, readEmailCode } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** The texts of the sign-in form in each language (shell/src/locales/<language>/common.json). */
const SIGN_IN = {
  vi: { title: 'Đăng nhập PageMate', username: 'Tên đăng nhập hoặc email', password: 'Mật khẩu', submit: 'Đăng nhập', wrong: 'Sai tên đăng nhập hoặc mật khẩu.' },
  en: { title: 'Sign in to PageMate', username: 'Username or email', password: 'Password', submit: 'Sign In', wrong: 'Wrong username or password.' },
} as const;

async function openLightPage(page: Page, path: string, language: 'vi' | 'en'): Promise<void> {
  await page.goto(path);
  if (language === 'en') await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test.describe('the signed-out authentication pages load light', () => {
  for (const language of ['vi', 'en'] as const) {
    const text = SIGN_IN[language];

    test(`sign-in (${language}): drawn without antd, and signing in lands in the app signed in`, async ({ page, accounts }) => {
      await openLightPage(page, '/sign-in/', language);
      await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
      await expect(page.locator('[class*="ant-"]')).toHaveCount(0);
      await page.getByLabel(text.username).fill(accounts.user.username);
      await page.getByLabel(text.password, { exact: true }).fill(accounts.user.password);
      await page.getByRole('button', { name: text.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/user-dashboard\/$/);
      await expect(page.getByTestId('header-username')).toHaveText(accounts.user.username);
      await expect(page.getByTestId('figure-pages')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // A reload keeps the session: the token is where the app's start-up reads it.
      await page.reload();
      await expect(page.getByTestId('header-username')).toHaveText(accounts.user.username);
    });

    test(`sign-in (${language}): a wrong password says so and stays on the light page`, async ({ page, accounts }) => {
      await openLightPage(page, '/sign-in/', language);
      await page.getByLabel(text.username).fill(accounts.user.username);
      await page.getByLabel(text.password, { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: text.submit, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(text.wrong);
      await expect(page).toHaveURL(/\/sign-in\/$/);
      await expect(page.locator('[class*="ant-"]')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('accessToken') ?? sessionStorage.getItem('accessToken'))).toBeNull();
    });
  }

  test('a partner signs in from the light page and lands on the partner dashboard, a next path is followed', async ({ page, accounts }) => {
    await page.goto('/sign-in/?next=%2Fpartner-dashboard%2Fcrm%2F');
    await page.getByLabel(SIGN_IN.vi.username).fill(accounts.partner.username);
    await page.getByLabel(SIGN_IN.vi.password, { exact: true }).fill(accounts.partner.password);
    await page.getByRole('button', { name: SIGN_IN.vi.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/partner-dashboard\/crm\/$/);
    await expect(page.getByTestId('header-role')).toHaveText('Partner');
  });

  test('sign-up in English from the light page: field checks, then the account lands on its dashboard signed in', async ({ page }) => {
    const account = newAccount('user');
    await openLightPage(page, '/sign-up/', 'en');
    await page.getByLabel('Email').fill(account.email);
    await page.getByTestId('send-code').click();
    await expect(page.getByText(`We sent a 6-digit code to ${account.email}`)).toBeVisible();
    const code = await readEmailCode(account.email, 'register');

    await page.getByLabel('Username', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('3–32 characters: letters, digits, dot, dash or underscore.').first()).toBeVisible();
    await expect(page.getByText('This field is required.').first()).toBeVisible();

    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/$/);
    await expect(page.getByTestId('header-username')).toHaveText(account.username);
  });

  test("the app's code is prefetched at idle on the light page, so the dashboard after sign-in takes it from the cache", async ({ page, accounts }) => {
    const prefetchList = page.waitForResponse((response) => response.url().endsWith('/app-prefetch.json'));
    await page.goto('/sign-in/');
    const listed = ((await (await prefetchList).json()) as { files: string[] }).files;
    expect(listed.some((file) => /\/app\.[0-9a-f]+\.js$/.test(file))).toBe(true);
    // Every listed file is either already on the page or prefetched.
    await expect
      .poll(() => page.evaluate((files) => files.filter((file) => !performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === file)), listed))
      .toEqual([]);
    await expect(page.locator('[class*="ant-"]')).toHaveCount(0);

    // From here on: which of the app's files the browser still takes from the network.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const requested = new Map<string, string>();
    const fromCache = new Set<string>();
    const fromNetwork = new Set<string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const path = new URL(event.request.url).pathname;
      if (listed.includes(path)) requested.set(event.requestId, path);
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const path = requested.get(event.requestId);
      if (path) fromCache.add(path);
    });
    cdp.on('Network.responseReceived', (event) => {
      const path = requested.get(event.requestId);
      if (!path) return;
      if (event.response.fromDiskCache === true || event.response.fromPrefetchCache === true) fromCache.add(path);
      else fromNetwork.add(path);
    });
    await page.getByLabel(SIGN_IN.vi.username).fill(accounts.user.username);
    await page.getByLabel(SIGN_IN.vi.password, { exact: true }).fill(accounts.user.password);
    await page.getByRole('button', { name: SIGN_IN.vi.submit, exact: true }).click();
    await expect(page.getByTestId('figure-pages')).toBeVisible();
    expect([...fromNetwork].filter((path) => !fromCache.has(path))).toEqual([]);
    expect([...fromCache].some((path) => /\/app\.[0-9a-f]+\.js$/.test(path))).toBe(true);
  });

  test('with Save-Data the light page prefetches nothing', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
    const prefetchList: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/app-prefetch.json')) prefetchList.push(request.url());
    });
    await page.goto('/sign-in/');
    await expect(page.getByRole('heading', { name: SIGN_IN.vi.title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(prefetchList).toEqual([]);
    await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  });
});
