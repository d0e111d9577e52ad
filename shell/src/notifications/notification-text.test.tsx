import { findRoute, initI18n, NOTIFICATION_KINDS, ROUTES, type Notification } from '@pagemate/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { shellNamespaces } from '../locales';
import { NOTIFICATION_TARGETS, useNotificationText } from './notification-text';

function Worded({ item }: { item: Notification }) {
  const { title, body } = useNotificationText()(item);
  return (
    <p>
      {title}|{body}
    </p>
  );
}

async function wordedIn(language: 'vi' | 'en', item: Notification): Promise<{ title: string; body: string }> {
  const i18n = await initI18n(language, shellNamespaces);
  await i18n.changeLanguage(language);
  const html = renderToStaticMarkup(<Worded item={item} />);
  const [title = '', body = ''] = /<p>(.*)<\/p>/s.exec(html)?.[1]?.split('|') ?? [];
  return { title, body };
}

const note = (kind: Notification['kind'], params: Notification['params']): Notification => ({ id: 'n1', kind, params, created_at: '2025-03-04T02:05:00Z' });

describe('notification text', () => {
  it('words every kind in both languages and sends each to a page of the route table', async () => {
    const paths = new Set<string>(ROUTES.map((route) => route.path));
    for (const kind of NOTIFICATION_KINDS) {
      for (const language of ['vi', 'en'] as const) {
        const { title, body } = await wordedIn(language, note(kind, {}));
        expect(title, `${language} ${kind} title`).not.toContain('notifications.kinds');
        expect(body, `${language} ${kind} body`).not.toContain('notifications.kinds');
      }
      expect(paths.has(NOTIFICATION_TARGETS[kind]), kind).toBe(true);
    }
  });

  it('shows amounts in the vi-VN format', async () => {
    const { body } = await wordedIn('en', note('low_balance', { balance: 8_000, threshold: 20_000 }));
    expect(body).toBe('Your balance is 8.000 VNĐ, under the 20.000 VNĐ warning level. Top up so your bot keeps answering.');
  });

  it('page_reconnect names the page, says why the bot stopped there, and leads to the page manager', async () => {
    const item = note('page_reconnect', { page_name: 'Shop Hoa', page_id: 'p1' });
    const vi = await wordedIn('vi', item);
    expect(vi.title).toBe('Cần kết nối lại trang');
    expect(vi.body).toContain('Facebook đã từ chối quyền truy cập của trang Shop Hoa');
    expect(vi.body).toContain('hết hạn, bị thu hồi hoặc một quyền đã bị gỡ');
    expect(vi.body).toContain('Bot không trả lời được trên Shop Hoa cho đến khi bạn kết nối lại tài khoản Facebook trong Quản lý trang.');
    const en = await wordedIn('en', item);
    expect(en.title).toBe('Page needs reconnecting');
    expect(en.body).toBe(
      'Facebook refused access to Shop Hoa (the token expired, was revoked, or a permission was removed). The bot cannot answer on Shop Hoa until you reconnect the Facebook account in the page manager.',
    );
    expect(NOTIFICATION_TARGETS.page_reconnect).toBe(findRoute('page-manager')?.path);
  });
});
