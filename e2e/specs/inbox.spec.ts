import type { Page } from '@playwright/test';
import { newAccount, registerAccount, signIn, topUp, uploadDocument, userIdOf } from '../support/accounts';
import { chooseFileForPage, connectSandbox, sendSandboxTestEvent } from '../support/facebook';
import { expect, test } from '../support/fixtures';

async function subscribe(page: Page, pageName: string, action: 'bình luận' | 'tin nhắn') {
  const row = page.getByRole('row', { name: new RegExp(pageName) });
  await row.getByRole('button', { name: `Đăng ký trả lời ${action}`, exact: true }).click();
  // This dialog's own OK: the previous confirmation may still be fading out with one of its own.
  const dialog = page.getByRole('dialog', { name: `Đăng ký trả lời ${action}`, exact: true });
  await dialog.getByRole('button', { name: 'Đồng ý' }).click();
  await expect(row.getByRole('button', { name: `Hủy trả lời ${action}`, exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test.describe('The bot at work (Meta sandbox)', () => {
  test('a new user subscribes a page; a test comment and a test message are answered by the bot, seen in the managers and billed', async ({ page, playwright }) => {
    test.setTimeout(150_000);
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account);
    const token = await signIn(page, account);
    await uploadDocument(request, token, 'Bảng giá', 'bang-gia.txt', 'Rau cải ngọt hữu cơ giá 25.000 VNĐ một kg.\nCà chua bi giá 40.000 VNĐ một kg.\nGiao hàng miễn phí trong bán kính 3 km.');
    await topUp(request, token, userIdOf(token), 50_000);
    await request.dispose();

    await connectSandbox(page, 'Trần Văn Minh');
    await subscribe(page, 'Nông Sản Sạch Minh Phát', 'bình luận');
    await subscribe(page, 'Nông Sản Sạch Minh Phát', 'tin nhắn');
    // The page's bot answers from the files chosen for it, and only those.
    await chooseFileForPage(page, 'Nông Sản Sạch Minh Phát', 'bang-gia.txt');

    await sendSandboxTestEvent(page, { pageName: 'Nông Sản Sạch Minh Phát', kind: 'Bình luận', from: 'Trần Thị Mai', text: 'Rau cải ngọt giá bao nhiêu vậy shop?' });
    await sendSandboxTestEvent(page, { pageName: 'Nông Sản Sạch Minh Phát', kind: 'Tin nhắn', from: 'Ngô Văn Phúc', text: 'Shop có giao hàng miễn phí không?' });
    // What the sandbox (Meta) received back: the bot's reply under the comment.
    await expect(page.getByRole('cell', { name: /Reply to comment .*25\.000/ })).toBeVisible({ timeout: 20_000 });

    // The comment manager: the thread answered by the bot, the bot's reply distinguished from the customer.
    await page.goto('/user-dashboard/comment-manager/');
    const commentThread = page.getByTestId('inbox-thread').filter({ hasText: 'Trần Thị Mai' });
    await expect(commentThread).toHaveAttribute('data-state', 'bot', { timeout: 20_000 });
    await commentThread.click();
    const detail = page.getByTestId('thread-detail');
    await expect(detail.locator('[data-testid="inbox-item"][data-author="customer"]')).toContainText('Rau cải ngọt giá bao nhiêu');
    const botReply = detail.locator('[data-testid="inbox-item"][data-author="bot"]');
    await expect(botReply).toContainText('25.000');
    await expect(botReply.getByTestId('item-cost')).toBeVisible();

    // A person answers by hand: the reply goes to Facebook and the bot steps back on this thread.
    await page.getByTestId('reply-input').fill('Dạ chị cần bao nhiêu kg để em để dành rau tươi cho chị ạ!');
    await page.getByTestId('reply-send').click();
    await expect(detail.locator('[data-testid="inbox-item"][data-author="human"]')).toContainText('để dành rau tươi');
    await expect(page.getByTestId('bot-status')).toContainText('Bot tạm dừng');
    await expect(commentThread).toHaveAttribute('data-state', 'human');

    // The message manager: the Messenger conversation, named, answered by the bot.
    await page.goto('/user-dashboard/message-manager/');
    const messageThread = page.getByTestId('inbox-thread').filter({ hasText: 'Ngô Văn Phúc' });
    await expect(messageThread).toHaveAttribute('data-state', 'bot', { timeout: 20_000 });
    await messageThread.click();
    await expect(page.getByTestId('thread-detail').locator('[data-testid="inbox-item"][data-author="bot"]')).toContainText(/miễn phí/i);

    // The balance: the bot's replies are token transactions.
    await page.goto('/user-dashboard/balance/?tab=tokens');
    await expect(page.getByRole('cell', { name: /Bot comment reply · Nông Sản Sạch Minh Phát/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Bot Messenger reply · Nông Sản Sạch Minh Phát/ })).toBeVisible();
  });
});
