import { expect, test } from '../support/fixtures';

test.describe('failure isolation', () => {
  test('a stopped remote shows the fallback, others still work, and retry recovers without a reload', async ({ page, remotes, signInAs }) => {
    await signInAs('user');
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ json: { status: 200, data: { total_balance: 0 } } }));
    await remotes.stop('mf_balance');
    try {
      await page.goto('/user-dashboard/balance/');
      await expect(page.getByTestId('remote-unavailable')).toBeVisible();
      await expect(page.getByText('Phần này hiện không khả dụng')).toBeVisible();
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });

      // Another remote's route still works, inside the same document.
      await page.getByRole('link', { name: /Quản lý bài đăng/ }).click();
      await expect(page).toHaveURL(/\/user-dashboard\/post-manager\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);

      // Back to the broken one: still the fallback while its server is down.
      await page.getByRole('link', { name: /Số dư/ }).first().click();
      await expect(page.getByTestId('remote-unavailable')).toBeVisible();
    } finally {
      await remotes.start('mf_balance');
    }

    await page.getByTestId('remote-retry').click();
    await expect(page.getByRole('heading', { name: 'Tổng quan số dư' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
