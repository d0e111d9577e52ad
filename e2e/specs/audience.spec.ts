import type { Page } from '@playwright/test';
import { REMOTE_AUDIENCES, REMOTE_NAMES, type RemoteName } from '@pagemate/shared-contracts/contracts';
import { expect, test } from '../support/fixtures';
import { remoteOrigin } from '../support/ports';

/** Records which remotes' origins the page asks anything of. */
function recordRemoteRequests(page: Page): Set<RemoteName> {
  const seen = new Set<RemoteName>();
  page.on('request', (request) => {
    for (const name of REMOTE_NAMES) if (request.url().startsWith(remoteOrigin(name))) seen.add(name);
  });
  return seen;
}

test.describe('remotes are loaded only for their audience', () => {
  test('a partner session never requests a user-only remote', async ({ page, signInAs }) => {
    await signInAs('partner');
    const seen = recordRemoteRequests(page);
    await page.goto('/partner-dashboard/');
    await expect(page.getByTestId('side-menu-partner')).toBeVisible();
    await expect(page.getByTestId('header-role')).toHaveText('Partner');
    for (const path of ['/partner-dashboard/file-manager/', '/partner-dashboard/crm/', '/partner-dashboard/hrm/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // Even a deep link to a user page: refused by the shell before anything is fetched.
    await page.goto('/user-dashboard/balance/');
    await expect(page.getByTestId('error-401')).toBeVisible();

    expect([...seen].sort()).toEqual(['mf_chatbot', 'mf_crm']);
    for (const name of seen) expect(REMOTE_AUDIENCES[name]).toContain('partner');
  });

  test('a user session never requests a partner-only remote', async ({ page, signInAs }) => {
    await signInAs('user');
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ json: { status: 200, data: { total_balance: 0 } } }));
    const seen = recordRemoteRequests(page);
    for (const path of ['/user-dashboard/balance/', '/user-dashboard/page-manager/', '/user-dashboard/file-manager/', '/user-dashboard/order-manager/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/partner-dashboard/crm/');
    await expect(page.getByTestId('error-401')).toBeVisible();

    expect([...seen].sort()).toEqual(['mf_balance', 'mf_chatbot', 'mf_crm', 'mf_page_manager']);
    for (const name of seen) expect(REMOTE_AUDIENCES[name]).toContain('user');
  });

  test('each role sees its own side menu with its badges', async ({ page, signInAs }) => {
    await signInAs('user');
    await page.goto('/user-dashboard/');
    const menu = page.getByTestId('side-menu-user');
    await expect(menu.getByRole('link', { name: /Bảng điều khiển\s*12/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: /Quản lý tệp\s*New/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: /Số dư\s*Hot/ })).toBeVisible();
    await expect(menu.locator('.ant-menu-item-selected')).toContainText('Bảng điều khiển');
  });
});
