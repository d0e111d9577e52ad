import { newAccount, registerAccount, signIn } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test.describe('header notifications', () => {
  test('notifications: real ones from the server, badge, dismiss that sticks, empty state in both languages', async ({ page, request }) => {
    // A fresh account: its only notification is the welcome the server records at sign-up.
    const account = newAccount('user');
    await registerAccount(request, account);
    await signIn(page, account);
    await page.goto('/user-dashboard/');
    const badge = page.getByTestId('notifications-badge');
    await expect(badge).toContainText('1');
    await page.getByTestId('notifications-button').click();
    const panel = page.getByTestId('notifications-panel');
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => getComputedStyle(el).width)).toBe('352px'); // 22rem
    await expect(panel.getByTestId('notification-item')).toContainText(`Chào mừng ${account.username} đến với PageMate`);
    await panel.getByRole('button', { name: 'Bỏ qua' }).click();
    await expect(panel.getByText('Không có thông báo mới')).toBeVisible();
    // Dismissed on the server: a reload does not bring it back.
    const listed = page.waitForResponse((r) => r.url().includes('/api/v1/notifications/') && r.request().method() === 'GET');
    await page.reload();
    await listed;
    await expect(page.getByTestId('notifications-badge')).not.toContainText('1');
    await page.getByTestId('language-dropdown').click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await page.getByTestId('notifications-button').click();
    await expect(page.getByTestId('notifications-panel').getByText('No New Notifications')).toBeVisible();
  });
});

test.describe('dashboard header and menu', () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs('user');
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

  test('on a phone (390 px), a page of a menu group is not covered by the group flying out of the collapsed menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/user-dashboard/page-manager/');
    await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.ant-menu-submenu-popup:visible')).toHaveCount(0);
    await page.getByRole('button', { name: 'Kết nối Facebook' }).click({ trial: true });
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
