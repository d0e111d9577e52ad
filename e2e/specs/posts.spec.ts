import { newAccount, registerAccount, signIn, topUp, userIdOf } from '../support/accounts';
import { connectSandbox } from '../support/facebook';
import { expect, test } from '../support/fixtures';
import { attachPostImage, setPostTimeSoon, vietnamWallClock } from '../support/posts';

test.describe('Scheduled posts (Meta sandbox)', () => {
  test("a draft written by the AI is charged, and the header's balance says so at once", async ({ page, request }) => {
    const account = newAccount('user');
    await registerAccount(request, account);
    const token = await signIn(page, account);
    await topUp(request, token, userIdOf(token), 50_000);
    await connectSandbox(page);

    await page.goto('/user-dashboard/post-manager/');
    await page.getByTestId('profile-button').click();
    await expect(page.getByTestId('profile-bal')).toHaveText('Số dư: 50.000 VNĐ');
    await page.keyboard.press('Escape');

    await page.getByTestId('post-new').click();
    const editor = page.getByTestId('post-editor');
    await editor.getByTestId('post-idea').fill('Bánh mì nóng giòn mỗi sáng cho dân văn phòng');
    await editor.getByTestId('post-draft').click();
    await expect(editor.getByTestId('post-draft-cost')).toBeVisible({ timeout: 30_000 });

    // No reload, no minute of waiting: the charge invalidated the balance and the header asked again.
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    await page.getByTestId('profile-button').click();
    await expect(page.getByTestId('profile-bal')).not.toHaveText('Số dư: 50.000 VNĐ');
    await expect(page.getByTestId('profile-bal')).toHaveText(/^Số dư: 4\d\.\d{3} VNĐ$/);
  });

  test('a post with an image scheduled a minute ahead is published to the sandbox page and shown as published', async ({ page, playwright }) => {
    test.setTimeout(240_000);
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account);
    await request.dispose();
    await signIn(page, account);
    await connectSandbox(page);

    await page.goto('/user-dashboard/post-manager/');
    await page.getByTestId('post-new').click();
    const editor = page.getByTestId('post-editor');
    const content = `Bánh mì nóng giòn mỗi sáng! Ghé Tiệm Bánh Mì Cô Lan nhé 🥖 #${Date.now().toString(36)}`;
    await editor.getByTestId('post-content').fill(content);
    const due = await setPostTimeSoon(editor);
    await attachPostImage(editor);
    await expect(editor.getByTestId('post-preview-item').first()).toContainText(vietnamWallClock(due).slice(-5));
    await editor.getByTestId('post-save').click();

    const row = page.getByTestId('post-row').filter({ hasText: content.slice(0, 30) });
    await expect(row).toHaveAttribute('data-status', 'scheduled');
    // Published by the scheduler at the due minute, shown without reloading (the list polls).
    await page.getByTestId('posts-tab-published').click();
    await expect(page.getByTestId('post-row').filter({ hasText: content.slice(0, 30) })).toHaveAttribute('data-status', 'published', { timeout: 150_000 });

    // The sandbox (Meta) received the photo post with its caption.
    await page.goto('/user-dashboard/page-manager/');
    await expect(page.getByRole('cell', { name: new RegExp(`Photo: ${content.slice(0, 20)}`) })).toBeVisible({ timeout: 20_000 });
  });
});
