import type { APIRequestContext } from '@playwright/test';
import { newAccount, registerAccount, signIn, userIdOf } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { API_URL, SHELL_URL } from '../support/ports';

/** Calls one of the shop's own endpoints as the shop (what its client and order managers send). */
async function asShop<T>(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(`${API_URL}/${path}`, { headers: { authorization: `Bearer ${token}` }, data: { user_id: userIdOf(token), ...data } });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

test.describe('The partner side', () => {
  test('a shop joins with the invite code; the partner sees it in the list, CRM, HRM, widgets and dashboard; leaving hides it', async ({ page, browser, playwright }) => {
    test.setTimeout(150_000);
    const partner = newAccount('partner');
    const shop = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, partner);
    await registerAccount(request, shop);
    await request.dispose();

    // The partner's dashboard: no shop yet, the invite code to hand out.
    await signIn(page, partner);
    await page.goto('/partner-dashboard/');
    await expect(page.getByTestId('partner-empty')).toBeVisible();
    const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // The shop keeps a client and an order by hand, then joins, typing the code in lower case.
    const shopContext = await browser.newContext({ baseURL: SHELL_URL });
    const shopPage = await shopContext.newPage();
    const shopToken = await signIn(shopPage, shop);
    const client = await asShop<{ id: string }>(shopPage.request, shopToken, 'api/v1/facebook/client/save', { name: 'Ngô Bảo Châu', phone: '0903 123 456' });
    await asShop(shopPage.request, shopToken, 'api/v1/facebook/order/save', { productName: 'Áo dài lụa', unitPrice: 850_000, quantity: 2, client_id: client.id, deliveryAddress: '12 Nguyễn Huệ, Quận 1' });
    await shopPage.goto('/user-dashboard/');
    const card = shopPage.getByTestId('partner-card');
    await card.getByLabel('Mã mời của đối tác').fill(code.toLowerCase());
    await card.getByRole('button', { name: 'Tham gia' }).click();
    await expect(card.getByTestId('my-partner')).toContainText(partner.username);
    await expect(card).toContainText('không xem được nội dung tin nhắn');

    // The list view: the shop, its empty balance flagged.
    await page.goto('/list-view/');
    const shopRow = page.getByRole('row').filter({ hasText: shop.username });
    await expect(shopRow).toBeVisible();
    await expect(shopRow).toContainText('Sắp hết tiền');

    // The CRM: the shop's order and client, marked with the shop.
    await page.goto('/partner-dashboard/crm/');
    const orderRow = page.getByTestId('partner-order-row').filter({ hasText: 'Áo dài lụa' });
    await expect(orderRow).toContainText(shop.username);
    await expect(orderRow).toContainText('1.700.000');
    await page.getByRole('tab', { name: 'Khách hàng' }).click();
    await expect(page.getByTestId('partner-client-row').filter({ hasText: 'Ngô Bảo Châu' })).toContainText(shop.username);

    // The HRM: a team member, who is then given the shop.
    await page.goto('/partner-dashboard/hrm/');
    await page.getByTestId('staff-new').click();
    await page.getByTestId('staff-name').fill('Phạm Thu Hà');
    await page.getByTestId('staff-save').click();
    await expect(page.getByText('Đã thêm Phạm Thu Hà vào đội ngũ.')).toBeVisible();
    await page.getByLabel(`Người phụ trách cửa hàng ${shop.username}`).click();
    await page.locator('.ant-select-dropdown:visible').getByText('Phạm Thu Hà', { exact: true }).click();
    await expect(page.getByText(`Đã giao cửa hàng ${shop.username} cho Phạm Thu Hà.`)).toBeVisible();
    await page.goto('/list-view/');
    await expect(shopRow).toContainText('Phạm Thu Hà');

    // The widgets: the low balance needs attention. The dashboard sums the shop up.
    await page.goto('/widgets/');
    await expect(page.getByTestId('alert-low_balance')).toContainText(shop.username);
    await page.goto('/partner-dashboard/');
    await expect(page.getByTestId('kpi-shops')).toContainText('1');
    await expect(page.getByTestId('kpi-orders')).toContainText('1');
    await expect(page.getByTestId('kpi-clients')).toContainText('1');

    // The shop leaves: the partner sees none of it any more.
    await card.getByRole('button', { name: 'Rời đối tác' }).click();
    await shopPage.locator('.ant-popconfirm').getByRole('button', { name: 'Rời đối tác' }).click();
    await expect(card.getByLabel('Mã mời của đối tác')).toBeVisible();
    await page.goto('/list-view/');
    await expect(page.getByTestId('partner-empty')).toBeVisible();
    await page.goto('/partner-dashboard/crm/');
    await expect(page.getByTestId('partner-no-shops')).toBeVisible();
    await shopContext.close();
  });

  test('a shop cannot open the partner pages, and a wrong invite code is refused in words', async ({ page, signInAs }) => {
    await signInAs('user');
    await page.goto('/user-dashboard/');
    const card = page.getByTestId('partner-card');
    await card.getByLabel('Mã mời của đối tác').fill('ABCD-1234');
    await card.getByRole('button', { name: 'Tham gia' }).click();
    await expect(card).toContainText('Mã mời gồm 8 chữ cái hoặc chữ số');
    await card.getByLabel('Mã mời của đối tác').fill('ZZZZ-ZZZZ');
    await card.getByRole('button', { name: 'Tham gia' }).click();
    await expect(page.getByText('Không có đối tác nào dùng mã mời này.', { exact: false })).toBeVisible();
    await page.goto('/list-view/');
    await expect(page.getByTestId('error-401')).toBeVisible();
  });
});
