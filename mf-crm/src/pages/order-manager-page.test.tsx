// @vitest-environment happy-dom
import { apiClient, type Order } from '@pagemate/shared-contracts';
import { button, byTestId, click, mountSignedIn, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { aClient, anAccount, anOrder, aPage, aThread, FakeApiError, fakeCrmApi, type Call } from '../test/fake-crm-api';
import { field, fieldErrors, inLanguage, openSelect, option, options, text } from '../test/page-helpers';
import { OrderManagerPage } from './order-manager-page';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const PAGES = 'api/v1/facebook/page/access-token-pages';
const CLIENTS = 'api/v1/facebook/get-clients';
const ORDERS = 'api/v1/facebook/get-orders';
const SAVE = 'api/v1/facebook/order/save';
const DETAIL = (id: string) => `api/v1/facebook/client/${id}`;
const URL_ = '/user-dashboard/order-manager';

let mounted: MountedPage | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const rows = () => byTestId('order-row').map((r) => ({ id: r.getAttribute('data-order-id'), status: r.getAttribute('data-status'), text: r.textContent ?? '' }));
const filter = (key: string) => byTestId(`orders-filter-${key}`)[0];
const numberField = (id: string) => (document.querySelector(`.ant-modal [data-testid="${id}"] input`) ?? field(id)) as HTMLInputElement;
const statusSelectOf = (orderId: string) => byTestId('order-row').find((r) => r.getAttribute('data-order-id') === orderId)?.querySelector('[data-testid="order-status-select"]');

function book(): Order[] {
  return [
    anOrder({ orderId: 'o-1', productName: 'Áo thun cotton', unitPrice: 150_000, quantity: 2, totalPrice: 300_000, status: 'new', client_id: 'cl-1', client_name: 'Nguyễn Thị Mai', source: 'bot', conversation_id: 't-msg' }),
    anOrder({ orderId: 'o-2', productName: 'Váy hoa', unitPrice: 450_000, quantity: 1, totalPrice: 450_000, status: 'confirmed', page_id: 'p2', deliveryAddress: '5 Nguyễn Huệ, TP.HCM' }),
    anOrder({ orderId: 'o-3', productName: 'Giày da', unitPrice: 900_000, quantity: 1, totalPrice: 900_000, status: 'shipping', page_id: 'p2' }),
    anOrder({ orderId: 'o-4', productName: 'Mũ len', unitPrice: 80_000, quantity: 3, totalPrice: 240_000, status: 'delivered' }),
    anOrder({ orderId: 'o-5', productName: 'Khăn lụa', status: 'cancelled' }),
    anOrder({ orderId: 'o-6', productName: 'Túi vải', status: 'new', source: 'bot', conversation_id: 't-cmt', client_id: 'cl-2', client_name: 'Trần Văn Hoà' }),
  ];
}

function ordersApi(overrides: Record<string, (call: Call) => unknown> = {}) {
  let orders = book();
  const api = fakeCrmApi({
    [PAGES]: () => [anAccount([aPage(), aPage({ page_id: 'p2', page_name: 'Shop Giày' })])],
    [CLIENTS]: () => [aClient({ id: 'cl-1', name: 'Nguyễn Thị Mai' }), aClient({ id: 'cl-2', name: 'Trần Văn Hoà', phone: '' })],
    [ORDERS]: (call) => {
      const pageId = call.params.page_id as string | undefined;
      return pageId === undefined ? orders : orders.filter((o) => o.page_id === pageId);
    },
    [SAVE]: (call) => {
      const body = call.body as Order & { user_id: string };
      if (body.orderId) {
        const saved = { ...orders.find((o) => o.orderId === body.orderId), ...body } as Order;
        orders = orders.map((o) => (o.orderId === body.orderId ? saved : o));
        return saved;
      }
      const saved = anOrder({ ...body, orderId: 'o-new', totalPrice: body.unitPrice * body.quantity });
      orders = [saved, ...orders];
      return saved;
    },
    [DETAIL('cl-1')]: () => ({ client: aClient({ id: 'cl-1' }), conversations: [aThread({ thread_id: 't-msg', kind: 'message', page_id: 'p1' })], orders: [] }),
    [DETAIL('cl-2')]: () => ({ client: aClient({ id: 'cl-2' }), conversations: [aThread({ thread_id: 't-cmt', kind: 'comment', page_id: 'p1' })], orders: [] }),
    ...overrides,
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return api;
}

describe('order manager', () => {
  it('lists every page’s orders with totals, status tags and counts; filters by status (vi)', async () => {
    await inLanguage('vi');
    const api = ordersApi();
    mounted = await mountSignedIn(OrderManagerPage, user, URL_);

    expect(document.querySelector('h1')?.textContent).toBe('Quản lý đơn hàng');
    expect(api.callsTo(ORDERS).map((c) => c.params)).toEqual([{ user_id: 'u-7' }]);
    expect(rows().map((r) => [r.id, r.status])).toEqual([
      ['o-1', 'new'],
      ['o-2', 'confirmed'],
      ['o-3', 'shipping'],
      ['o-4', 'delivered'],
      ['o-5', 'cancelled'],
      ['o-6', 'new'],
    ]);
    expect(filter('all')?.textContent).toBe('Tất cả (6)');
    expect(filter('new')?.textContent).toBe('Mới (2)');
    expect(filter('confirmed')?.textContent).toBe('Đã xác nhận (1)');
    expect(filter('shipping')?.textContent).toBe('Đang giao (1)');
    expect(filter('delivered')?.textContent).toBe('Đã giao (1)');
    expect(filter('cancelled')?.textContent).toBe('Đã huỷ (1)');

    const first = rows()[0]?.text ?? '';
    expect(first).toContain('Áo thun cotton');
    expect(first).toContain('300.000 VNĐ');
    expect(first).toContain('Nguyễn Thị Mai');
    expect(first).toContain('Mới');
    const tags = byTestId('order-row').map((r) => r.querySelector('[data-testid="order-status"]')?.className ?? '');
    expect(tags[0]).toContain('blue');
    expect(tags[3]).toContain('green');
    expect(tags[4]).toContain('red');

    // Bot orders: the tag and a link to their conversation in the manager of its kind.
    const bot = byTestId('order-row').filter((r) => r.querySelector('[data-testid="order-bot"]'));
    expect(bot.map((r) => r.getAttribute('data-order-id'))).toEqual(['o-1', 'o-6']);
    expect(bot.map((r) => r.querySelector('[data-testid="order-conversation-link"]')?.getAttribute('href'))).toEqual([
      '/user-dashboard/message-manager/?page=p1&thread=t-msg',
      '/user-dashboard/comment-manager/?page=p1&thread=t-cmt',
    ]);
    expect(rows()[1]?.text).toContain('Thủ công');

    await click([...document.querySelectorAll('.ant-segmented-item')].find((el) => el.textContent === 'Mới (2)'));
    expect(rows().map((r) => r.id)).toEqual(['o-1', 'o-6']);
    await click([...document.querySelectorAll('.ant-segmented-item')].find((el) => el.textContent === 'Đang giao (1)'));
    expect(rows().map((r) => r.id)).toEqual(['o-3']);
  });

  it('filters by page through ?page=, sending page_id (en)', async () => {
    await inLanguage('en');
    const api = ordersApi();
    mounted = await mountSignedIn(OrderManagerPage, user, `${URL_}?page=p2`);
    expect(api.callsTo(ORDERS).map((c) => c.params)).toEqual([{ user_id: 'u-7', page_id: 'p2' }]);
    expect(rows().map((r) => r.id)).toEqual(['o-2', 'o-3']);
    expect(filter('all')?.textContent).toBe('All (2)');
    expect(byTestId('orders-page-filter')[0]?.textContent).toContain('Shop Giày');

    await openSelect(byTestId('orders-page-filter')[0]);
    expect(options()).toEqual(['All pages', 'Shop Hoa', 'Shop Giày']);
    await click(option('Shop Hoa'));
    expect(mounted.search()).toBe('?page=p1');
    expect(api.callsTo(ORDERS).at(-1)?.params).toEqual({ user_id: 'u-7', page_id: 'p1' });
    expect(rows().map((r) => r.id)).toEqual(['o-1', 'o-4', 'o-5', 'o-6']);

    await openSelect(byTestId('orders-page-filter')[0]);
    await click(option('All pages'));
    expect(mounted.search()).toBe('');
    expect(rows()).toHaveLength(6);
  });

  it('adds an order: validates, shows the total live, sends the body with status new (vi)', async () => {
    await inLanguage('vi');
    const api = ordersApi();
    mounted = await mountSignedIn(OrderManagerPage, user, URL_);
    await click(button('Thêm đơn hàng'));
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Thêm đơn hàng');
    await typeInto(numberField('order-quantity'), '');
    await click(byTestId('order-save')[0]);
    expect(fieldErrors()).toEqual(['Vui lòng nhập tên sản phẩm.', 'Vui lòng nhập đơn giá (từ 0).', 'Số lượng ít nhất là 1.']);
    expect(api.callsTo(SAVE)).toHaveLength(0);

    await typeInto(field('order-product'), 'Đầm maxi');
    await typeInto(numberField('order-price'), '250000');
    await typeInto(numberField('order-quantity'), '3');
    expect(byTestId('order-total')[0]?.textContent).toBe('750.000 VNĐ');
    await typeInto(field('order-address'), '8 Trần Phú, Đà Nẵng');
    await openSelect(byTestId('order-client')[0]);
    await click(option('Nguyễn Thị Mai · 0912 345 678'));
    await openSelect(byTestId('order-page')[0]);
    await click(option('Shop Hoa'));
    await typeInto(field('order-note'), 'Giao giờ hành chính');
    await click(byTestId('order-save')[0]);

    expect(api.callsTo(SAVE).map((c) => c.body)).toEqual([
      {
        user_id: 'u-7',
        productName: 'Đầm maxi',
        unitPrice: 250_000,
        quantity: 3,
        deliveryAddress: '8 Trần Phú, Đà Nẵng',
        status: 'new',
        page_id: 'p1',
        client_id: 'cl-1',
        note: 'Giao giờ hành chính',
      },
    ]);
    expect(text()).toContain('Đã thêm đơn hàng.');
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(rows()[0]?.id).toBe('o-new');
    expect(rows()[0]?.text).toContain('750.000 VNĐ');
    expect(filter('new')?.textContent).toBe('Mới (3)');
  });

  it('offers only the allowed next statuses, sends the whole order, and asks before cancelling (vi)', async () => {
    await inLanguage('vi');
    const api = ordersApi();
    mounted = await mountSignedIn(OrderManagerPage, user, URL_);

    await openSelect(statusSelectOf('o-2'));
    expect(options()).toEqual(['Đang giao', 'Đã huỷ']);
    await click(option('Đang giao'));
    expect(api.callsTo(SAVE).map((c) => c.body)).toEqual([
      {
        user_id: 'u-7',
        orderId: 'o-2',
        productName: 'Váy hoa',
        unitPrice: 450_000,
        quantity: 1,
        deliveryAddress: '5 Nguyễn Huệ, TP.HCM',
        status: 'shipping',
        page_id: 'p2',
        client_id: null,
        note: '',
      },
    ]);
    expect(text()).toContain('Đã chuyển đơn sang "Đang giao".');
    expect(rows().find((r) => r.id === 'o-2')?.status).toBe('shipping');

    await openSelect(statusSelectOf('o-1'));
    expect(options()).toEqual(['Đã xác nhận', 'Đã huỷ']);
    await click(option('Đã huỷ'));
    expect(text()).toContain('Huỷ đơn hàng này?');
    expect(api.callsTo(SAVE)).toHaveLength(1);
    await click(button('Có, huỷ đơn'));
    expect(api.callsTo(SAVE).at(-1)?.body).toMatchObject({ orderId: 'o-1', status: 'cancelled', client_id: 'cl-1' });
    expect(rows().find((r) => r.id === 'o-1')?.status).toBe('cancelled');

    // Delivered and cancelled orders go nowhere.
    expect(statusSelectOf('o-4')?.className).toContain('ant-select-disabled');
    expect(statusSelectOf('o-5')?.className).toContain('ant-select-disabled');
    expect(statusSelectOf('o-3')?.className).not.toContain('ant-select-disabled');
  });

  it('shows the server’s words when it refuses a status change (409), and refetches (en)', async () => {
    await inLanguage('en');
    const api = ordersApi({
      [SAVE]: () => {
        throw new FakeApiError(409, 'CONFLICT', 'An order that is "cancelled" cannot become "confirmed".');
      },
    });
    mounted = await mountSignedIn(OrderManagerPage, user, URL_);
    await openSelect(statusSelectOf('o-1'));
    expect(options()).toEqual(['Confirmed', 'Cancelled']);
    await click(option('Confirmed'));
    expect(text()).toContain('Could not change the status. An order that is "cancelled" cannot become "confirmed".');
    expect(api.callsTo(ORDERS)).toHaveLength(2);
  });

  it('shows "Error fetching orders" with a retry when the orders cannot be loaded (vi and en)', async () => {
    for (const language of ['vi', 'en'] as const) {
      await inLanguage(language);
      let fail = true;
      const api = ordersApi({
        [ORDERS]: () => {
          if (fail) throw new FakeApiError(500, 'INTERNAL');
          return book();
        },
      });
      mounted = await mountSignedIn(OrderManagerPage, user, URL_);
      const error = byTestId('orders-error')[0];
      expect(error?.querySelector('.ant-alert-title')?.textContent).toBe('Error fetching orders');
      expect(rows()).toHaveLength(0);
      fail = false;
      await click(button(language === 'vi' ? 'Thử lại' : 'Retry'));
      expect(api.callsTo(ORDERS)).toHaveLength(2);
      expect(byTestId('orders-error')).toHaveLength(0);
      expect(rows()).toHaveLength(6);
      mounted.unmount();
      mounted = undefined;
    }
  });
});
