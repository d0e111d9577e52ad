// @vitest-environment happy-dom
import { apiClient, type Client } from '@pagemate/shared-contracts';
import { button, byTestId, click, mountSignedIn, settle, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { aClient, anAccount, anOrder, aPage, aThread, FakeApiError, fakeCrmApi, type Call } from '../test/fake-crm-api';
import { field, fieldErrors, inLanguage, text } from '../test/page-helpers';
import { ClientManagerPage } from './client-manager-page';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const PAGES = 'api/v1/facebook/page/access-token-pages';
const CLIENTS = 'api/v1/facebook/get-clients';
const SAVE = 'api/v1/facebook/client/save';
const DELETE = 'api/v1/facebook/client/delete';
const DETAIL = (id: string) => `api/v1/facebook/client/${id}`;
const URL_ = '/user-dashboard/client-manager';

let mounted: MountedPage | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const rows = () => byTestId('client-row').map((r) => ({ id: r.getAttribute('data-client-id'), text: r.textContent ?? '' }));

function people(): Client[] {
  return [
    aClient({ id: 'cl-1', name: 'Nguyễn Thị Mai', phone: '0912 345 678', order_count: 2, created_at: '2026-01-03T02:00:00.000Z' }),
    aClient({ id: 'cl-2', name: 'Trần Văn Hoà', phone: '+84 (90) 111-2222', favoriteColor: 'Xanh navy', stylePreference: 'Năng động', page_id: 'p2', order_count: 0 }),
    aClient({ id: 'cl-3', name: 'Lê Dương', phone: '', favoriteColor: '', stylePreference: '', page_id: undefined, order_count: 1 }),
  ];
}

function clientsApi(overrides: Record<string, (call: Call) => unknown> = {}) {
  let clients = people();
  const api = fakeCrmApi({
    [PAGES]: () => [anAccount([aPage(), aPage({ page_id: 'p2', page_name: 'Shop Giày' })])],
    [CLIENTS]: () => clients,
    [SAVE]: (call) => {
      const body = call.body as Client & { user_id: string };
      const saved = aClient({ ...body, id: body.id ?? 'cl-new', order_count: 0, created_at: '2026-01-05T02:00:00.000Z' });
      clients = body.id ? clients.map((c) => (c.id === body.id ? saved : c)) : [saved, ...clients];
      return saved;
    },
    [DELETE]: (call) => {
      const { id } = call.body as { id: string };
      clients = clients.filter((c) => c.id !== id);
      return { ok: true };
    },
    [DETAIL('cl-1')]: () => ({
      client: people()[0],
      conversations: [
        aThread({ thread_id: 't-msg', kind: 'message', page_id: 'p1', last_text: 'Cho mình 2 áo size M nhé', state: 'bot', post_id: null }),
        aThread({ thread_id: 't-cmt', kind: 'comment', page_id: 'p1', last_text: 'Còn màu hồng không shop?', state: 'attention' }),
      ],
      orders: [
        anOrder({ orderId: 'o-1', productName: 'Áo thun cotton', quantity: 2, totalPrice: 300_000, status: 'confirmed', client_id: 'cl-1' }),
        anOrder({ orderId: 'o-2', productName: 'Váy hoa', quantity: 1, unitPrice: 450_000, totalPrice: 450_000, status: 'delivered', client_id: 'cl-1' }),
      ],
    }),
    ...overrides,
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return api;
}

describe('client manager', () => {
  it('lists the clients with phone links, page names, order counts and dates; searches accent-insensitively (vi)', async () => {
    await inLanguage('vi');
    const api = clientsApi();
    mounted = await mountSignedIn(ClientManagerPage, user, URL_);

    expect(document.querySelector('h1')?.textContent).toBe('Quản lý khách hàng');
    expect(api.callsTo(CLIENTS)).toHaveLength(1);
    expect(rows().map((r) => r.id)).toEqual(['cl-1', 'cl-2', 'cl-3']);
    // Scrolls sideways in its own box, its columns not measured after drawing.
    expect(document.querySelector<HTMLElement>('.ant-table-content')?.style.overflowX).toBe('auto');
    expect(document.querySelector('.ant-table-measure-row')).toBeNull();
    const [mai, hoa, duong] = byTestId('client-row');
    expect(mai?.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:0912345678');
    expect(hoa?.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:+84901112222');
    expect(duong?.querySelector('a[href^="tel:"]')).toBeNull();
    expect(mai?.textContent).toContain('Shop Hoa');
    expect(mai?.textContent).toContain('03/01/2026');
    expect(mai?.textContent).toContain('Hồng pastel');
    expect(hoa?.textContent).toContain('Shop Giày');
    expect(hoa?.textContent).toContain('Xanh navy');

    const search = byTestId('clients-search')[0]?.querySelector('input') ?? (byTestId('clients-search')[0] as HTMLInputElement);
    await typeInto(search, 'hoa');
    expect(rows().map((r) => r.id)).toEqual(['cl-2']);
    await typeInto(search, 'duong');
    expect(rows().map((r) => r.id)).toEqual(['cl-3']);
    await typeInto(search, '0912345');
    expect(rows().map((r) => r.id)).toEqual(['cl-1']);
    await typeInto(search, 'zzz');
    expect(rows()).toEqual([]);
    expect(byTestId('clients-empty')[0]?.textContent).toContain('Không có khách hàng nào khớp với "zzz".');
  });

  it('adds a client: validates name and phone, then sends every field (vi)', async () => {
    await inLanguage('vi');
    const api = clientsApi();
    mounted = await mountSignedIn(ClientManagerPage, user, URL_);

    await click(button('Thêm khách hàng'));
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Thêm khách hàng');
    await typeInto(field('client-phone'), '0912-abc');
    await click(byTestId('client-save')[0]);
    expect(fieldErrors()).toEqual(['Vui lòng nhập tên khách hàng.', 'Số điện thoại chỉ gồm chữ số, khoảng trắng và các ký tự + ( ) . -']);
    await typeInto(field('client-phone'), '1'.repeat(33));
    await click(byTestId('client-save')[0]);
    expect(fieldErrors()).toContain('Số điện thoại tối đa 32 ký tự.');
    expect(api.callsTo(SAVE)).toHaveLength(0);

    await typeInto(field('client-name'), '  Phạm Thu Trang ');
    await typeInto(field('client-phone'), '+84 (98) 765.4321');
    await typeInto(field('client-color'), 'Be');
    await typeInto(field('client-style'), 'Tối giản');
    await typeInto(field('client-note'), 'Khách quen, giao buổi tối');
    const pageSelect = byTestId('client-page')[0];
    await act(async () => {
      pageSelect?.querySelector('.ant-select-selector, .ant-select-content, input')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await settle();
    await click([...document.querySelectorAll('.ant-select-item-option')].find((option) => option.textContent === 'Shop Giày'));
    await click(byTestId('client-save')[0]);

    expect(api.callsTo(SAVE).map((c) => c.body)).toEqual([
      { user_id: 'u-7', name: 'Phạm Thu Trang', phone: '+84 (98) 765.4321', favoriteColor: 'Be', stylePreference: 'Tối giản', note: 'Khách quen, giao buổi tối', page_id: 'p2' },
    ]);
    expect(text()).toContain('Đã thêm khách hàng.');
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(api.callsTo(CLIENTS)).toHaveLength(2);
    expect(rows()[0]?.text).toContain('Phạm Thu Trang');
  });

  it('edits a client in the same modal, sending its id, and shows a refused save (en)', async () => {
    await inLanguage('en');
    let refuse = true;
    const api = clientsApi({
      [SAVE]: (call) => {
        if (refuse) {
          refuse = false;
          throw new FakeApiError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
        }
        return aClient({ ...(call.body as Partial<Client>) });
      },
    });
    mounted = await mountSignedIn(ClientManagerPage, user, URL_);
    await click(byTestId('client-row')[1]?.querySelector('[data-testid="client-edit"]'));
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Edit client');
    expect(field('client-name').value).toBe('Trần Văn Hoà');
    expect(byTestId('client-detail')).toHaveLength(0);
    await typeInto(field('client-style'), 'Công sở');
    await click(byTestId('client-save')[0]);
    expect(byTestId('client-form-error')[0]?.textContent).toContain('Could not save the client.');
    await click(byTestId('client-save')[0]);
    expect(api.callsTo(SAVE).at(-1)?.body).toEqual({
      user_id: 'u-7',
      id: 'cl-2',
      name: 'Trần Văn Hoà',
      phone: '+84 (90) 111-2222',
      favoriteColor: 'Xanh navy',
      stylePreference: 'Công sở',
      note: '',
      page_id: 'p2',
    });
    expect(text()).toContain('Client saved.');
  });

  it('asks before deleting a client, saying their orders stay (vi)', async () => {
    await inLanguage('vi');
    const api = clientsApi();
    mounted = await mountSignedIn(ClientManagerPage, user, URL_);
    await click(byTestId('client-row')[0]?.querySelector('[data-testid="client-delete"]'));
    expect(text()).toContain('Xoá khách hàng Nguyễn Thị Mai?');
    expect(text()).toContain('Các đơn hàng của khách vẫn được giữ lại.');
    expect(api.callsTo(DELETE)).toHaveLength(0);
    expect(byTestId('client-detail')).toHaveLength(0);

    await click(button('Có, xoá'));
    expect(api.callsTo(DELETE).map((c) => c.body)).toEqual([{ user_id: 'u-7', id: 'cl-1' }]);
    expect(text()).toContain('Đã xoá khách hàng.');
    expect(rows().map((r) => r.id)).toEqual(['cl-2', 'cl-3']);
    expect(byTestId('client-detail')).toHaveLength(0);
  });

  it('opens the client detail: fields, conversations linking to their manager, orders (vi)', async () => {
    await inLanguage('vi');
    const api = clientsApi();
    mounted = await mountSignedIn(ClientManagerPage, user, URL_);
    await click(byTestId('client-row')[0]?.querySelector('td:nth-child(4)'));

    expect(api.callsTo(DETAIL('cl-1')).map((c) => c.params)).toEqual([{ user_id: 'u-7' }]);
    const detail = byTestId('client-detail')[0];
    expect(detail?.closest('.ant-modal')?.querySelector('.ant-modal-title')?.textContent).toBe('Khách hàng: Nguyễn Thị Mai');
    expect(detail?.textContent).toContain('0912 345 678');
    expect(detail?.textContent).toContain('Hồng pastel');
    expect(detail?.textContent).toContain('Thanh lịch');
    expect(detail?.textContent).toContain('Shop Hoa');

    const conversations = byTestId('client-conversation');
    expect(conversations.map((c) => c.getAttribute('data-thread-id'))).toEqual(['t-msg', 't-cmt']);
    expect(conversations[0]?.textContent).toContain('Tin nhắn');
    expect(conversations[0]?.textContent).toContain('Cho mình 2 áo size M nhé');
    expect(conversations[1]?.textContent).toContain('Bình luận');
    expect(conversations[1]?.querySelector('[data-testid="thread-state"]')?.textContent).toBe('Cần xử lý');
    expect(conversations.map((c) => c.querySelector('a')?.getAttribute('href'))).toEqual([
      '/user-dashboard/message-manager/?page=p1&thread=t-msg',
      '/user-dashboard/comment-manager/?page=p1&thread=t-cmt',
    ]);

    const orders = byTestId('client-order');
    expect(orders.map((o) => o.getAttribute('data-order-id'))).toEqual(['o-1', 'o-2']);
    expect(orders[0]?.textContent).toContain('Áo thun cotton');
    expect(orders[0]?.textContent).toContain('SL: 2');
    expect(orders[0]?.textContent).toContain('300.000 VNĐ');
    expect(orders[0]?.textContent).toContain('Đã xác nhận');
    expect(orders[0]?.textContent).toContain('04/01/2026');
    expect(orders[1]?.textContent).toContain('Đã giao');

    await click(button('Đóng'));
    expect(byTestId('client-detail')).toHaveLength(0);
  });

  it('shows a client without conversations or orders, and a failed list with a retry (en)', async () => {
    await inLanguage('en');
    let fail = true;
    const api = clientsApi({
      [CLIENTS]: () => {
        if (fail) throw new FakeApiError(503, 'UNAVAILABLE');
        return people();
      },
      [DETAIL('cl-3')]: () => ({ client: people()[2], conversations: [], orders: [] }),
    });
    mounted = await mountSignedIn(ClientManagerPage, user, URL_);
    expect(byTestId('clients-error')[0]?.textContent).toContain('Could not load the clients.');
    fail = false;
    await click(button('Retry'));
    expect(api.callsTo(CLIENTS)).toHaveLength(2);

    await click(byTestId('client-row')[2]?.querySelector('[data-testid="client-open"]'));
    const detail = byTestId('client-detail')[0];
    expect(detail?.textContent).toContain('Conversations (0)');
    expect(detail?.textContent).toContain('No conversations yet.');
    expect(detail?.textContent).toContain('Orders (0)');
    expect(detail?.textContent).toContain('No orders yet.');
  });
});
