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

/**
 * Chooses a file for a page's bot on the page manager (its bot answers from the chosen files only): the notice
 * "no document chosen" is there before and gone once the choice is saved.
 */
export async function chooseFileForPage(page: Page, pageName: string, fileName: string): Promise<void> {
  const row = page.getByRole('row', { name: new RegExp(pageName) });
  await expect(row.getByTestId('no-files-notice')).toHaveText('Chưa chọn tài liệu nào: bot chỉ trả lời theo cấu hình của trang.');
  await page.getByLabel(`Tệp cho ${pageName}`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: fileName }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText(`Đã lưu cài đặt của ${pageName}.`).first()).toBeVisible();
  await expect(row.getByTestId('no-files-notice')).toHaveCount(0);
}
