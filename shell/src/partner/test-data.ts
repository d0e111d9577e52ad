import { endpointPath, type PartnerAlert, type PartnerOverview, type PartnerShop } from '@pagemate/shared-contracts';
import { aPartnerShop } from '@pagemate/shared-contracts/testing';

/** Test data of the partner pages (not a test file: shared by them). */
export const API = 'http://api.test';
export const PATHS = {
  overview: endpointPath('partnerOverview'),
  shops: endpointPath('partnerShops'),
  alerts: endpointPath('partnerAlerts'),
  invite: endpointPath('partnerInvite'),
  rotate: endpointPath('rotatePartnerInvite'),
  myPartner: endpointPath('myPartner'),
  join: endpointPath('joinPartner'),
  leave: endpointPath('leavePartner'),
} as const;

export const partnerUser = { username: 'agency-an', userId: 'p-1', userEmail: 'an@agency.test', partnerId: 'p-1', role: 'partner' };

/** A shop with a month of activity (the shared fixture starts with none). */
export function aShop(overrides: Partial<PartnerShop> = {}): PartnerShop {
  return aPartnerShop({
    shop_id: 's-1',
    username: 'Tiệm Hoa Hoà Bình',
    email: 'hoa@example.test',
    joined_at: '2025-01-10T03:00:00.000Z',
    comments: 40, messages: 60, bot_replies: 80, posts: 3, spend: 12_500, orders: 5, order_value: 1_250_000, clients: 31,
    last_activity_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ...overrides,
  });
}

export const SHOPS: PartnerShop[] = [
  aShop(),
  aShop({ shop_id: 's-2', username: 'Cà Phê Góc Phố', email: 'cafe@example.test', staff_id: 'st-1', staff_name: 'Nguyễn Thu', last_activity_at: new Date(Date.now() - 5 * 3_600_000).toISOString(), bot_replies: 120, balance: 8_000, low_balance: true, pages_need_attention: 1 }),
  aShop({ shop_id: 's-3', username: 'Shop Áo Dài Lan', email: 'lan@example.test', bot_replies: 7, last_activity_at: null }),
];

/** `days` Vietnam days ending 2025-03-04 with activity on the last one. */
export function anOverview(days: number, totals: Partial<PartnerOverview['totals']> = {}): PartnerOverview {
  const end = Date.UTC(2025, 2, 4);
  const dates = Array.from({ length: days }, (_, index) => new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
  const last = (date: string, value: number) => (date === '2025-03-04' ? value : 0);
  return {
    totals: { shops: 3, pages: 6, comments: 1_200, messages: 34, bot_replies: 5_678, posts: 9, spend: 45_600, orders: 12, order_value: 3_400_000, clients: 93, ...totals },
    days: dates.map((date) => ({ date, comments: last(date, 12), messages: last(date, 4), bot_replies: last(date, 9), posts: 0, spend: last(date, 500) })),
    orders_per_day: dates.map((date) => ({ date, orders: last(date, 2), order_value: last(date, 300_000) })),
  };
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

export const ALERTS: PartnerAlert[] = [
  { kind: 'low_balance', shop_id: 's-2', shop_name: 'Cà Phê Góc Phố', page_id: null, page_name: null, value: 8_000, at: hoursAgo(2) },
  { kind: 'page_reconnect', shop_id: 's-1', shop_name: 'Tiệm Hoa Hoà Bình', page_id: 'pg-1', page_name: 'Hoa Tươi Hoà Bình', value: 0, at: hoursAgo(5) },
  { kind: 'bot_paused', shop_id: 's-2', shop_name: 'Cà Phê Góc Phố', page_id: 'pg-2', page_name: 'Góc Phố Coffee', value: 0, at: hoursAgo(1) },
  { kind: 'post_failed', shop_id: 's-3', shop_name: 'Shop Áo Dài Lan', page_id: 'pg-3', page_name: 'Áo Dài Lan', value: 3, at: hoursAgo(20) },
  { kind: 'order_waiting', shop_id: 's-1', shop_name: 'Tiệm Hoa Hoà Bình', page_id: null, page_name: null, value: 4, at: hoursAgo(30) },
];

/** An answer held back until `answer()`: a handler awaits `answered`, so a test sees the page before it arrives. */
export function heldAnswer(): { answered: Promise<void>; answer: () => void } {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  return { answered, answer };
}
