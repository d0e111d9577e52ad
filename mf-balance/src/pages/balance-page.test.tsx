// @vitest-environment happy-dom
import { apiClient, initI18n, selectTotalBalance } from '@pagemate/shared-contracts';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import vi_ from '../locales/vi.json';
import { aDeposit, aSummary, FakeApiError, fakeBalanceApi, NOW } from '../test/fake-balance-api';
import { ROUTE_EARLY_GETS } from '@pagemate/shared-contracts/plain';
import { advance, button, click, earlyGetsNotMadeBy, mountSignedIn, settle, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { BalancePage } from './balance-page';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const emptyList = () => ({ items: [], total: 0 });

async function inLanguage(language: 'vi' | 'en') {
  const i18n = await initI18n(language, { balance: { vi: vi_, en } });
  await i18n.changeLanguage(language);
}

let mounted: MountedPage | undefined;
const mount = async (url = '/user-dashboard/balance') => (mounted = await mountSignedIn(BalancePage, user, url));
const text = () => document.body.textContent ?? '';
const statusText = () => document.querySelector('[data-testid="payment-status"]')?.textContent;

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('overview tab', () => {
  beforeEach(() => inLanguage('vi'));

  it('shows the balance, the month figures, a low-balance warning and the chart with its text fallback', async () => {
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 15_000 }),
      'api/v1/balance-summary/u-7': () => aSummary({ total_balance: 15_000, reserved: 3_000 }),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount();
    expect(document.querySelector('h1')?.textContent).toBe('Tổng quan số dư');
    expect(text()).toContain('15.000 VNĐ');
    expect(text()).toContain('Đang tạm giữ cho AI');
    expect(text()).toContain('3.000 VNĐ');
    expect(text()).toContain('12.345 VNĐ');
    expect(text()).toContain('Số dư sắp hết');
    expect(api.callsTo('api/v1/balance-summary/u-7')[0]?.params).toEqual({ days: 30 });
    const chart = document.querySelector('svg[role="img"]');
    expect(chart?.querySelector('title')?.textContent).toBe('Chi tiêu và nạp tiền 3 ngày qua');
    expect(chart?.querySelector('desc')?.textContent).toContain('tổng chi tiêu 12.345 VNĐ, tổng nạp 200.000 VNĐ');
    expect([...document.querySelectorAll('table th[scope="row"]')].map((th) => th.textContent)).toEqual(['02/03/2025', '03/03/2025', '04/03/2025']);

    await click(button('Nạp tiền'));
    expect(mounted?.search()).toBe('?tab=deposit');
  });

  it('draws one placeholder until the balance and the summary are known, then the warning above the figures at once', async () => {
    let answer: (summary: ReturnType<typeof aSummary>) => void = () => undefined;
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 5_000 }),
      'api/v1/balance-summary/u-7': () => new Promise((resolve) => (answer = resolve)),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount();
    expect(document.querySelector('[data-testid="balance-overview-loading"]')).not.toBeNull();
    expect(text()).not.toContain('Số dư hiện tại');
    expect(text()).not.toContain('Số dư sắp hết');
    await act(async () => answer(aSummary({ total_balance: 5_000 })));
    await settle();
    expect(document.querySelector('[data-testid="balance-overview-loading"]')).toBeNull();
    expect(text()).toContain('Số dư sắp hết');
    expect(text()).toContain('5.000 VNĐ');
  });

  it('says "Không thể tải tổng số dư." when the balance cannot be fetched, and retries', async () => {
    let up = false;
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => {
        if (!up) throw new FakeApiError(500, 'INTERNAL');
        return { total_balance: 70_000 };
      },
      'api/v1/balance-summary/u-7': () => aSummary({ total_balance: 70_000 }),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount();
    expect(text()).toContain('Không thể tải tổng số dư.');
    up = true;
    await click(button('Thử lại'));
    expect(text()).not.toContain('Không thể tải tổng số dư.');
    expect(text()).toContain('70.000 VNĐ');
  });
});

describe('deposit form', () => {
  let api: ReturnType<typeof fakeBalanceApi>;
  beforeEach(async () => {
    await inLanguage('en');
    api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 0 }),
      'api/v1/deposit': () => aDeposit(),
      'api/v1/payment-status/pay-1': () => aDeposit(),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount('/user-dashboard/balance?tab=deposit');
  });
  const amountInput = () => document.querySelector<HTMLInputElement>('input#amount') as HTMLInputElement;

  it('says the bounds, and refuses an amount below the minimum or above the maximum', async () => {
    expect(text()).toContain('From 10.000 to 50.000.000 VNĐ');
    await typeInto(amountInput(), '9999');
    await click(button('Create top-up'));
    expect(text()).toContain('The minimum top-up is 10.000 VNĐ.');
    await typeInto(amountInput(), '50000001');
    await click(button('Create top-up'));
    expect(text()).toContain('The maximum top-up is 50.000.000 VNĐ.');
    expect(api.callsTo('api/v1/deposit')).toHaveLength(0);
  });

  it('a preset fills the amount in vi-VN digits and is what gets deposited', async () => {
    await click(button('200.000 VNĐ'));
    expect(amountInput().value).toBe('200.000');
    expect(button('200.000 VNĐ').getAttribute('aria-pressed')).toBe('true');
    await click(button('Create top-up'));
    expect(api.callsTo('api/v1/deposit')[0]?.body).toEqual({ user_id: 'u-7', amount: 200_000 });
    expect(mounted?.search()).toBe('?tab=deposit&payment=pay-1');
  });

  it('shows the translated provider failure', async () => {
    api.calls.length = 0;
    apiClient.configure({
      adapter: fakeBalanceApi({
        'api/v1/deposit': () => {
          throw new FakeApiError(502, 'PAYMENT_PROVIDER_FAILED');
        },
      }).adapter,
    });
    await click(button('100.000 VNĐ'));
    await click(button('Create top-up'));
    expect(text()).toContain('The payment provider is not responding. Please try again in a few minutes.');
  });
});

