import type { Page } from '@playwright/test';
import { newAccount, registerAccount, signIn, topUp, uploadDocument, userIdOf } from '../support/accounts';
import { chooseFileForPage, connectedPageId, connectSandbox, sendSandboxTestEvent } from '../support/facebook';
import { expect, test } from '../support/fixtures';
import { attachPostImage, setPostTimeSoon } from '../support/posts';

const SHOP = 'Tiệm Bánh Mì Cô Lan';

/** The linked Instagram account's own subscription, behind the same confirmation as the page's. */
async function subscribeInstagram(page: Page, action: 'bình luận' | 'tin nhắn') {
  const row = page.getByRole('row', { name: new RegExp(SHOP) });
  await row.getByRole('button', { name: `Đăng ký trả lời ${action} Instagram` }).click();
  // This dialog's own OK: the previous confirmation may still be fading out with one of its own.
  const dialog = page.getByRole('dialog', { name: `Đăng ký trả lời ${action} Instagram` });
  await expect(dialog.getByText(`Bạn có muốn đăng ký trả lời tự động bằng AI cho ${action} Instagram của ${SHOP} không?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Đồng ý' }).click();
  await expect(row.getByRole('button', { name: `Hủy trả lời ${action} Instagram` })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/**
 * A new connection asks the page permissions only: the linked account is shown without its name, with "Allow
 * Instagram", which opens the dialog again asking the Instagram permissions too.
 */
async function allowInstagram(page: Page) {
  const row = page.getByRole('row', { name: new RegExp(SHOP) });
  await expect(row.getByTestId(/^instagram-account-/)).toContainText('Tài khoản Instagram đã liên kết');
  await expect(row.getByRole('button', { name: 'Đăng ký trả lời bình luận Instagram' })).toHaveCount(0);
  const popupOpened = page.waitForEvent('popup');
  await row.getByRole('button', { name: 'Cho phép Instagram' }).click();
  const popup = await popupOpened;
  await expect(popup.getByText(/instagram_manage_comments/)).toBeVisible();
  const popupClosed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: /Tiếp tục với tên Nguyễn Thị Lan/ }).click();
  await popupClosed;
  await expect(row.getByTestId(/^instagram-account-/)).toContainText('@banhmicolan');
}

async function sendInstagramTestEvent(page: Page, kind: 'Bình luận' | 'Tin nhắn', from: string, text: string) {
  await sendSandboxTestEvent(page, { pageName: SHOP, channel: 'Instagram @banhmicolan', kind, from, text });
}

test.describe('Instagram: the same bot answers the linked account (Meta sandbox)', () => {
  test('a new user subscribes the linked Instagram account; a test comment and DM are answered, marked Instagram and billed', async ({ page, playwright }) => {
    test.setTimeout(150_000);
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account);
    const token = await signIn(page, account);
    await uploadDocument(request, token, 'Bảng giá', 'bang-gia.txt', 'Bánh mì thịt nướng giá 25.000 VNĐ một ổ.\nGiao hàng miễn phí trong bán kính 3 km.');
    await topUp(request, token, userIdOf(token), 50_000);
    await request.dispose();

    await connectSandbox(page, 'Nguyễn Thị Lan');
    // The page shows its linked Instagram account; the user allows PageMate on it.
    await allowInstagram(page);
    await subscribeInstagram(page, 'bình luận');
    await subscribeInstagram(page, 'tin nhắn');
    await chooseFileForPage(page, SHOP, 'bang-gia.txt');

    await sendInstagramTestEvent(page, 'Bình luận', 'mai.nguyen', 'Bánh mì thịt nướng giá bao nhiêu vậy shop?');
    await sendInstagramTestEvent(page, 'Tin nhắn', 'phuc.ngo', 'Shop có giao hàng miễn phí không?');
    // What the sandbox (Meta) received back: the bot's reply under the Instagram comment.
    await expect(page.getByRole('cell', { name: /Instagram reply to comment .*25\.000/ })).toBeVisible({ timeout: 20_000 });

    // The comment manager: the Instagram thread, marked and answered by the bot; the channel filter keeps it.
    await page.goto('/user-dashboard/comment-manager/');
    const commentThread = page.getByTestId('inbox-thread').filter({ hasText: 'mai.nguyen' });
    await expect(commentThread).toHaveAttribute('data-state', 'bot', { timeout: 20_000 });
    await expect(commentThread.getByTestId('channel-instagram')).toHaveText('Instagram');
    await page.getByTestId('channel-filter').getByText('Facebook', { exact: true }).click();
    await expect(commentThread).toHaveCount(0);
    await page.getByTestId('channel-filter').getByText('Instagram', { exact: true }).click();
    await commentThread.click();
    await expect(page.getByTestId('thread-detail').locator('[data-testid="inbox-item"][data-author="bot"]')).toContainText('25.000');

    // The message manager: the Direct conversation, named, answered by the bot.
    await page.goto('/user-dashboard/message-manager/');
    const messageThread = page.getByTestId('inbox-thread').filter({ hasText: 'phuc.ngo' });
    await expect(messageThread).toHaveAttribute('data-state', 'bot', { timeout: 20_000 });
    await expect(messageThread.getByTestId('channel-instagram')).toBeVisible();
    await messageThread.click();
    await expect(page.getByTestId('thread-detail').locator('[data-testid="inbox-item"][data-author="bot"]')).toContainText(/miễn phí/i);

    // The balance: both answers are token transactions marked Instagram.
    await page.goto('/user-dashboard/balance/?tab=tokens');
    await expect(page.getByRole('cell', { name: new RegExp(`Bot Instagram comment reply · ${SHOP}`) })).toBeVisible();
    await expect(page.getByRole('cell', { name: new RegExp(`Bot Instagram Direct reply · ${SHOP}`) })).toBeVisible();
  });

  test('a post scheduled to the linked Instagram account is published there (container, then media_publish)', async ({ page, playwright }) => {
    test.setTimeout(240_000);
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account);
    const token = await signIn(page, account);
    await connectSandbox(page, 'Nguyễn Thị Lan');
    await allowInstagram(page);
    const shopId = await connectedPageId(request, token, SHOP);
    await request.dispose();

    await page.goto(`/user-dashboard/post-manager/?page=${shopId}`);
    await page.getByTestId('post-new').click();
    const editor = page.getByTestId('post-editor');
    const content = `Bánh mì nóng giòn trên Instagram #${Date.now().toString(36)}`;
    await editor.getByTestId('post-content').fill(content);
    await setPostTimeSoon(editor);
    const channels = editor.getByTestId('post-channels');
    await channels.getByText('Trang Facebook', { exact: true }).click();
    await channels.getByText('Instagram', { exact: true }).click();
    await attachPostImage(editor);
    await editor.getByTestId('post-save').click();

    const row = page.getByTestId('post-row').filter({ hasText: content.slice(0, 30) });
    await expect(row).toHaveAttribute('data-status', 'scheduled');
    await expect(row.getByTestId('post-channel-instagram')).toBeVisible();
    await page.getByTestId('posts-tab-published').click();
    await expect(page.getByTestId('post-row').filter({ hasText: content.slice(0, 30) })).toHaveAttribute('data-status', 'published', { timeout: 150_000 });

    // The sandbox (Meta) made the container and published it on the Instagram account; no Facebook post.
    await page.goto('/user-dashboard/page-manager/');
    await expect(page.getByRole('cell', { name: new RegExp(`Instagram post published: ${content.slice(0, 20)}`) })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('cell', { name: new RegExp(`Photo: ${content.slice(0, 20)}`) })).toHaveCount(0);
  });
});
