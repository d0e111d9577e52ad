import type { Page } from '@playwright/test';
import { newAccount, registerAccount, signIn, topUp, uploadDocument, userIdOf } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** Connects Lan's demo account through the sandbox popup, as a user does on the page manager. */
async function connectSandbox(page: Page) {
  await page.goto('/user-dashboard/page-manager/');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Kết nối Facebook' }).click();
  const popup = await popupOpened;
  const popupClosed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: /Tiếp tục với tên Nguyễn Thị Lan/ }).click();
  await popupClosed;
  await expect(page.getByText('Kết nối thành công!')).toBeVisible();
}

async function subscribe(page: Page, pageName: string, action: 'bình luận' | 'tin nhắn') {
  const row = page.getByRole('row', { name: new RegExp(pageName) });
  await row.getByRole('button', { name: `Đăng ký trả lời ${action}` }).click();
  await page.getByRole('button', { name: 'Đồng ý' }).click();
  await expect(row.getByRole('button', { name: `Hủy trả lời ${action}` })).toBeVisible();
}

async function sendTestEvent(page: Page, pageName: string, kind: 'Bình luận' | 'Tin nhắn', from: string, text: string) {
  await page.getByLabel('Trang', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(pageName, { exact: true }).click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Gửi sự kiện thử' }) });
  await form.locator('.ant-radio-button-wrapper', { hasText: kind }).click();
  await page.getByLabel('Tên khách hàng').fill(from);
  await page.getByLabel('Nội dung khách hàng viết').fill(text);
  await page.getByRole('button', { name: 'Gửi sự kiện thử' }).click();
  await expect(page.getByText(/Đã gửi sự kiện thử/).last()).toBeVisible();
}

test.describe('TMP screenshots', () => {
  test('a new user subscribes a page; a test comment and a test message are answered by the bot, seen in the managers and billed', async ({ page, playwright }) => {
    test.setTimeout(150_000);
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account);
    const token = await signIn(page, account);
    await uploadDocument(request, token, 'Thực đơn', 'thuc-don.txt', 'Bánh mì thịt nướng giá 25.000 VNĐ một ổ.\nBánh mì chả cá giá 20.000 VNĐ.\nGiao hàng miễn phí trong bán kính 3 km.');
    await topUp(request, token, userIdOf(token), 50_000);
    await request.dispose();

    await connectSandbox(page);
    await subscribe(page, 'Tiệm Bánh Mì Cô Lan', 'bình luận');
    await subscribe(page, 'Tiệm Bánh Mì Cô Lan', 'tin nhắn');

    await sendTestEvent(page, 'Tiệm Bánh Mì Cô Lan', 'Bình luận', 'Trần Thị Mai', 'Bánh mì thịt nướng giá bao nhiêu vậy shop?');
    await sendTestEvent(page, 'Tiệm Bánh Mì Cô Lan', 'Tin nhắn', 'Ngô Văn Phúc', 'Shop có giao hàng miễn phí không?');
    // What the sandbox (Meta) received back: the bot's reply under the comment.
    await expect(page.getByRole('cell', { name: /Reply to comment .*25\.000/ })).toBeVisible({ timeout: 20_000 });

    // The comment manager: the thread answered by the bot, the bot's reply distinguished from the customer.
    await page.goto('/user-dashboard/comment-manager/');
    const commentThread = page.getByTestId('inbox-thread').filter({ hasText: 'Trần Thị Mai' });
    await expect(commentThread).toHaveAttribute('data-state', 'bot', { timeout: 20_000 });
    await commentThread.click();
    const detail = page.getByTestId('thread-detail');
    await expect(detail.locator('[data-testid="inbox-item"][data-author="customer"]')).toContainText('Bánh mì thịt nướng giá bao nhiêu');
    const botReply = detail.locator('[data-testid="inbox-item"][data-author="bot"]');
    await expect(botReply).toContainText('25.000');
    await expect(botReply.getByTestId('item-cost')).toBeVisible();

    // A person answers by hand: the reply goes to Facebook and the bot steps back on this thread.
    await page.getByTestId('reply-input').fill('Dạ chị ghé tiệm lúc nào em để dành bánh nóng cho chị ạ!');
    await page.getByTestId('reply-send').click();
    await expect(detail.locator('[data-testid="inbox-item"][data-author="human"]')).toContainText('để dành bánh nóng');
    await expect(page.getByTestId('bot-status')).toContainText('Bot tạm dừng');
    await expect(commentThread).toHaveAttribute('data-state', 'human');
    await page.screenshot({ path: '/tmp/shot-comments.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/shot-comments-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The message manager: the Messenger conversation, named, answered by the bot.
    await page.goto('/user-dashboard/message-manager/');
    const messageThread = page.getByTestId('inbox-thread').filter({ hasText: 'Ngô Văn Phúc' });
    await expect(messageThread).toHaveAttribute('data-state', 'bot', { timeout: 20_000 });
    await messageThread.click();
    await expect(page.getByTestId('thread-detail').locator('[data-testid="inbox-item"][data-author="bot"]')).toContainText(/miễn phí/i);
    await page.screenshot({ path: '/tmp/shot-messages.png', fullPage: true });
    await page.goto('/user-dashboard/page-manager/');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: '/tmp/shot-pages.png', fullPage: true });
    await page.goto('/user-dashboard/');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: '/tmp/shot-dashboard.png', fullPage: true });

    // The balance: the bot's replies are token transactions.
    await page.goto('/user-dashboard/balance/?tab=tokens');
    await expect(page.getByRole('cell', { name: /Bot comment reply · Tiệm Bánh Mì Cô Lan/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Bot Messenger reply · Tiệm Bánh Mì Cô Lan/ })).toBeVisible();
  });
});