describe('payment screen', () => {
  beforeEach(async () => {
    await inLanguage('vi');
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });

  it('deposit → pending payment with QR, checkout link and sandbox notice → polling turns paid → success and new header balance', async () => {
    let statusCalls = 0;
    let balance = 0;
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: balance }),
      'api/v1/deposit': () => aDeposit(),
      'api/v1/payment-status/pay-1': () => {
        statusCalls += 1;
        if (statusCalls < 2) return aDeposit();
        balance = 100_000;
        return aDeposit({ status: 'paid', paid_at: NOW.toISOString(), checkout_url: undefined, qr_code: undefined });
      },
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount('/user-dashboard/balance?tab=deposit');
    await click(button('100.000 VNĐ'));
    await click(button('Tạo giao dịch nạp tiền'));

    expect(statusText()).toBe('Đang chờ thanh toán');
    expect(text()).toContain('Môi trường thử nghiệm — không dùng tiền thật');
    expect(text()).toContain('250304001');
    expect(text()).toContain('PM 250304001');
    expect(document.querySelector('[data-testid="open-checkout"]')?.getAttribute('href')).toBe('http://api.test/sandbox/checkout/pay-1?lang=vi');
    expect(document.querySelector('[data-testid="open-checkout"]')?.getAttribute('target')).toBeNull();
    expect(document.querySelector('svg[aria-label="Mã VietQR để thanh toán 100.000 VNĐ"]')).not.toBeNull();
    expect(text()).toContain('Giao dịch hết hạn sau');
    expect(api.callsTo('api/v1/payment-status/pay-1')[0]?.params).toEqual({ user_id: 'u-7' });
    const balanceCallsBefore = api.callsTo('api/v1/total-balance/u-7').length;

    await advance(2_000);
    expect(statusText()).toBe('Đã thanh toán');
    expect(text()).toContain('Nạp tiền thành công');
    expect(text()).toContain('Đã cộng 100.000 VNĐ vào tài khoản của bạn.');
    expect(api.callsTo('api/v1/total-balance/u-7').length).toBe(balanceCallsBefore + 1);
    expect(mounted && selectTotalBalance(mounted.store.getState())).toBe(100_000);
    expect(document.querySelector('[data-testid="new-balance"]')?.textContent).toBe('Số dư mới: 100.000 VNĐ');

    // Final: no more polling.
    const polled = api.callsTo('api/v1/payment-status/pay-1').length;
    await advance(10_000);
    expect(api.callsTo('api/v1/payment-status/pay-1').length).toBe(polled);
  });

  it('opened from the checkout return URL, it shows that payment as the server says, not as the URL says', async () => {
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 0 }),
      'api/v1/payment-status/pay-9': () => aDeposit({ payment_id: 'pay-9', amount: 500_000, order_code: 99, provider: 'payos' }),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount('/user-dashboard/balance?payment=pay-9&code=00&status=PAID&cancel=false&orderCode=99');
    expect(statusText()).toBe('Đang chờ thanh toán');
    expect(text()).toContain('500.000 VNĐ');
    expect(text()).toContain('PayOS (VietQR)');
    expect(text()).not.toContain('Môi trường thử nghiệm');
    expect(mounted?.search()).toBe('?tab=deposit&payment=pay-9');
  });

  it('pauses polling while the browser tab is hidden', async () => {
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 0 }),
      'api/v1/payment-status/pay-1': () => aDeposit(),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount('/user-dashboard/balance?payment=pay-1');
    await advance(2_000);
    const visibleCalls = api.callsTo('api/v1/payment-status/pay-1').length;
    expect(visibleCalls).toBeGreaterThanOrEqual(2);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await advance(10_000);
    expect(api.callsTo('api/v1/payment-status/pay-1').length).toBe(visibleCalls);
    visibility.mockReturnValue('visible');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(api.callsTo('api/v1/payment-status/pay-1').length).toBe(visibleCalls + 1);
  });

  it('cancelling shows the cancelled result, and "Thử lại" returns to the form', async () => {
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 0 }),
      'api/v1/payment-status/pay-1': () => aDeposit(),
      'api/v1/payment-cancel': () => aDeposit({ status: 'cancelled' }),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount('/user-dashboard/balance?payment=pay-1');
    await click(button('Hủy giao dịch'));
    expect(api.callsTo('api/v1/payment-cancel')[0]?.body).toEqual({ user_id: 'u-7', payment_id: 'pay-1' });
    expect(statusText()).toBe('Đã hủy');
    expect(text()).toContain('Giao dịch đã bị hủy');
    await click(button('Thử lại'));
    expect(mounted?.search()).toBe('?tab=deposit');
    expect(text()).toContain('Mức nạp nhanh');
  });

  it('an expired payment says so', async () => {
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 0 }),
      'api/v1/payment-status/pay-1': () => aDeposit({ status: 'expired' }),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount('/user-dashboard/balance?payment=pay-1');
    expect(statusText()).toBe('Đã hết hạn');
    expect(text()).toContain('Giao dịch đã hết hạn');
  });
});

