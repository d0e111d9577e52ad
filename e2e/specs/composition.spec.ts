import { expect, test } from '../support/fixtures';
import { remoteOrigin } from '../support/ports';

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

  test('a signed-out visit to a dashboard route goes to sign-in', async ({ page }) => {
    await page.goto('/user-dashboard/');
    await expect(page).toHaveURL(/\/sign-in\/\?next=%2Fuser-dashboard/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-page/');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-404')).toBeVisible();
  });
});
