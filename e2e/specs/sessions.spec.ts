import type { Page } from '@playwright/test';
import { newAccount, readEmailCode, registerAccount, type Account } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { API_URL, E2E_PORTS, SHORT_ACCESS_TOKEN_TTL_SECONDS, SHORT_API_URL, SHORT_SHELL_URL } from '../support/ports';

async function signInThroughThePage(page: Page, account: Account, shellUrl = ''): Promise<void> {
  await page.goto(`${shellUrl}/sign-in/`);
  await page.getByLabel('Tên đăng nhập hoặc email').fill(account.username);
  await page.getByLabel('Mật khẩu').fill(account.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

test.describe('accounts and sessions', () => {
  test('a new user signs up with the emailed code and lands on the user dashboard', async ({ page }) => {
    const account = newAccount('user');
    await page.goto('/sign-up/');
    await page.getByLabel('Email').fill(account.email);
    await page.getByTestId('send-code').click();
    await expect(page.getByText(`Chúng tôi đã gửi mã 6 chữ số tới ${account.email}`)).toBeVisible();
    const code = await readEmailCode(account.email, 'register');

    // Field validation speaks the user's language before anything is sent.
    await page.getByLabel('Tên đăng nhập', { exact: true }).fill('x');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Tạo tài khoản' }).click();
    await expect(page.getByText('3–32 ký tự: chữ, số, dấu chấm, gạch ngang hoặc gạch dưới.').first()).toBeVisible();

    await page.getByLabel('Mã xác minh').fill(code);
    await page.getByLabel('Tên đăng nhập', { exact: true }).fill(account.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
    await page.getByLabel('Nhập lại mật khẩu').fill(account.password);
    await page.getByRole('button', { name: 'Tạo tài khoản' }).click();

    await expect(page).toHaveURL(/\/user-dashboard\/$/);
    await expect(page.getByTestId('header-username')).toHaveText(account.username);
    await expect(page.getByTestId('header-role')).toHaveText('User');
  });

  test('a wrong password gets a clear message and the user stays on sign-in', async ({ page, accounts }) => {
    await signInThroughThePage(page, { ...accounts.user, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toContainText('Sai tên đăng nhập hoặc mật khẩu.');
    await expect(page).toHaveURL(/\/sign-in\/$/);
  });

  test('the refresh token lives only in an HttpOnly, Secure, SameSite=Strict cookie scoped to /refresh_token', async ({ page, accounts }) => {
    await signInThroughThePage(page, accounts.user);
    await expect(page).toHaveURL(/\/user-dashboard\/$/);
    const cookies = await page.context().cookies();
    expect(cookies).toHaveLength(1);
    const [refresh] = cookies;
    expect(refresh).toMatchObject({ path: '/refresh_token', httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  test('a forgotten password is reset with the emailed code, and the new one signs in', async ({ page, playwright }) => {
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account);
    await request.dispose();

    await page.goto('/reset-password/');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Gửi mã đặt lại' }).click();
    await expect(page).toHaveURL(/\/create-password\/\?email=/);
    const code = await readEmailCode(account.email, 'reset');
    const newPassword = `${account.password}-moi`;
    await page.getByLabel('Mã xác minh').fill(code);
    await page.getByLabel('Mật khẩu mới').fill(newPassword);
    await page.getByLabel('Nhập lại mật khẩu').fill(newPassword);
    await page.getByRole('button', { name: 'Lưu mật khẩu' }).click();
    await expect(page).toHaveURL(/\/sign-in\/$/);
    await expect(page.getByText('Mật khẩu đã được đổi. Hãy đăng nhập bằng mật khẩu mới.')).toBeVisible();

    await signInThroughThePage(page, account);
    await expect(page.getByRole('alert')).toContainText('Sai tên đăng nhập hoặc mật khẩu.');
    await signInThroughThePage(page, { ...account, password: newPassword });
    await expect(page).toHaveURL(/\/user-dashboard\/$/);
  });

  test('a partner account sees only the partner menu', async ({ page, accounts }) => {
    await signInThroughThePage(page, accounts.partner);
    await expect(page).toHaveURL(/\/partner-dashboard\/$/);
    await expect(page.getByTestId('side-menu-partner')).toBeVisible();
    await expect(page.getByTestId('side-menu-user')).toHaveCount(0);
    await expect(page.getByTestId('header-role')).toHaveText('Partner');
  });

  test('Log Out ends the session in every tab and shows the toast', async ({ page, accounts }) => {
    await signInThroughThePage(page, accounts.user);
    await expect(page).toHaveURL(/\/user-dashboard\/$/);
    const other = await page.context().newPage();
    await other.goto('/user-dashboard/page-manager/');
    await expect(other.getByTestId('header-username')).toHaveText(accounts.user.username);

    await page.getByTestId('profile-button').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await expect(page).toHaveURL(/\/sign-in\/$/);
    await expect(page.getByText('Đăng xuất thành công.')).toBeVisible();
    // The other tab is sent to sign-in too (with where it was as `next`).
    await expect(other).toHaveURL(/\/sign-in\//);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await page.goto('/user-dashboard/');
    await expect(page).toHaveURL(/\/sign-in\//);
  });
});

// CORS_ORIGINS lists the shell at both addresses (global-setup.ts), as `npm start` does; the API is at localhost,
// so at 127.0.0.1 every API call is cross-site to the browser.
test.describe('the shell at either loopback address', () => {
  for (const host of ['localhost', '127.0.0.1'] as const) {
    test(`at http://${host}: signs in, loads the dashboard, survives a reload and signs out, with no call refused`, async ({ page, accounts }) => {
      const shell = `http://${host}:${E2E_PORTS.shell}`;
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(API_URL) && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
      });
      await signInThroughThePage(page, accounts.user, shell);
      await expect(page).toHaveURL(`${shell}/user-dashboard/`);
      await expect(page.getByTestId('header-username')).toHaveText(accounts.user.username);
      await expect(page.getByTestId('figure-pages')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('figure-pages')).toBeVisible();
      await expect(page.getByTestId('header-username')).toHaveText(accounts.user.username);
      // The SameSite=Strict refresh cookie is kept only when the shell is on the API's site: from 127.0.0.1 the
      // browser drops it, so there the session lasts as long as its access token (see the expiry test below).
      const cookies = await page.context().cookies(`${API_URL}/refresh_token`);
      expect(cookies.map((cookie) => cookie.name)).toEqual(host === 'localhost' ? ['pm_refresh'] : []);

      await page.getByTestId('profile-button').click();
      await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
      await expect(page).toHaveURL(`${shell}/sign-in/`);
      await expect(page.getByText('Đăng xuất thành công.')).toBeVisible();
      expect(refused).toEqual([]);
    });
  }
});

test.describe('access-token expiry (tokens live a few seconds in this deployment)', () => {
  test('work goes on past expiry, in two tabs at once, without signing the user out', async ({ page, playwright }) => {
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account, SHORT_API_URL, E2E_PORTS.shortApi);
    await request.dispose();

    const refreshes: number[] = [];
    page.context().on('response', (response) => {
      if (response.url() === `${SHORT_API_URL}/refresh_token`) refreshes.push(response.status());
    });
    await signInThroughThePage(page, account, SHORT_SHELL_URL);
    await expect(page).toHaveURL(/\/user-dashboard\/$/);
    const second = await page.context().newPage();
    await second.goto(`${SHORT_SHELL_URL}/user-dashboard/page-manager/`);
    await expect(second.getByTestId('header-username')).toHaveText(account.username);

    for (let round = 0; round < 2; round += 1) {
      await page.waitForTimeout((SHORT_ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
      // Both tabs call the API with an expired token at the same moment.
      const features = (p: Page) => p.waitForResponse((r) => r.url().endsWith('/api/v1/account/features') && r.status() === 200);
      await Promise.all([features(page), features(second), page.reload(), second.reload()]);
      await expect(page.getByTestId('header-username')).toHaveText(account.username);
      await expect(second.getByTestId('header-username')).toHaveText(account.username);
    }
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    await expect(page).toHaveURL(/\/user-dashboard\/$/);
    await expect(second).toHaveURL(/\/user-dashboard\/page-manager\/$/);
  });

  test('at 127.0.0.1 (another site than the API) the session ends with its access token: no refresh cookie, so sign in again', async ({ page, playwright }) => {
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account, SHORT_API_URL, E2E_PORTS.shortApi);
    await request.dispose();
    const shell = `http://127.0.0.1:${E2E_PORTS.shortShell}`;
    await signInThroughThePage(page, account, shell);
    await expect(page.getByTestId('header-username')).toHaveText(account.username);
    await page.waitForTimeout((SHORT_ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    await page.reload();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/sign-in\//);
  });
});
