import { formatLongDay, vietnamDay, type PartnerAlert, type PartnerAlertKind, type PartnerShop } from '@pagemate/shared-contracts';

/** Lower case without Vietnamese marks, so "hoa" finds "Hoà" and "duong" finds "Dương". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
}

/** Shops whose name or email contains the search, case and accents ignored. */
export function searchShops(shops: readonly PartnerShop[], search: string): PartnerShop[] {
  const needle = fold(search.trim());
  if (needle === '') return [...shops];
  return shops.filter((shop) => fold(shop.username).includes(needle) || fold(shop.email).includes(needle));
}

/** The `count` shops with the most bot replies (ties: by name). */
export function topShopsByBotReplies(shops: readonly PartnerShop[], count = 5): PartnerShop[] {
  return [...shops].sort((a, b) => b.bot_replies - a.bot_replies || a.username.localeCompare(b.username)).slice(0, count);
}

/** Alerts grouped by kind, every kind present (empty lists too), newest first within a kind. */
export function alertsByKind(alerts: readonly PartnerAlert[]): Record<PartnerAlertKind, PartnerAlert[]> {
  const groups: Record<PartnerAlertKind, PartnerAlert[]> = { low_balance: [], page_reconnect: [], bot_paused: [], post_failed: [], order_waiting: [] };
  for (const alert of alerts) groups[alert.kind].push(alert);
  for (const list of Object.values(groups)) list.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return groups;
}

/** An instant as its Vietnam day: `04/03/2025`. */
export function formatVietnamDate(iso: string): string {
  return formatLongDay(vietnamDay(new Date(iso)));
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "3 giờ trước" / "3 hours ago" within a week, the Vietnam day after that. */
export function formatWhen(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds >= 7 * 86_400) return formatVietnamDate(iso);
  const locale = language.startsWith('en') ? 'en' : 'vi';
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  if (seconds < 60) return format.format(0, 'second');
  if (seconds < 3_600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3_600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}

/** The columns of the CSV export, in order. */
export const CSV_COLUMNS = [
  'username',
  'email',
  'manager',
  'pages',
  'pages_need_attention',
  'balance',
  'bot_replies',
  'conversations',
  'orders',
  'order_value',
  'spend',
  'clients',
  'joined',
  'last_activity',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

function csvCell(value: string | number): string {
  let text = String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: keep it text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvValues(shop: PartnerShop): Record<CsvColumn, string | number> {
  return {
    username: shop.username,
    email: shop.email,
    manager: shop.staff_name ?? '',
    pages: shop.pages,
    pages_need_attention: shop.pages_need_attention,
    balance: shop.balance,
    bot_replies: shop.bot_replies,
    conversations: shop.messages + shop.comments,
    orders: shop.orders,
    order_value: shop.order_value,
    spend: shop.spend,
    clients: shop.clients,
    joined: formatVietnamDate(shop.joined_at),
    last_activity: shop.last_activity_at ? formatVietnamDate(shop.last_activity_at) : '',
  };
}

/**
 * The shops as CSV: a UTF-8 byte order mark (so Excel reads Vietnamese), a header row of `headers`, one row per
 * shop, CRLF line ends. Money stays a plain number of VND so a spreadsheet can add it up.
 */
export function shopsCsv(shops: readonly PartnerShop[], headers: Record<CsvColumn, string>): string {
  const lines = [CSV_COLUMNS.map((column) => csvCell(headers[column]))];
  for (const shop of shops) {
    const values = csvValues(shop);
    lines.push(CSV_COLUMNS.map((column) => csvCell(values[column])));
  }
  return `\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** Saves text as a file through a temporary link (no server round trip). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const byTime = (iso: string | null) => (iso ? Date.parse(iso) : 0);
const byText = (a: string, b: string) => a.localeCompare(b, 'vi');

/** How each sortable column of the shops table orders two shops (ascending). */
export const SHOP_ORDER = {
  username: (a, b) => byText(a.username, b.username),
  email: (a, b) => byText(a.email, b.email),
  manager: (a, b) => byText(a.staff_name ?? '', b.staff_name ?? ''),
  pages: (a, b) => a.pages - b.pages || a.pages_need_attention - b.pages_need_attention,
  balance: (a, b) => a.balance - b.balance,
  bot_replies: (a, b) => a.bot_replies - b.bot_replies,
  conversations: (a, b) => a.messages + a.comments - (b.messages + b.comments),
  orders: (a, b) => a.orders - b.orders,
  order_value: (a, b) => a.order_value - b.order_value,
  spend: (a, b) => a.spend - b.spend,
  clients: (a, b) => a.clients - b.clients,
  joined: (a, b) => byTime(a.joined_at) - byTime(b.joined_at),
  last_activity: (a, b) => byTime(a.last_activity_at) - byTime(b.last_activity_at),
} satisfies Record<string, (a: PartnerShop, b: PartnerShop) => number>;
export type ShopColumn = keyof typeof SHOP_ORDER;

export interface ShopSort {
  column: ShopColumn;
  order: 'ascend' | 'descend';
}

/** The shops in the table's order (what the partner sees, so what the export writes). */
export function sortShops(shops: readonly PartnerShop[], sort: ShopSort | null): PartnerShop[] {
  if (!sort) return [...shops];
  const compare = SHOP_ORDER[sort.column];
  return [...shops].sort((a, b) => (sort.order === 'ascend' ? compare(a, b) : compare(b, a)));
}
