import { newAccount, registerAccount, signIn, uploadDocument } from '../support/accounts';
import { chooseFileForPage, connectedPageId, connectSandbox, sendSandboxTestEvent } from '../support/facebook';
import { expect, test } from '../support/fixtures';

test.describe('Clients and orders (Meta sandbox)', () => {
  test('an order written on Messenger is captured by the bot; the client detail shows it; orders filter by page', async ({ page, playwright }) => {
    test.setTimeout(150_000);
    const account = newAccount('user');
    const request = await playwright.request.newContext();
    await registerAccount(request, account);
    const token = await signIn(page, account);
    await uploadDocument(request, token, 'Menu', 'menu.txt', 'Trà sữa trân châu giá 35.000 VNĐ một ly.\nTrà đào cam sả giá 40.000 VNĐ.');

    await connectSandbox(page, 'Lê Hoàng Yến');
    const [beautyPage, teaPage] = [await connectedPageId(request, token, 'Mỹ Phẩm Yến Nhi'), await connectedPageId(request, token, 'Trà Sữa Hoàng Yến')];
    await request.dispose();
    const row = page.getByRole('row', { name: /Trà Sữa Hoàng Yến/ });
    await row.getByRole('button', { name: 'Đăng ký trả lời tin nhắn', exact: true }).click();
    await page.getByRole('button', { name: 'Đồng ý' }).click();
    await expect(row.getByRole('button', { name: 'Hủy trả lời tin nhắn', exact: true })).toBeVisible();
    // The bot knows the menu once it is chosen for the page.
    await chooseFileForPage(page, 'Trà Sữa Hoàng Yến', 'menu.txt');

    // A customer orders on Messenger (the sandbox's test message).
    await sendSandboxTestEvent(page, {
      pageName: 'Trà Sữa Hoàng Yến',
      kind: 'Tin nhắn',
      from: 'Đỗ Thu Trang',
      text: 'Cho mình đặt 2 ly trà sữa trân châu, giao tới 15 Pasteur, Quận 3 nhé',
    });
    // The bot confirmed the order back on Messenger, with the exact figures.
    await expect(page.getByRole('cell', { name: /Message to .*2 × Trà sữa trân châu.*70\.000/ })).toBeVisible({ timeout: 20_000 });

    // The client manager: the client, and their detail with the conversation and the order.
    await page.goto('/user-dashboard/client-manager/');
    const client = page.getByTestId('client-row').filter({ hasText: 'Đỗ Thu Trang' });
    await expect(client).toBeVisible();
    await client.getByText('Đỗ Thu Trang').first().click();
    const detail = page.getByTestId('client-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('client-conversation')).toHaveCount(1);
    await expect(detail.getByTestId('client-order')).toContainText('Trà sữa trân châu');

    // The order manager, filtered by page.
    await page.goto('/user-dashboard/order-manager/');
    const order = page.getByTestId('order-row').filter({ hasText: 'Trà sữa trân châu' });
    await expect(order).toBeVisible();
    await expect(order).toContainText('70.000');
    await expect(order).toContainText('15 Pasteur, Quận 3');
    await page.goto(`/user-dashboard/order-manager/?page=${beautyPage}`);
    await expect(page.getByTestId('order-row')).toHaveCount(0);
    await page.goto(`/user-dashboard/order-manager/?page=${teaPage}`);
    await expect(page.getByTestId('order-row')).toHaveCount(1);
  });
});
