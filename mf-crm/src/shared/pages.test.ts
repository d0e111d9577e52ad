import { describe, expect, it } from 'vitest';
import { aPage, anAccount } from '../test/fake-crm-api';
import { chosenPage, connectedPages, subscriptionFor } from './pages';
import { fold } from './text';

describe('the connected pages of page-scoped screens', () => {
  it('lists every connected page once and picks the one the URL names, else the first', () => {
    const shared = aPage({ page_id: 'p2', page_name: 'Shop Giày' });
    const pages = connectedPages([anAccount([aPage(), shared]), anAccount([shared, aPage({ page_id: 'p3' })], { name_fb: 'Other', sandbox: false })]);
    expect(pages.map((p) => [p.page.page_id, p.accountName, p.sandbox])).toEqual([
      ['p1', 'Demo Lan', true],
      ['p2', 'Demo Lan', true],
      ['p3', 'Other', false],
    ]);
    expect(chosenPage(pages, 'p3')?.page.page_id).toBe('p3');
    expect(chosenPage(pages, 'gone')?.page.page_id).toBe('p1');
    expect(chosenPage(pages, null)?.page.page_id).toBe('p1');
    expect(chosenPage([], 'p1')).toBeUndefined();
    // Without a choice, the first page whose bot receives this kind.
    const subscribed = pages.map((p, index) => ({ ...p, page: { ...p.page, subscribed: index === 1 ? ['messages' as const] : [] } }));
    expect(chosenPage(subscribed, null, 'message')?.page.page_id).toBe(subscribed[1]?.page.page_id);
    expect(chosenPage(subscribed, null, 'comment')?.page.page_id).toBe('p1');
    expect(connectedPages(undefined)).toEqual([]);
  });

  it('maps a kind to the subscription it needs', () => {
    expect(subscriptionFor('comment')).toBe('comments');
    expect(subscriptionFor('message')).toBe('messages');
  });

});

describe('searching', () => {
  it('folds case and Vietnamese marks', () => {
    expect(fold('Đường Hoà')).toBe('duong hoa');
  });
});
