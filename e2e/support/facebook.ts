import { expect, type Page } from '@playwright/test';

/**
 * Connects a demo account through the Meta sandbox popup, as a user does on the page manager. The sandbox's
 * pages are shared by every account of a run, like a real page's subscriptions at Meta: specs that subscribe
 * pages use different demo people so they do not see each other's subscriptions.
 */
export async function connectSandbox(page: Page, person: 'Nguyễn Thị Lan' | 'Trần Văn Minh' | 'Lê Hoàng Yến' = 'Nguyễn Thị Lan'): Promise<void> {
  await page.goto('/user-dashboard/page-manager/');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Kết nối Facebook' }).click();
  const popup = await popupOpened;
  const popupClosed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: new RegExp(`Tiếp tục với tên ${person}`) }).click();
  await popupClosed;
  await expect(page.getByText('Kết nối thành công!')).toBeVisible();
}
