import { describe, expect, it } from 'vitest';
import { alertsByKind, CSV_COLUMNS, fold, formatWhen, searchShops, shopsCsv, sortShops, topShopsByBotReplies, type CsvColumn } from './partner-model';
import { ALERTS, aShop, SHOPS } from './test-data';

const headers = Object.fromEntries(CSV_COLUMNS.map((column) => [column, column.toUpperCase()])) as Record<CsvColumn, string>;

describe('partner model', () => {
  it('folds case and Vietnamese marks', () => {
    expect(fold('Tiệm Hoa Hoà Bình')).toBe('tiem hoa hoa binh');
    expect(fold('Đường Dương')).toBe('duong duong');
  });

  it('searches shops by name or email, accents ignored', () => {
    const shops = [aShop({ shop_id: 'a', username: 'Hoà Phát' }), aShop({ shop_id: 'b', username: 'Cà Phê', email: 'HOANG@x.test' }), aShop({ shop_id: 'c', username: 'Lan', email: 'lan@x.test' })];
    expect(searchShops(shops, 'hoa').map((shop) => shop.shop_id)).toEqual(['a', 'b']);
    expect(searchShops(shops, '  CA PHE ').map((shop) => shop.shop_id)).toEqual(['b']);
    expect(searchShops(shops, '')).toHaveLength(3);
  });

  it('ranks shops by bot replies', () => {
    expect(topShopsByBotReplies(SHOPS, 2).map((shop) => shop.shop_id)).toEqual(['s-2', 's-1']);
  });

  it('sorts by a column either way, shops without activity last when newest first', () => {
    expect(sortShops(SHOPS, { column: 'balance', order: 'ascend' }).map((shop) => shop.shop_id)).toEqual(['s-2', 's-1', 's-3']);
    expect(sortShops(SHOPS, { column: 'last_activity', order: 'descend' }).at(-1)?.shop_id).toBe('s-3');
    expect(sortShops(SHOPS, null)).toEqual(SHOPS);
  });

  it('builds a BOM-prefixed CSV of the given rows, quoting what needs it and keeping formulas as text', () => {
    const csv = shopsCsv([aShop({ username: 'Hoa "Xinh", Hà Nội', staff_name: 'Thu', last_activity_at: null }), aShop({ username: '=HYPERLINK("x")', email: 'b@x.test' })], headers);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[0]).toBe(CSV_COLUMNS.map((column) => column.toUpperCase()).join(','));
    expect(lines[1]).toBe('"Hoa ""Xinh"", Hà Nội",hoa@example.test,Thu,2,0,250000,80,100,5,1250000,12500,31,10/01/2025,');
    expect(lines[2]?.startsWith(`"'=HYPERLINK(""x"")",b@x.test,,`)).toBe(true);
    expect(shopsCsv([], headers)).toBe(`\uFEFF${lines[0]}\r\n`);
  });

  it('says when, relative within a week and as a Vietnam day after', () => {
    const now = Date.parse('2025-03-04T10:00:00.000Z');
    expect(formatWhen('2025-03-04T07:00:00.000Z', 'en', now)).toBe('3 hours ago');
    expect(formatWhen('2025-03-04T07:00:00.000Z', 'vi', now)).toBe('3 giờ trước');
    expect(formatWhen('2025-03-04T09:58:30.000Z', 'en', now)).toBe('1 minute ago');
    expect(formatWhen('2025-02-01T20:00:00.000Z', 'vi', now)).toBe('02/02/2025');
  });

  it('groups alerts by kind, every kind present', () => {
    const groups = alertsByKind(ALERTS.slice(0, 2));
    expect(Object.keys(groups)).toEqual(['low_balance', 'page_reconnect', 'bot_paused', 'post_failed', 'order_waiting']);
    expect(groups.low_balance).toHaveLength(1);
    expect(groups.order_waiting).toEqual([]);
  });
});
