import { newAccount, registerAccount, signIn, topUp, userIdOf } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** A small Vietnamese price list, the kind of document a shop uploads for its bot. */
const PRICE_LIST = [
  'Bảng giá cửa hàng Hoa Mai',
  '',
  'Giá bán áo thun cotton: 150.000 VNĐ một chiếc.',
  'Giá bán quần jean nữ: 320.000 VNĐ.',
  'Miễn phí giao hàng cho đơn từ 500.000 VNĐ trong nội thành Hà Nội.',
].join('\n');

/**
 * Documents and chatbots as a user lives them: upload a document, watch it become searchable within seconds, ask about it
 * without diacritics in the full-documents chat, read the streamed answer and its citation, and see the charge.
 */
test.describe('documents and chatbots', () => {
  test('upload → indexed → full-documents chat answers with a citation, streamed and charged', async ({ page, request }) => {
    const account = newAccount('user');
    await registerAccount(request, account);
    const token = await signIn(page, account);
    await topUp(request, token, userIdOf(token), 50_000);

    await page.goto('/user-dashboard/file-manager/');
    await page.getByRole('combobox').first().fill('Bảng giá');
    await page.getByTestId('file-upload-input').setInputFiles({ name: 'bang-gia.txt', mimeType: 'text/plain', buffer: Buffer.from(PRICE_LIST) });
    await expect(page.getByText('Tải tệp lên thành công!')).toBeVisible();
    const row = page.getByTestId('file-row').filter({ hasText: 'bang-gia.txt' });
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });

    // A second upload of the same name is refused with the product's message.
    await page.getByTestId('file-upload-input').setInputFiles({ name: 'bang-gia.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByText('Tệp đã tồn tại, vui lòng chọn tệp khác!').first()).toBeVisible();

    await page.goto('/chatbot/chatbot-pdf/');
    await page.getByTestId('file-picker').getByRole('checkbox', { name: 'bang-gia.txt' }).check();
    await page.getByTestId('chat-input').fill('gia ban ao thun cotton la bao nhieu?');
    await page.getByTestId('chat-send').click();

    const answer = page.getByTestId('assistant-message').last();
    await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(answer).toContainText('150.000');
    await expect(answer.getByTestId('usage-line')).toContainText('VNĐ');
    await answer.getByTestId('citation-chip').first().click();
    await expect(page.getByTestId('passage-drawer')).toContainText('Giá bán áo thun cotton');
    await page.keyboard.press('Escape');

    // The answer was billed: one token transaction.
    await page.goto('/user-dashboard/balance/?tab=tokens');
    await expect(page.getByRole('row').filter({ hasText: 'Chatbot fulldocs: gia ban ao thun cotton' })).toHaveCount(1);
  });

  test('marketing chat: "I have an idea" streams an SEO draft (title, meta description, keywords)', async ({ page, request }) => {
    const account = newAccount('user');
    await registerAccount(request, account);
    const token = await signIn(page, account);
    await topUp(request, token, userIdOf(token), 20_000);

    await page.goto('/chatbot/chatbot-basic/');
    await page.getByText('Viết bài marketing', { exact: true }).click();
    await page.getByRole('button', { name: 'Tôi đã có ý tưởng' }).click();
    await page.getByTestId('chat-input').fill('Khuyến mãi mùa xuân cho túi da thủ công, dành cho dân văn phòng trẻ ở Hà Nội.');
    await page.getByTestId('chat-send').click();
    const draft = page.getByTestId('assistant-message').last();
    await expect(draft).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(draft).toContainText('Meta description');
    await expect(draft).toContainText('Từ khóa');
    await expect(draft).toContainText('túi da');
  });

  test('without balance the chat says so and links to top-up, nothing is charged', async ({ page, request }) => {
    const account = newAccount('user');
    await registerAccount(request, account);
    await signIn(page, account);
    await page.goto('/chatbot/chatbot-basic/');
    await page.getByTestId('chat-input').fill('Xin chào');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('top-up-link')).toBeVisible({ timeout: 20_000 });
  });
});