describe('lists', () => {
  beforeEach(() => inLanguage('en'));

  it('deposit history sends page, size and order, sorts by amount on a header click, links a pending row to its payment', async () => {
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 0 }),
      'api/v1/deposit-history/u-7': () => ({
        items: [aDeposit(), aDeposit({ payment_id: 'pay-2', status: 'paid', order_code: 2, paid_at: NOW.toISOString() })],
        total: 45,
      }),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount('/user-dashboard/balance?tab=history');
    const lastParams = () => api.callsTo('api/v1/deposit-history/u-7').at(-1)?.params;
    expect(lastParams()).toEqual({ page: 1, page_size: 20, sort: 'date', order: 'desc' });
    expect(text()).toContain('Awaiting payment');
    expect(text()).toContain('Paid');

    await click([...document.querySelectorAll('th')].find((th) => th.textContent === 'Amount'));
    expect(lastParams()).toEqual({ page: 1, page_size: 20, sort: 'amount', order: 'asc' });

    await click(document.querySelector('li.ant-pagination-item-2'));
    expect(lastParams()).toEqual({ page: 2, page_size: 20, sort: 'amount', order: 'asc' });
    expect(text()).toContain('Go to');
    expect(text()).toContain('/ page');

    await click([...document.querySelectorAll('a')].find((a) => a.textContent === 'Continue payment'));
    expect(mounted?.search()).toBe('?tab=deposit&payment=pay-1');
  });

  it('balance transactions: signed, coloured, translated; a date range is sent as from/to', async () => {
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 0 }),
      'api/v1/balance-transactions/u-7': () => ({
        items: [
          { amount: 100_000, transactionType: 'deposit', dateModified: NOW.toISOString(), status: 'succeeded', note: 'PM 1' },
          { amount: -2_500, transactionType: 'token_charge', dateModified: NOW.toISOString(), status: 'succeeded', note: '' },
        ],
        total: 2,
      }),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount('/user-dashboard/balance?tab=balance');
    expect(text()).toContain('+100.000 VNĐ');
    expect(text()).toContain('−2.500 VNĐ');
    expect(text()).toContain('AI usage');
    expect(text()).toContain('Succeeded');
    expect(document.querySelector('.ant-typography-success')?.textContent).toBe('+100.000 VNĐ');
    expect(document.querySelector('.ant-typography-danger')?.textContent).toBe('−2.500 VNĐ');

    const [start, end] = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')];
    await typeInto(start as HTMLInputElement, '01/03/2025');
    await typeInto(end as HTMLInputElement, '04/03/2025');
    await act(async () => end?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await settle();
    expect(api.callsTo('api/v1/balance-transactions/u-7').at(-1)?.params).toEqual({
      page: 1, page_size: 20, sort: 'date', order: 'desc', from: '2025-03-01', to: '2025-03-04',
    });
  });

  it('token transactions: empty state, and sorting by cost', async () => {
    const api = fakeBalanceApi({
      'api/v1/total-balance/u-7': () => ({ total_balance: 0 }),
      'api/v1/token-transactions/u-7': emptyList,
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    await mount('/user-dashboard/balance?tab=tokens');
    expect(text()).toContain('No token transactions yet.');
    await click([...document.querySelectorAll('th')].find((th) => th.textContent === 'Cost'));
    expect(api.callsTo('api/v1/token-transactions/u-7').at(-1)?.params).toMatchObject({ sort: 'amount', order: 'asc' });
  });
});

it('sends early only GETs the balance page makes when it opens (contracts/early-requests.ts)', async () => {
  await inLanguage('vi');
  const api = fakeBalanceApi({
    'api/v1/total-balance/u-7': () => ({ total_balance: 15_000 }),
    'api/v1/balance-summary/u-7': () => aSummary({ total_balance: 15_000, reserved: 3_000 }),
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  expect(await earlyGetsNotMadeBy(ROUTE_EARLY_GETS.balance, user.userId, mount)).toEqual([]);
});
