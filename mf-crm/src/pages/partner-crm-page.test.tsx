// @vitest-environment happy-dom
import { apiClient, type PartnerClient, type PartnerOrder } from '@pagemate/shared-contracts';
import { button, byTestId, click, mountSignedIn, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { aPartnerClient, aPartnerOrder, aShop, FakeApiError, fakeCrmApi, type Call } from '../test/fake-crm-api';
import { inLanguage, openSelect, option, options, text } from '../test/page-helpers';
import { PartnerCrmPage } from './partner-crm-page';

const API = 'http://api.test';
const partner = { username: 'agency', userId: 'pa-1', userEmail: 'agency@example.test', partnerId: null, role: 'partner' };
const SHOPS = 'api/v1/partner/shops';
const ORDERS = 'api/v1/partner/orders';
const CLIENTS = 'api/v1/partner/clients';
const URL_ = '/partner-dashboard/crm';

let mounted: MountedPage | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const orderRows = () => byTestId('partner-order-row').map((r) => ({ id: r.getAttribute('data-order-id'), shop: r.getAttribute('data-shop-id'), text: r.textContent ?? '' }));
const clientRows = () => byTestId('partner-client-row').map((r) => r.getAttribute('data-client-id'));
const inputOf = (testId: string) => (byTestId(testId)[0]?.querySelector('input') ?? byTestId(testId)[0]) as HTMLInputElement;

const SHOP_LIST = [aShop({ shop_id: 'shop-1', username: 'thoitrang_lan' }), aShop({ shop_id: 'shop-2', username: 'giaydep_an', email: 'an@example.test' })];

function book(): PartnerOrder[] {
  return [
    aPartnerOrder({ orderId: '7f3a9c21-0b4e-4d7a-9a11-222233334444', productName: 'Áo thun cotton', quantity: 2, totalPrice: 300_000, status: 'new', client_name: 'Nguyễn Thị Mai', created_at: '2026-01-04T03:00:00.000Z' }),
    aPartnerOrder({ orderId: 'o-2', productName: 'Giày da nam', quantity: 1, totalPrice: 900_000, status: 'delivered', shop_id: 'shop-2', shop_name: 'giaydep_an', client_name: 'Trần Văn Hoà' }),
    aPartnerOrder({ orderId: 'o-3', productName: 'Đầm maxi', quantity: 1, totalPrice: 450_000, status: 'cancelled', client_name: '' }),
    aPartnerOrder({ orderId: 'o-4', productName: 'Dép quai hậu', quantity: 3, totalPrice: 360_000, status: 'shipping', shop_id: 'shop-2', shop_name: 'giaydep_an', client_name: 'Lê Dương' }),
  ];
}

function people(): PartnerClient[] {
  return [
    aPartnerClient({ id: 'cl-1', name: 'Nguyễn Thị Mai', phone: '0912 345 678', favoriteColor: 'Hồng pastel', stylePreference: 'Thanh lịch', order_count: 2 }),
    aPartnerClient({ id: 'cl-2', name: 'Trần Văn Hoà', phone: '', favoriteColor: '', stylePreference: 'Năng động', order_count: 1, shop_id: 'shop-2', shop_name: 'giaydep_an' }),
  ];
}

function partnerApi(overrides: Record<string, (call: Call) => unknown> = {}) {
  const api = fakeCrmApi({
    [SHOPS]: () => SHOP_LIST,
    [ORDERS]: (call) =>
      book().filter(
        (o) => (call.params.shop_id === undefined || o.shop_id === call.params.shop_id) && (call.params.status === undefined || o.status === call.params.status),
      ),
    [CLIENTS]: (call) => people().filter((c) => call.params.shop_id === undefined || c.shop_id === call.params.shop_id),
    ...overrides,
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return api;
}

describe('partner CRM', () => {
  it('lists the orders of every shop with shop, short id, total, client, status and date, and a summary (vi)', async () => {
    await inLanguage('vi');
    const api = partnerApi();
    mounted = await mountSignedIn(PartnerCrmPage, partner, URL_);

    expect(document.querySelector('h1')?.textContent).toBe('CRM đối tác');
    expect(byTestId('partner-page-description')[0]?.textContent).toContain('chỉ để xem');
    expect(api.callsTo(SHOPS).map((c) => c.params)).toEqual([{ days: 30 }]);
    expect(api.callsTo(ORDERS).map((c) => c.params)).toEqual([{}]);
    expect(api.callsTo(CLIENTS)).toHaveLength(0);
    expect(orderRows().map((r) => [r.id, r.shop])).toEqual([
      ['7f3a9c21-0b4e-4d7a-9a11-222233334444', 'shop-1'],
      ['o-2', 'shop-2'],
      ['o-3', 'shop-1'],
      ['o-4', 'shop-2'],
    ]);
    const first = orderRows()[0]?.text ?? '';
    expect(first).toContain('thoitrang_lan');
    expect(first).toContain('7f3a9c21');
    expect(first).not.toContain('7f3a9c21-0b4e');
    expect(first).toContain('Áo thun cotton');
    expect(first).toContain('300.000 VNĐ');
    expect(first).toContain('Nguyễn Thị Mai');
    expect(first).toContain('Mới');
    expect(first).toContain('04/01/2026 10:00');
    expect(orderRows()[1]?.text).toContain('giaydep_an');
    expect(orderRows()[1]?.text).toContain('Đã giao');
    // Cancelled orders count, but add nothing to the value.
    expect(byTestId('partner-orders-summary')[0]?.textContent).toBe('4 đơn hàng · Giá trị (không tính đơn đã huỷ): 1.560.000 VNĐ');
  });

  it('filters by shop (sent as shop_id, kept in ?shop=) and by status (sent as status) (en)', async () => {
    await inLanguage('en');
    const api = partnerApi();
    mounted = await mountSignedIn(PartnerCrmPage, partner, URL_);

    await openSelect(byTestId('partner-shop-filter')[0]);
    expect(options()).toEqual(['All shops', 'thoitrang_lan', 'giaydep_an']);
    await click(option('giaydep_an'));
    expect(mounted.search()).toBe('?shop=shop-2');
    expect(api.callsTo(ORDERS).at(-1)?.params).toEqual({ shop_id: 'shop-2' });
    expect(orderRows().map((r) => r.id)).toEqual(['o-2', 'o-4']);
    expect(byTestId('partner-orders-summary')[0]?.textContent).toBe('2 orders · Value (cancelled excluded): 1.260.000 VNĐ');

    await openSelect(byTestId('partner-orders-status')[0]);
    expect(options()).toEqual(['All statuses', 'New', 'Confirmed', 'Shipping', 'Delivered', 'Cancelled']);
    await click(option('Shipping'));
    expect(api.callsTo(ORDERS).at(-1)?.params).toEqual({ shop_id: 'shop-2', status: 'shipping' });
    expect(orderRows().map((r) => r.id)).toEqual(['o-4']);

    // The clients tab follows the same shop.
    await click([...document.querySelectorAll('.ant-tabs-tab')].find((tab) => tab.textContent === 'Clients'));
    expect(api.callsTo(CLIENTS).map((c) => c.params)).toEqual([{ shop_id: 'shop-2' }]);
    expect(clientRows()).toEqual(['cl-2']);

    await openSelect(byTestId('partner-shop-filter')[0]);
    await click(option('All shops'));
    expect(mounted.search()).toBe('');
    expect(api.callsTo(CLIENTS).at(-1)?.params).toEqual({});
    expect(clientRows()).toEqual(['cl-1', 'cl-2']);
  });

  it('opens on the shop of ?shop= (a shared link)', async () => {
    await inLanguage('en');
    const api = partnerApi();
    mounted = await mountSignedIn(PartnerCrmPage, partner, `${URL_}?shop=shop-1`);
    expect(api.callsTo(ORDERS).at(-1)?.params).toEqual({ shop_id: 'shop-1' });
    expect(byTestId('partner-shop-filter')[0]?.textContent).toContain('thoitrang_lan');
    expect(orderRows().map((r) => r.id)).toEqual(['7f3a9c21-0b4e-4d7a-9a11-222233334444', 'o-3']);
  });

  it('searches orders by product, client or shop without caring for accents (vi)', async () => {
    await inLanguage('vi');
    partnerApi();
    mounted = await mountSignedIn(PartnerCrmPage, partner, URL_);

    await typeInto(inputOf('partner-orders-search'), 'ao thun');
    expect(orderRows().map((r) => r.id)).toEqual(['7f3a9c21-0b4e-4d7a-9a11-222233334444']);
    await typeInto(inputOf('partner-orders-search'), 'dam');
    expect(orderRows().map((r) => r.id)).toEqual(['o-3']);
    expect(byTestId('partner-orders-summary')[0]?.textContent).toBe('1 đơn hàng · Giá trị (không tính đơn đã huỷ): 0 VNĐ');
    await typeInto(inputOf('partner-orders-search'), 'HOA');
    expect(orderRows().map((r) => r.id)).toEqual(['o-2']);
    await typeInto(inputOf('partner-orders-search'), 'giaydep');
    expect(orderRows().map((r) => r.id)).toEqual(['o-2', 'o-4']);
    await typeInto(inputOf('partner-orders-search'), 'zzz');
    expect(orderRows()).toEqual([]);
    expect(byTestId('partner-orders-empty')[0]?.textContent).toContain('Không có đơn hàng nào khớp với bộ lọc.');
  });

  it('lists the clients of every shop and searches them (vi)', async () => {
    await inLanguage('vi');
    const api = partnerApi();
    mounted = await mountSignedIn(PartnerCrmPage, partner, URL_);
    await click([...document.querySelectorAll('.ant-tabs-tab')].find((tab) => tab.textContent === 'Khách hàng'));

    expect(api.callsTo(CLIENTS).map((c) => c.params)).toEqual([{}]);
    expect(clientRows()).toEqual(['cl-1', 'cl-2']);
    const [mai, hoa] = byTestId('partner-client-row');
    expect(mai?.textContent).toContain('thoitrang_lan');
    expect(mai?.textContent).toContain('Hồng pastel');
    expect(mai?.textContent).toContain('Thanh lịch');
    expect(mai?.textContent).toContain('03/01/2026');
    expect(mai?.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:0912345678');
    expect(hoa?.textContent).toContain('giaydep_an');
    expect(hoa?.textContent).toContain('Năng động');

    await typeInto(inputOf('partner-clients-search'), 'hoà');
    expect(clientRows()).toEqual(['cl-2']);
    await typeInto(inputOf('partner-clients-search'), '0912345');
    expect(clientRows()).toEqual(['cl-1']);
  });

  it('explains how shops join when none has yet, linking to the partner dashboard (vi)', async () => {
    await inLanguage('vi');
    const api = partnerApi({ [SHOPS]: () => [] });
    mounted = await mountSignedIn(PartnerCrmPage, partner, URL_);

    expect(text()).toContain('Chưa có cửa hàng nào tham gia.');
    expect(text()).toContain('mã mời');
    expect(byTestId('partner-no-shops-link')[0]?.getAttribute('href')).toBe('/partner-dashboard/');
    expect(byTestId('partner-shop-filter')).toHaveLength(0);
    expect(api.callsTo(ORDERS)).toHaveLength(0);
  });

  it('shows a failed load in words with a retry: the shops, then the orders (en)', async () => {
    await inLanguage('en');
    let failShops = true;
    let failOrders = true;
    const api = partnerApi({
      [SHOPS]: () => {
        if (failShops) throw new FakeApiError(503, 'UNAVAILABLE');
        return SHOP_LIST;
      },
      [ORDERS]: () => {
        if (failOrders) throw new FakeApiError(500, 'INTERNAL');
        return book();
      },
    });
    mounted = await mountSignedIn(PartnerCrmPage, partner, URL_);
    const shopsError = byTestId('partner-shops-error')[0];
    expect(shopsError?.textContent).toContain('Could not load your shops.');
    expect(shopsError?.textContent).toContain('The server is busy. Please try again in a few minutes.');

    failShops = false;
    await click(button('Retry'));
    expect(api.callsTo(SHOPS)).toHaveLength(2);
    expect(byTestId('partner-shops-error')).toHaveLength(0);
    expect(byTestId('partner-orders-error')[0]?.textContent).toContain('Could not load the orders.');
    expect(byTestId('partner-orders-error')[0]?.textContent).toContain('Something went wrong. Please try again.');

    failOrders = false;
    await click(button('Retry'));
    expect(byTestId('partner-orders-error')).toHaveLength(0);
    expect(orderRows()).toHaveLength(4);
  });
});
