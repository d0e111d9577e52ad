import type { Client, FacebookAccount, FacebookPage, InboxItem, InboxThread, Order, PartnerClient, PartnerOrder, PartnerStaff, ScheduledPost } from '@pagemate/shared-contracts';

export { FakeApiError, fakeApi as fakeCrmApi, type Call } from '@pagemate/shared-contracts/testing';
import { aPartnerShop } from '@pagemate/shared-contracts/testing';

export function aPage(overrides: Partial<FacebookPage> = {}): FacebookPage {
  return {
    page_id: 'p1',
    page_name: 'Shop Hoa',
    page_access_token: 'EAAB…x1y2',
    subscribed: ['comments', 'messages'],
    needs_reconnect: false,
    bot_paused: null,
    instagram: null,
    ...overrides,
  };
}

export function anAccount(pages: FacebookPage[] = [aPage()], overrides: Partial<FacebookAccount> = {}): FacebookAccount {
  return { name_fb: 'Demo Lan', id_user_fb: 'fb-1', access_token_user: 'EAAB…', sandbox: true, instagram_allowed: true, page_data: pages, ...overrides };
}

export function aThread(overrides: Partial<InboxThread> = {}): InboxThread {
  return {
    thread_id: 't1',
    page_id: 'p1',
    kind: 'comment',
    channel: 'facebook',
    customer_id: 'c1',
    customer_name: 'Nguyễn Thị Mai',
    post_id: 'p1_post1',
    post_url: null,
    last_text: 'Áo này còn size M không shop?',
    last_author: 'customer',
    last_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    unread: 0,
    state: 'waiting',
    bot_paused: false,
    bot_pause_reason: null,
    bot_paused_until: null,
    ...overrides,
  };
}

export function anItem(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    item_id: 'i1',
    author: 'customer',
    text: 'Áo này còn size M không shop?',
    created_at: new Date(Date.now() - 10 * 60_000).toISOString(),
    reply_status: 'replied',
    reason: null,
    delivery: null,
    cost: null,
    ...overrides,
  };
}

export function aPost(overrides: Partial<ScheduledPost> = {}): ScheduledPost {
  const time = overrides.time ?? new Date(Date.now() + 2 * 3600_000).toISOString();
  return {
    first_time: time,
    post_id: 'post-1',
    run_id: 'run-1',
    page_id: 'p1',
    channel: 'facebook',
    channels: ['facebook'],
    seq: 1,
    idea: '',
    content: 'Giảm 20% áo thun cotton cuối tuần này! Ghé shop ngay nhé.',
    page_ids: ['p1'],
    time,
    repeat: { kind: 'none' },
    iterations: null,
    end_date: null,
    images: [],
    status: 'scheduled',
    facebook_post_id: null,
    facebook_url: null,
    error_code: null,
    error: null,
    ...overrides,
  };
}

export function aClient(overrides: Partial<Client> = {}): Client {
  return {
    id: 'cl-1',
    name: 'Nguyễn Thị Mai',
    phone: '0912 345 678',
    favoriteColor: 'Hồng pastel',
    stylePreference: 'Thanh lịch',
    page_id: 'p1',
    note: '',
    order_count: 0,
    created_at: '2026-01-03T02:00:00.000Z',
    ...overrides,
  };
}

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    orderId: 'o-1',
    productName: 'Áo thun cotton',
    unitPrice: 150_000,
    quantity: 2,
    totalPrice: 300_000,
    deliveryAddress: '12 Lý Thường Kiệt, Hà Nội',
    status: 'new',
    page_id: 'p1',
    client_id: null,
    client_name: '',
    conversation_id: null,
    source: 'manual',
    note: '',
    created_at: '2026-01-04T03:00:00.000Z',
    ...overrides,
  };
}

/** The shop of the partner pages' tests (the shared fixture, under the name these tests use). */
export const aShop = aPartnerShop;

export function aPartnerOrder(overrides: Partial<PartnerOrder> = {}): PartnerOrder {
  return { ...anOrder(), shop_id: 'shop-1', shop_name: 'thoitrang_lan', ...overrides };
}

export function aPartnerClient(overrides: Partial<PartnerClient> = {}): PartnerClient {
  return { ...aClient(), shop_id: 'shop-1', shop_name: 'thoitrang_lan', ...overrides };
}

export function aStaffMember(overrides: Partial<PartnerStaff> = {}): PartnerStaff {
  return {
    id: 'st-1',
    name: 'Phạm Minh Anh',
    email: 'anh@agency.test',
    phone: '0903 111 222',
    role: 'account_manager',
    active: true,
    note: '',
    shop_count: 0,
    created_at: '2026-01-01T02:00:00.000Z',
    ...overrides,
  };
}
