import { newAccount, registerAccount, signIn } from '../support/accounts';
import { LAUNCH_OPTIONS } from '../support/browser';
import { expect, test } from '../support/fixtures';

// Playwright turns Chromium's popup blocker off by default; these tests need it on, as users have it.
test.use({ launchOptions: { ...LAUNCH_OPTIONS, ignoreDefaultArgs: ['--disable-popup-blocking'] } });

test.describe('the Facebook connect popup with the browser’s popup blocker on', () => {
  test('a connect-url slower than the tap’s user activation still gets its popup: opened in the tap, sent to the dialog later', async ({ page, playwright }) => {
    test.setTimeout(90_000);
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account);
    await request.dispose();
    await signIn(page, account);
    await page.goto('/user-dashboard/page-manager/');
    await expect(page.getByText('Chưa kết nối Facebook')).toBeVisible();
    // Longer than Chromium's user activation (5 s): a window opened only once this answers would be blocked.
    await page.route('**/api/v1/facebook/connect-url', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      await route.continue();
    });

    const popupOpened = page.waitForEvent('popup', { timeout: 3_000 });
    await page.getByRole('button', { name: 'Kết nối Facebook' }).click();
    const popup = await popupOpened;
    await expect(popup.locator('body')).toHaveText('Đang mở Facebook…');
    await expect(popup.getByText('META SANDBOX', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 700]);
    const popupClosed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: /Tiếp tục với tên Lê Hoàng Yến/ }).click();
    await popupClosed;
    await expect(page.getByText('Kết nối thành công!')).toBeVisible();
    await expect(page.getByTestId('popup-blocked-hint')).toHaveCount(0);

    // The blocker was on: a window opened once the activation of the last input ran out is refused — what the
    // page manager did before, after a slow connect-url. (Playwright's evaluate itself counts as a gesture. Run
    // last: a blocked window earlier confuses Playwright's size of the next popup.)
    expect(await page.evaluate(() => new Promise((resolve) => setTimeout(() => resolve(window.open('about:blank') === null), 6_000)))).toBe(true);
  });
});
