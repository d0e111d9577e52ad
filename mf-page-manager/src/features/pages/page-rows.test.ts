import type { FacebookAccount, PageManager } from '@pagemate/shared-contracts';
import { describe, expect, it } from 'vitest';
import { applySubscription, fileKey, fileOptions, fileRefOf, managerBody, managerPageData, pageRows, rowSettings, withSavedManager } from './page-rows';
import { subscriptionAction } from './subscription-action';

const page = (page_id: string, page_name: string, subscribed: FacebookAccount['page_data'][number]['subscribed'] = []) => ({
  page_id,
  page_name,
  page_access_token: 'EAAB…x1y2',
  subscribed,
  needs_reconnect: false,
  bot_paused: null,
  instagram: null,
});
const accounts: FacebookAccount[] = [
  { name_fb: 'Lan', id_user_fb: 'u1', access_token_user: 'EAAB…', sandbox: true, instagram_allowed: false, page_data: [page('p1', 'Shop Hoa'), page('p2', 'Shop Bánh', ['messages'])] },
  { name_fb: 'Minh', id_user_fb: 'u2', access_token_user: 'EAAB…', sandbox: false, instagram_allowed: false, page_data: [page('p2', 'Shop Bánh')] },
];
const manager: PageManager = {
  manager_id: 'm1',
  username: 'lan',
  page_id: 'p2',
  page_name: 'Shop Bánh',
  files: [{ collection_name: 'faq', file_name: 'gia.md' }],
  config_id: 'c1',
  action: ['messages'],
  auto_reply: false,
};

describe('page rows', () => {
  it('lists every page under its account with its saved manager', () => {
    const rows = pageRows(accounts, [manager]);
    expect(rows.map((row) => [row.account.name_fb, row.page.page_name, row.manager?.manager_id])).toEqual([
      ['Lan', 'Shop Hoa', undefined],
      ['Lan', 'Shop Bánh', 'm1'],
      ['Minh', 'Shop Bánh', 'm1'],
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
  });

  it('asks get-manager for each page once', () => {
    expect(managerPageData(accounts)).toEqual([
      { page_id: 'p1', page_name: 'Shop Hoa' },
      { page_id: 'p2', page_name: 'Shop Bánh' },
    ]);
  });

  it('takes the server’s subscribed list for that page, everywhere it appears', () => {
    const next = applySubscription(accounts, 'p2', ['comments', 'messages']);
    expect(next.flatMap((a) => a.page_data.filter((p) => p.page_id === 'p2').map((p) => p.subscribed))).toEqual([
      ['comments', 'messages'],
      ['comments', 'messages'],
    ]);
    expect(accounts[0]?.page_data[1]?.subscribed).toEqual(['messages']);
  });

  it('an Instagram answer changes the linked account’s list only, and nothing on a page without one', () => {
    const linked: FacebookAccount[] = [{ name_fb: 'Lan', id_user_fb: 'u1', access_token_user: 'EAAB…', sandbox: true, instagram_allowed: false, page_data: [{ ...page('p1', 'Shop Hoa', ['comments']), instagram: { ig_user_id: 'ig1', username: 'shophoa', picture_url: null, subscribed: [] } }, page('p2', 'Shop Bánh')] }];
    const next = applySubscription(linked, 'p1', ['messages'], 'instagram');
    expect(next[0]?.page_data[0]).toMatchObject({ subscribed: ['comments'], instagram: { subscribed: ['messages'] } });
    expect(applySubscription(linked, 'p2', ['messages'], 'instagram')[0]?.page_data[1]).toEqual(page('p2', 'Shop Bánh'));
  });
});

describe('update-manager body', () => {
  const [first, second] = pageRows(accounts, [manager]);
  if (!first || !second) throw new Error('rows');

  it('creates a manager for a page without one: no manager_id, no files or config, Auto on', () => {
    expect(managerBody('7', 'lan', first, { config_id: 'c9' })).toEqual({
      user_id: '7',
      username: 'lan',
      page_id: 'p1',
      page_name: 'Shop Hoa',
      files: [],
      config_id: 'c9',
      action: [],
      auto_reply: true,
    });
  });

  it('keeps the saved values and applies only the change; action mirrors the page’s subscriptions', () => {
    expect(managerBody('7', 'lan', second, { auto_reply: true })).toMatchObject({
      manager_id: 'm1',
      files: manager.files,
      config_id: 'c1',
      action: ['messages'],
      auto_reply: true,
    });
    expect(managerBody('7', 'lan', second, { config_id: null }).config_id).toBeNull();
  });
});

describe('settings not saved yet', () => {
  it('draws the saved values (or the defaults) with what was asked since applied, a config removed too', () => {
    expect(rowSettings(undefined, {})).toEqual({ files: [], config_id: null, auto_reply: true });
    expect(rowSettings(manager, { auto_reply: false })).toEqual({ files: manager.files, config_id: 'c1', auto_reply: false });
    expect(rowSettings(manager, { config_id: null, files: [] })).toEqual({ files: [], config_id: null, auto_reply: manager.auto_reply });
  });

  it('puts a saved manager in place of the page’s, or adds it for a page without one', () => {
    const saved = { ...manager, config_id: null };
    expect(withSavedManager([manager], saved)).toEqual([saved]);
    const other = { ...manager, manager_id: 'm2', page_id: 'p1' };
    expect(withSavedManager([manager], other)).toEqual([manager, other]);
  });
});

describe('file choices', () => {
  it('round-trips a file through its select value, whatever characters the names hold', () => {
    const file = { collection_name: 'a/b, "c"', file_name: 'x.md' };
    expect(fileRefOf(fileKey(file))).toEqual(file);
    expect(fileRefOf('garbage')).toBeNull();
  });

  it('groups by collection and keeps chosen files the collection list no longer has', () => {
    const groups = fileOptions([{ collection_name: 'faq', file_name: 'a.md' }], [{ collection_name: 'old', file_name: 'b.md' }]);
    expect(groups.map((g) => [g.label, g.options.map((o) => o.label)])).toEqual([
      ['faq', ['a.md']],
      ['old', ['b.md']],
    ]);
  });
});

describe('subscription buttons (docs/product.md §4)', () => {
  it('map the product labels to their type and offer the opposite of the current state', () => {
    expect(subscriptionAction('messages', [])).toEqual({ type: 'messages', action: 'subscribe', labelKey: 'subscribeMessage' });
    expect(subscriptionAction('messages', ['messages'])).toEqual({ type: 'messages', action: 'unsubscribe', labelKey: 'unsubscribeMessage' });
    expect(subscriptionAction('comments', ['messages'])).toEqual({ type: 'comments', action: 'subscribe', labelKey: 'subscribeComment' });
    expect(subscriptionAction('comments', ['comments'])).toEqual({ type: 'comments', action: 'unsubscribe', labelKey: 'unsubscribeComment' });
  });
});
