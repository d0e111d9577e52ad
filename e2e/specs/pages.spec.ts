import type { APIRequestContext, Page } from '@playwright/test';
import { login, newAccount, registerAccount, signIn, uploadDocument, userIdOf } from '../support/accounts';
import { chooseFileForPage } from '../support/facebook';
import { expect, test } from '../support/fixtures';
import { API_URL } from '../support/ports';

/** A brand-new user, signed in, so the Facebook connection starts from nothing. */
async function freshUser(page: Page, playwright: { request: { newContext(): Promise<APIRequestContext> } }) {
  const account = newAccount('user');
  const request = await playwright.request.newContext();
  await registerAccount(request, account);
  const token = await signIn(page, account);
  // The shop's menu, for the page's bot to answer from (attached below).
  await uploadDocument(request, token, 'Thực đơn', 'thuc-don.txt', 'Bánh mì thịt nướng: 25.000 VNĐ.\nBánh mì chả cá: 20.000 VNĐ.');
  await request.dispose();
  return account;
}

/** Someone else's account, signed in through the API, and the connect URL it asked for. */
async function anotherAccountsConnectUrl(request: APIRequestContext) {
  const account = newAccount('user');
  await registerAccount(request, account);
  const { access_token: token } = await login(request, account);
  const headers = { authorization: `Bearer ${token}` };
  const asked = await request.post(`${API_URL}/api/v1/facebook/connect-url`, { headers, data: { user_id: userIdOf(token) } });
  expect(asked.status()).toBe(200);
  const pagesOf = async () => ((await (await request.get(`${API_URL}/api/v1/facebook/page/access-token-pages`, { headers })).json()) as { data: unknown[] }).data;
  return { url: ((await asked.json()) as { data: { url: string } }).data.url, pagesOf };
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

test.describe('Facebook pages and the bot configuration (Meta sandbox)', () => {
  test('connect through the sandbox, define the bot, attach it to a page and subscribe to comments', async ({ page, playwright }) => {
    test.setTimeout(120_000);
    await freshUser(page, playwright);
    await page.goto('/user-dashboard/page-manager/');
    await expect(page.getByText('Chưa kết nối Facebook')).toBeVisible();

    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Kết nối Facebook' }).click();
    const popup = await popupOpened;
    await expect(popup.getByText('META SANDBOX', { exact: true })).toBeVisible();
    // The 600×700 popup of docs/product.md §4.
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 700]);
    const popupClosed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: /Tiếp tục với tên Nguyễn Thị Lan/ }).click();
    await popupClosed;
    await expect(page.getByText('Kết nối thành công!')).toBeVisible();
    await expect(page.getByRole('row', { name: /Tiệm Bánh Mì Cô Lan/ })).toBeVisible();
    await expect(page.getByText('Sandbox').first()).toBeVisible();

    // Identity: the name is required, in the user's language.
    await page.goto('/user-dashboard/page-manager/identity-manager/');
    await page.getByRole('button', { name: 'Thêm danh tính' }).click();
    const identityDialog = page.getByRole('dialog');
    await identityDialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(identityDialog.getByText('Vui lòng nhập tên.')).toBeVisible();
    await identityDialog.getByLabel('Tên', { exact: true }).fill('Chị Lan bán bánh mì');
    await identityDialog.getByLabel('Phong cách trò chuyện').fill('Thân thiện, xưng em, gọi khách là anh/chị');
    await identityDialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByRole('cell', { name: 'Chị Lan bán bánh mì' })).toBeVisible();

    await page.goto('/user-dashboard/page-manager/procedure-manager/');
    await page.getByRole('button', { name: 'Thêm quy trình' }).click();
    const procedureDialog = page.getByRole('dialog');
    await procedureDialog.getByLabel('Tên', { exact: true }).fill('Nhận đơn bánh mì');
    await procedureDialog.getByLabel('Mô tả quy trình').fill('1. Chào khách\n2. Hỏi số lượng và địa chỉ\n3. Xác nhận đơn');
    await procedureDialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByRole('cell', { name: 'Nhận đơn bánh mì' })).toBeVisible();

    await page.goto('/user-dashboard/page-manager/config-manager/');
    await page.getByRole('button', { name: 'Thêm cấu hình' }).click();
    const configDialog = page.getByRole('dialog');
    await configDialog.getByLabel('Tên', { exact: true }).fill('Bot bán hàng Cô Lan');
    await chooseOption(page, 'Quy trình', 'Nhận đơn bánh mì');
    await chooseOption(page, 'Danh tính', 'Chị Lan bán bánh mì');
    await configDialog.getByLabel('Vai trò').fill('tư vấn bán hàng');
    await configDialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByRole('cell', { name: 'Bot bán hàng Cô Lan' })).toBeVisible();

    // Attach the config to a page and subscribe it to automatic comment replies.
    await page.goto('/user-dashboard/page-manager/');
    const row = page.getByRole('row', { name: /Tiệm Bánh Mì Cô Lan/ });
    await page.getByLabel('Cấu hình cho Tiệm Bánh Mì Cô Lan').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Bot bán hàng Cô Lan', { exact: true }).click();
    await expect(page.getByText('Đã lưu cài đặt của Tiệm Bánh Mì Cô Lan.')).toBeVisible();

    // The page's bot answers from the uploaded menu once it is chosen for the page (and from its config alone before).
    await chooseFileForPage(page, 'Tiệm Bánh Mì Cô Lan', 'thuc-don.txt');

    await row.getByRole('button', { name: 'Đăng ký trả lời bình luận', exact: true }).click();
    await expect(page.getByText(/Bạn có muốn đăng ký trả lời tự động bằng AI/)).toBeVisible();
    await page.getByRole('button', { name: 'Đồng ý' }).click();
    await expect(row.getByRole('button', { name: 'Hủy trả lời bình luận', exact: true })).toBeVisible();
    await expect(row.getByText('Bình luận', { exact: true })).toBeVisible();

    // What the table shows is what the sandbox (Meta) now has, after a reload too.
    await page.reload();
    const reloadedRow = page.getByRole('row', { name: /Tiệm Bánh Mì Cô Lan/ });
    await expect(reloadedRow.getByRole('button', { name: 'Hủy trả lời bình luận', exact: true })).toBeVisible();
    await expect(reloadedRow.getByRole('button', { name: 'Đăng ký trả lời tin nhắn', exact: true })).toBeVisible();
    await expect(reloadedRow.getByText('Bot bán hàng Cô Lan')).toBeVisible();
    await expect(reloadedRow.getByText('thuc-don.txt')).toBeVisible();
  });

  test("a page connected in the page manager shows at once in the CRM's page picker, without a reload", async ({ page, playwright }) => {
    test.setTimeout(120_000);
    await freshUser(page, playwright);
    await page.goto('/user-dashboard/post-manager/');
    await expect(page.getByTestId('posts-no-pages')).toBeVisible();
    await page.evaluate(() => Object.assign(window, { samePageLoad: true }));

    // To the page manager and back inside the app: the post manager's list answer is still cached.
    await page.getByTestId('page-manager-link').click();
    await expect(page.getByText('Chưa kết nối Facebook')).toBeVisible();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Kết nối Facebook' }).click();
    const popup = await popupOpened;
    const popupClosed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: /Tiếp tục với tên Nguyễn Thị Lan/ }).click();
    await popupClosed;
    await expect(page.getByText('Kết nối thành công!')).toBeVisible();

    // The sandbox connects several pages; the picker shows the first one chosen.
    await page.goBack();
    await expect(page.getByTestId('page-picker')).toContainText('Cà Phê Góc Phố');
    await expect(page.getByTestId('posts-no-pages')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { samePageLoad?: boolean }).samePageLoad)).toBe(true);
  });

  test("another account's connect URL connects nothing, opened from a link or in this user's own popup, and the user is told why", async ({ page, playwright }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext();
    const attacker = await anotherAccountsConnectUrl(request);
    await freshUser(page, playwright);

    // Sent as a link and approved in a tab of its own: no opener, nothing connected, and the page says so.
    const tab = await page.context().newPage();
    await tab.goto(attacker.url);
    await tab.getByRole('button', { name: /Tiếp tục với tên Trần Văn Minh/ }).click();
    await expect(tab.getByText(/Cửa sổ này không được mở từ trang Quản lý trang của PageMate nên chưa có gì được kết nối/)).toBeVisible();
    await tab.close();

    // Opened inside this user's own connect popup: the page manager finishes it under this user's session, refused.
    await page.goto('/user-dashboard/page-manager/');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Kết nối Facebook' }).click();
    const popup = await popupOpened;
    await expect(popup.getByText('META SANDBOX', { exact: true })).toBeVisible();
    await popup.evaluate((url) => void (window.location.href = url), attacker.url);
    const popupClosed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: /Tiếp tục với tên Trần Văn Minh/ }).click();
    await popupClosed;
    await expect(page.getByTestId('connect-error')).toHaveText(/Lần cấp quyền Facebook này do một tài khoản PageMate khác bắt đầu nên chưa có gì được kết nối/);
    await expect(page.getByText('Chưa kết nối Facebook')).toBeVisible();
    await expect(page.getByText('Kết nối thành công!')).toHaveCount(0);
    expect(await attacker.pagesOf()).toEqual([]);
    await request.dispose();
  });

  test('a blocked popup logs a console message and the page keeps working', async ({ page, playwright }) => {
    await freshUser(page, playwright);
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto('/user-dashboard/page-manager/');
    await page.getByRole('button', { name: 'Kết nối Facebook' }).click();
    await expect(page.getByText(/Trình duyệt đã chặn cửa sổ Facebook/)).toBeVisible();
    expect(messages.some((text) => /popup/i.test(text))).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
