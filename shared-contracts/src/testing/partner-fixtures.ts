import type { PartnerShop } from '../contracts/partner.js';

/** A shop as the partner endpoints describe it, with no activity yet; tests override what they look at. */
export function aPartnerShop(overrides: Partial<PartnerShop> = {}): PartnerShop {
  return {
    shop_id: 'shop-1',
    username: 'thoitrang_lan',
    email: 'lan@example.test',
    joined_at: '2026-01-02T03:00:00.000Z',
    staff_id: null,
    staff_name: null,
    pages: 2,
    pages_need_attention: 0,
    balance: 250_000,
    low_balance: false,
    comments: 0,
    messages: 0,
    bot_replies: 0,
    posts: 0,
    spend: 0,
    orders: 0,
    order_value: 0,
    clients: 0,
    last_activity_at: null,
    ...overrides,
  };
}
