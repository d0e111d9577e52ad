import { newAccount, registerAccount, signIn } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { chooseEnglish } from '../support/language';

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
    await chooseEnglish(page);
    await page.getByTestId('notifications-button').click();
    await expect(page.getByTestId('notifications-panel').getByText('No New Notifications')).toBeVisible();
  });
});

test.describe('dashboard header and menu', () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs('user');
  });

  test('choosing English when its texts fail to arrive once still draws English (the read is made again)', async ({ page }) => {
    let failed = 0;
    await page.route(/locale-en-common\.[0-9a-f]+\.js$/, async (route) => {
      if (failed++ === 0) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.goto('/user-dashboard/');
    await page.getByTestId('language-dropdown').click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect(page.getByTestId('language-dropdown')).toContainText('en');
    await page.getByTestId('notifications-button').click();
    await expect(page.getByTestId('notifications-panel')).toContainText('Notifications');
    expect(failed).toBeGreaterThanOrEqual(2);
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
    // The badge is white on red, as the entry asks (a tinted tag would draw its white text on pale pink).
    const hot = page.getByTestId('app-header').getByRole('menuitem', { name: /Hot/ }).getByText('Hot');
    expect(await hot.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor])).toEqual(['rgb(255, 255, 255)', 'rgb(245, 34, 45)']);
  });

  // A click is a press and a release at one spot: a popup the browser moves between the two loses it. A header
  // that stays on screen keeps its popups with it, so scrolling the page never moves them.
  test('the header’s menus stay where they opened while the page scrolls under them', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 500 });
    await page.goto('/user-dashboard/');
    await page.evaluate(() => {
      document.getElementById('main')?.append(Object.assign(document.createElement('div'), { style: 'height:3000px' }));
    });
    const menus = [
      { open: page.getByTestId('profile-button'), item: page.getByRole('menuitem', { name: 'Đăng xuất' }) },
      { open: page.getByTestId('language-dropdown'), item: page.getByRole('menuitem', { name: /English/ }) },
      { open: page.getByTestId('notifications-button'), item: page.getByTestId('notifications-panel') },
    ];
    for (const { open, item } of menus) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await open.click();
      await expect(item).toBeVisible();
      // Measured in the same task as the scroll, before any realignment could move the popup back.
      const moved = await item.evaluate((element) => {
        const before = element.getBoundingClientRect().top;
        window.scrollTo(0, 300);
        return element.getBoundingClientRect().top - before;
      });
      expect(moved).toBe(0);
      await page.keyboard.press('Escape');
      await expect(item).toBeHidden();
    }
  });
});
