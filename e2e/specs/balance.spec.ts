import { newAccount, registerAccount, signIn } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { chooseEnglish } from '../support/language';

/**
 * Balance and payments as a new user lives them: top up through the sandbox checkout, come back to PageMate, watch the
 * payment turn paid, and see the header balance, the history and the notifications follow.
 */
test.describe('balance and payments', () => {
  test.beforeEach(async ({ page, request }) => {
    // A fresh account each time: the balance starts at 0 VNĐ whatever other specs did.
    const account = newAccount('user');
    await registerAccount(request, account);
    await signIn(page, account);
  });

  test('deposit 100.000 VNĐ through the sandbox checkout: paid, header Bal, history and notification', async ({ page }) => {
    await page.goto('/user-dashboard/balance/?tab=deposit');
    await page.getByRole('button', { name: '100.000 VNĐ' }).click();
    await page.getByRole('button', { name: 'Tạo giao dịch nạp tiền' }).click();

    await expect(page.getByTestId('payment-status')).toHaveText('Đang chờ thanh toán');
    await expect(page.getByTestId('sandbox-notice')).toBeVisible();
    await page.getByTestId('open-checkout').click();

    // The sandbox provider's checkout page, served by the API (PayOS-compatible, no real money).
    await expect(page).toHaveURL(/\/payos-sandbox\/checkout\//);
    await expect(page.locator('body')).toContainText('100.000');
    await expect(page.locator('body')).toContainText('Thanh toán thử nghiệm');
    await page.getByTestId('sandbox-pay').click();

    // Back in PageMate: the status comes from the server (the webhook credited it), not from the return URL.
    await expect(page).toHaveURL(/\/user-dashboard\/balance\/\?.*payment=/);
    await expect(page.getByTestId('payment-status')).toHaveText('Đã thanh toán');
    await expect(page.getByTestId('new-balance')).toContainText('100.000 VNĐ');

    await page.getByTestId('profile-button').click();
    await expect(page.getByTestId('profile-bal')).toHaveText('Số dư: 100.000 VNĐ');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Lịch sử nạp tiền' }).click();
    const paidRow = page.getByRole('row').filter({ hasText: '100.000' });
    await expect(paidRow).toHaveCount(1);
    await expect(paidRow).toContainText('Đã thanh toán');

    await page.getByRole('tab', { name: 'Biến động số dư' }).click();
    await expect(page.getByRole('row').filter({ hasText: '+100.000' })).toHaveCount(1);

    // The server told the user too (welcome + deposit).
    await page.reload();
    await page.getByTestId('notifications-button').click();
    await expect(page.getByTestId('notifications-panel').locator('[data-kind="deposit_paid"]')).toContainText('Nạp tiền thành công');
  });

  test('cancelling at the checkout leaves the balance untouched', async ({ page }) => {
    await page.goto('/user-dashboard/balance/?tab=deposit');
    await page.getByRole('button', { name: '50.000 VNĐ' }).click();
    await page.getByRole('button', { name: 'Tạo giao dịch nạp tiền' }).click();
    await expect(page.getByTestId('payment-status')).toHaveText('Đang chờ thanh toán');
    await page.getByTestId('open-checkout').click();
    await page.getByTestId('sandbox-cancel').click();

    await expect(page).toHaveURL(/\/user-dashboard\/balance\/\?.*payment=/);
    await expect(page.getByTestId('payment-status')).toHaveText('Đã hủy');
    await page.getByTestId('profile-button').click();
    await expect(page.getByTestId('profile-bal')).toHaveText('Số dư: 0 VNĐ');
  });

  test('the deposit form says its bounds and refuses amounts outside them, in English too', async ({ page }) => {
    await page.goto('/user-dashboard/balance/?tab=deposit');
    await expect(page.getByText('Từ 10.000 đến 50.000.000 VNĐ')).toBeVisible();
    const amount = page.getByRole('spinbutton');
    await amount.fill('5000');
    await page.getByRole('button', { name: 'Tạo giao dịch nạp tiền' }).click();
    await expect(page.getByText('Số tiền nạp tối thiểu là 10.000 VNĐ.')).toBeVisible();
    await chooseEnglish(page);
    await expect(page.getByRole('tab', { name: 'Top up' })).toBeVisible();
    await expect(page.getByText('From 10.000 to 50.000.000 VNĐ')).toBeVisible();
  });
});
