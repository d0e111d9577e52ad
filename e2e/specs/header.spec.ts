import { expect, test } from '../support/fixtures';

test.describe('dashboard header and menu', () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs('user');
  });

  test('notifications: count badge, dismissible samples, empty state in both languages', async ({ page }) => {
    await page.goto('/user-dashboard/');
    const badge = page.getByTestId('notifications-badge');
    await expect(badge).toContainText('5');
    await page.getByTestId('notifications-button').click();
    const panel = page.getByTestId('notifications-panel');
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => getComputedStyle(el).width)).toBe('352px'); // 22rem
    const dismiss = panel.getByRole('button', { name: 'Bỏ qua' });
    await expect(dismiss).toHaveCount(5);
    for (let left = 5; left > 0; left -= 1) {
      await dismiss.first().click();
      await expect(dismiss).toHaveCount(left - 1);
    }
    await expect(panel.getByText('Không có thông báo mới')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('language-dropdown').click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await page.getByTestId('notifications-button').click();
    await expect(page.getByTestId('notifications-panel').getByText('No New Notifications')).toBeVisible();
  });

  test('the side menu collapses at 992 px or narrower and reopens above it', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.goto('/user-dashboard/');
    const sider = page.getByTestId('side-menu');
    await expect(sider).toHaveAttribute('data-collapsed', 'false');
    await page.setViewportSize({ width: 992, height: 800 });
    await expect(sider).toHaveAttribute('data-collapsed', 'true');
    await page.setViewportSize({ width: 993, height: 800 });
    await expect(sider).toHaveAttribute('data-collapsed', 'false');
  });

  test('theme switch, scroll-to-top after 100 px and the profile dropdown', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 500 });
    await page.goto('/user-dashboard/page-manager/');
    await page.getByTestId('theme-switch').click();
    await expect(page.getByTestId('theme-switch')).toHaveAccessibleName('Chuyển sang giao diện sáng');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('themeSettings') ?? '{}'))).toEqual({ mode: 'dark' });

    await page.evaluate(() => {
      document.getElementById('main')?.append(Object.assign(document.createElement('div'), { style: 'height:3000px' }));
    });
    await expect(page.getByTestId('scroll-to-top')).toHaveCount(0);
    // The window itself (a wheel over the sticky menu could scroll the menu instead).
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(page.getByTestId('scroll-to-top')).toBeVisible();

    await page.getByTestId('profile-button').click();
    const items = page.getByRole('menuitem');
    await expect(items.last()).toHaveText('Đăng xuất');
    await expect(page.getByRole('link', { name: 'Hỗ trợ' })).toHaveAttribute('target', '_blank');
  });
});
