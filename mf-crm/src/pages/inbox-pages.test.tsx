// @vitest-environment happy-dom
import { apiClient, type InboxItem, type InboxThread } from '@pagemate/shared-contracts';
import { byTestId, click, mountSignedIn, settle, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPage, aThread, anAccount, anItem, FakeApiError, fakeCrmApi } from '../test/fake-crm-api';
import { inLanguage, text } from '../test/page-helpers';
import { CommentManagerPage } from './comment-manager-page';
import { MessageManagerPage } from './message-manager-page';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const PAGES = 'api/v1/facebook/page/access-token-pages';
const COMMENTS = 'api/v1/facebook/get-comments';
const MESSAGES = 'api/v1/facebook/get-messages';
const THREAD = (id: string) => `api/v1/facebook/thread/${id}`;
const REPLY = 'api/v1/facebook/thread/reply';
const BOT = 'api/v1/facebook/thread/bot';

let mounted: MountedPage | undefined;
const threadRows = () =>
  byTestId('inbox-thread').map((row) => ({ id: row.getAttribute('data-thread-id'), state: row.getAttribute('data-state'), text: row.textContent ?? '' }));
const items = () => byTestId('inbox-item').map((item) => ({ author: item.getAttribute('data-author'), text: item.textContent ?? '' }));
const row = (id: string) => byTestId('inbox-thread').find((r) => r.getAttribute('data-thread-id') === id);
const unreadBadge = (id: string) => {
  const badge = row(id)?.querySelector('.ant-badge-count');
  return badge ? { count: badge.textContent, title: badge.getAttribute('title') } : null;
};
const replyInput = () => byTestId('reply-input')[0] as HTMLTextAreaElement;

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.restoreAllMocks();
});

/** A comment inbox of page p1 with four threads, one of each state; t1 needs attention (no funds). */
function commentInbox() {
  let threads: InboxThread[] = [
    aThread({ thread_id: 't1', customer_name: 'Nguyễn Thị Mai', state: 'attention', unread: 2, bot_paused: true, bot_pause_reason: 'manual', last_text: 'Shop ơi, còn hàng không?' }),
    aThread({ thread_id: 't2', customer_name: 'Trần Văn Bình', state: 'bot', last_author: 'bot', last_text: 'Dạ còn ạ, size M giá 250.000đ.' }),
    aThread({ thread_id: 't3', customer_name: 'Lê Hoa', state: 'human', last_author: 'human', last_text: 'Em gửi anh mã giảm giá nhé.' }),
    aThread({ thread_id: 't4', customer_name: 'Phạm Dũng', state: 'waiting', last_text: 'Giao hàng mất mấy ngày?' }),
  ];
  let t1Items: InboxItem[] = [
    anItem({ item_id: 'i1', author: 'customer', text: 'Áo này còn size M không?', reply_status: 'replied' }),
    anItem({ item_id: 'i2', author: 'bot', text: 'Dạ còn ạ, size M giá 250.000đ.', delivery: 'sent', cost: 1_250 }),
    anItem({ item_id: 'i3', author: 'customer', text: 'Shop ơi, còn hàng không?', reply_status: 'skipped', reason: 'no_funds' }),
  ];
  const find = (id: string) => threads.find((t) => t.thread_id === id) ?? aThread({ thread_id: id });
  const update = (next: InboxThread) => {
    threads = threads.map((t) => (t.thread_id === next.thread_id ? next : t));
    return next;
  };
  const api = fakeCrmApi({
    [PAGES]: () => [anAccount()],
    [COMMENTS]: () => threads,
    [THREAD('t1')]: () => ({ thread: update({ ...find('t1'), unread: 0 }), items: t1Items }),
    [THREAD('t2')]: () => ({ thread: update({ ...find('t2'), unread: 0 }), items: [anItem({ item_id: 'j1' })] }),
    [REPLY]: (call) => {
      const { thread_id, text: said } = call.body as { thread_id: string; text: string };
      if (said.includes('lỗi')) throw new FakeApiError(503, 'UNAVAILABLE');
      const item = anItem({ item_id: `h${t1Items.length}`, author: 'human', text: said, created_at: new Date().toISOString(), reply_status: null, delivery: 'sent' });
      t1Items = [...t1Items, item];
      const until = new Date(Date.now() + 30 * 60_000).toISOString();
      return {
        thread: update({ ...find(thread_id), state: 'human', last_author: 'human', last_text: said, last_at: item.created_at, bot_paused: true, bot_pause_reason: 'handoff', bot_paused_until: until }),
        item,
      };
    },
    [BOT]: (call) => {
      const { thread_id, paused } = call.body as { thread_id: string; paused: boolean };
      return update({ ...find(thread_id), bot_paused: paused, bot_pause_reason: paused ? 'manual' : null, bot_paused_until: null });
    },
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return api;
}

describe('comment manager', () => {
  it('lists the threads newest first with their state markers, unread counts and paused tag (en)', async () => {
    await inLanguage('en');
    const api = commentInbox();
    mounted = await mountSignedIn(CommentManagerPage, user, '/user-dashboard/comment-manager');

    expect(document.querySelector('h1')?.textContent).toBe('Comment Manager');
    expect(api.callsTo(COMMENTS).map((c) => c.body)).toEqual([{ user_id: 'u-7', page_id: 'p1' }]);
    expect(threadRows().map((r) => [r.id, r.state])).toEqual([
      ['t1', 'attention'],
      ['t2', 'bot'],
      ['t3', 'human'],
      ['t4', 'waiting'],
    ]);
    const [t1, t2, t3, t4] = threadRows().map((r) => r.text);
    expect(t1).toContain('Nguyễn Thị Mai');
    expect(t1).toContain('Needs attention');
    expect(unreadBadge('t1')).toEqual({ count: '2', title: '2 unread' });
    expect(unreadBadge('t2')).toBeNull();
    expect(t1).toContain('Bot paused');
    expect(t1).toContain('5 minutes ago');
    expect(t2).toContain('Answered by bot');
    expect(t2).toContain('Bot: Dạ còn ạ');
    expect(t3).toContain('Answered by a person');
    expect(t3).toContain('You: Em gửi anh');
    expect(t4).toContain('Waiting');
    expect(t4).not.toContain('Bot paused');
    expect(text()).toContain('Pick a conversation to read and answer it.');

    // Filters: needs attention, unread, and the search (accents ignored).
    await click([...document.querySelectorAll('.ant-segmented-item')].find((el) => el.textContent === 'Needs attention (1)'));
    expect(threadRows().map((r) => r.id)).toEqual(['t1']);
    await click([...document.querySelectorAll('.ant-segmented-item')].find((el) => el.textContent === 'All (4)'));
    await typeInto(document.querySelector('input[aria-label="Search by customer name or text"]') as HTMLInputElement, 'binh');
    expect(threadRows().map((r) => r.id)).toEqual(['t2']);
  });

  it('opens a thread: bubbles for customer, bot (cost) and the reason the bot did not answer, with a deposit link (vi)', async () => {
    await inLanguage('vi');
    const api = commentInbox();
    mounted = await mountSignedIn(CommentManagerPage, user, '/user-dashboard/comment-manager');
    expect(threadRows()[0]?.text).toContain('Cần xử lý');
    expect(threadRows()[1]?.text).toContain('Bot đã trả lời');
    expect(threadRows()[2]?.text).toContain('Người đã trả lời');
    expect(threadRows()[3]?.text).toContain('Đang chờ bot');
    expect(unreadBadge('t1')).toEqual({ count: '2', title: '2 tin chưa đọc' });

    await click(row('t1'));
    expect(api.callsTo(THREAD('t1'))[0]?.params).toEqual({ user_id: 'u-7' });
    expect(mounted.search()).toContain('thread=t1');
    expect(items().map((i) => i.author)).toEqual(['customer', 'bot', 'customer']);
    expect(items()[0]?.text).toContain('Nguyễn Thị Mai');
    expect(items()[1]?.text).toContain('Bot');
    expect(items()[1]?.text).toContain('Chi phí 1.250 VNĐ');
    expect(items()[2]?.text).toContain('Bot không trả lời: số dư không đủ');
    expect(byTestId('reason-deposit-link')[0]?.getAttribute('href')).toMatch(/\/user-dashboard\/balance\/?\?tab=deposit$/);
    // Sandbox comment: the post id, no Facebook link.
    expect(byTestId('post-sandbox')[0]?.textContent).toContain('p1_post1');
    expect(byTestId('post-link')).toHaveLength(0);
    // Opened: read, so the list drops the unread count without waiting for the next poll.
    expect(row('t1')?.getAttribute('data-unread')).toBe('0');
    expect(byTestId('bot-status')[0]?.textContent).toBe('Bot tạm dừng cho đến khi bật lại');
  });

  it('sends a manual reply with Ctrl+Enter or the button: posts the body, shows the new bubble, pauses the bot (handoff); keeps the text on failure', async () => {
    await inLanguage('vi');
    const api = commentInbox();
    mounted = await mountSignedIn(CommentManagerPage, user, '/user-dashboard/comment-manager?page=p1&thread=t1');
    expect(items()).toHaveLength(3);

    await typeInto(replyInput(), '  Dạ shop vừa nhập thêm hàng, chị nhắn tin để em giữ size nhé.  ');
    await act(async () => {
      replyInput().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
    });
    await settle();
    expect(api.callsTo(REPLY).map((c) => c.body)).toEqual([{ user_id: 'u-7', thread_id: 't1', text: 'Dạ shop vừa nhập thêm hàng, chị nhắn tin để em giữ size nhé.' }]);
    expect(items().map((i) => i.author)).toEqual(['customer', 'bot', 'customer', 'human']);
    expect(items()[3]?.text).toContain('Bạn');
    expect(items()[3]?.text).toContain('Dạ shop vừa nhập thêm hàng');
    expect(text()).toContain('Đã gửi câu trả lời.');
    expect(replyInput().value).toBe('');
    // Paused for a while from now: the time, and the day too when that is past midnight in Vietnam.
    expect(byTestId('bot-status')[0]?.textContent).toMatch(/^Bot tạm dừng đến \d{2}:\d{2}( \d{2}\/\d{2})? \(có người đã trả lời\)$/);
    expect(row('t1')?.getAttribute('data-state')).toBe('human');

    await typeInto(replyInput(), 'Tin này gây lỗi');
    await click(byTestId('reply-send')[0]);
    expect(api.callsTo(REPLY)).toHaveLength(2);
    expect(text()).toContain('Không gửi được câu trả lời: Facebook chưa phản hồi. Vui lòng thử lại sau ít phút.');
    expect(replyInput().value).toBe('Tin này gây lỗi');
    expect(items()).toHaveLength(4);
  });

  it('pauses and resumes the bot on one thread (en)', async () => {
    await inLanguage('en');
    const api = commentInbox();
    mounted = await mountSignedIn(CommentManagerPage, user, '/user-dashboard/comment-manager?thread=t2');
    expect(byTestId('bot-status')[0]?.textContent).toBe('Bot is answering');
    expect(byTestId('bot-page-stopped')).toHaveLength(0);

    await click(byTestId('bot-toggle')[0]);
    expect(api.callsTo(BOT).map((c) => c.body)).toEqual([{ user_id: 'u-7', thread_id: 't2', paused: true }]);
    expect(byTestId('bot-status')[0]?.textContent).toBe('Bot paused until you turn it back on');
    expect(text()).toContain('The bot is paused on this conversation.');
    expect(row('t2')?.textContent).toContain('Bot paused');

    await click(byTestId('bot-toggle')[0]);
    expect(api.callsTo(BOT).map((c) => (c.body as { paused: boolean }).paused)).toEqual([true, false]);
    expect(byTestId('bot-status')[0]?.textContent).toBe('Bot is answering');
    expect(row('t2')?.textContent).not.toContain('Bot paused');
  });

  it('on a phone shows the list, then the thread with a back button', async () => {
    await inLanguage('vi');
    // A 375 px wide screen: antd's `sm` (min-width 576px) and wider do not match.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: /max-width:\s*575/.test(query), media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList,
    );
    commentInbox();
    mounted = await mountSignedIn(CommentManagerPage, user, '/user-dashboard/comment-manager');
    expect(threadRows()).toHaveLength(4);
    expect(text()).not.toContain('Chọn một cuộc trò chuyện');

    await click(row('t2'));
    expect(threadRows()).toHaveLength(0);
    expect(byTestId('thread-detail')[0]?.getAttribute('data-thread-id')).toBe('t2');
    await click(byTestId('thread-back')[0]);
    expect(byTestId('thread-detail')).toHaveLength(0);
    expect(threadRows()).toHaveLength(4);
    expect(mounted.search()).not.toContain('thread=');
  });

  it('marks Instagram threads and filters the list by channel when the page has a linked Instagram account (en, vi)', async () => {
    await inLanguage('en');
    const instagram = { ig_user_id: '17841400000000001', username: 'shophoa', picture_url: null, subscribed: ['comments' as const] };
    const api = fakeCrmApi({
      [PAGES]: () => [anAccount([aPage({ instagram })])],
      [COMMENTS]: () => [
        aThread({ thread_id: 'f1', customer_name: 'Trần Văn Bình' }),
        aThread({ thread_id: 'g1', channel: 'instagram', customer_name: 'mai.nguyen', post_id: '17887498072083520' }),
      ],
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(CommentManagerPage, user, '/user-dashboard/comment-manager');
    expect(row('g1')?.querySelector('[data-testid="channel-instagram"]')?.textContent).toBe('Instagram');
    expect(row('f1')?.querySelector('[data-testid="channel-facebook"]')?.textContent).toBe('Facebook');
    await click([...document.querySelectorAll('.ant-segmented-item')].find((el) => el.textContent === 'Instagram'));
    expect(threadRows().map((r) => r.id)).toEqual(['g1']);
    await click([...document.querySelectorAll('.ant-segmented-item')].find((el) => el.textContent === 'Facebook'));
    expect(threadRows().map((r) => r.id)).toEqual(['f1']);
    await click([...document.querySelectorAll('.ant-segmented-item')].find((el) => el.textContent === 'All channels'));
    expect(threadRows().map((r) => r.id)).toEqual(['f1', 'g1']);
    mounted.unmount();

    await inLanguage('vi');
    mounted = await mountSignedIn(CommentManagerPage, user, '/user-dashboard/comment-manager');
    expect([...document.querySelectorAll('.ant-segmented-item')].map((el) => el.textContent)).toContain('Mọi kênh');
  });

  it('links to the original post when Facebook gave its address', async () => {
    await inLanguage('en');
    const api = fakeCrmApi({
      [PAGES]: () => [anAccount([aPage()], { sandbox: false })],
      [COMMENTS]: () => [aThread({ post_url: 'https://facebook.com/p1/posts/1' })],
      [THREAD('t1')]: () => ({ thread: aThread({ post_url: 'https://facebook.com/p1/posts/1' }), items: [anItem({ reply_status: 'pending' })] }),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(CommentManagerPage, user, '/?thread=t1');
    const link = byTestId('post-link')[0];
    expect(link?.getAttribute('href')).toBe('https://facebook.com/p1/posts/1');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(byTestId('item-outcome')[0]?.textContent).toContain('The bot is answering…');
  });
});

describe('message manager', () => {
  it('without a connected page shows how to connect one (vi and en)', async () => {
    await inLanguage('vi');
    const api = fakeCrmApi({ [PAGES]: () => [] });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(MessageManagerPage, user);
    expect(document.querySelector('h1')?.textContent).toBe('Quản lý tin nhắn');
    expect(text()).toContain('Chưa kết nối trang Facebook nào');
    expect(byTestId('page-manager-link')[0]?.getAttribute('href')).toMatch(/^\/user-dashboard\/page-manager\/?$/);
    expect(api.callsTo(MESSAGES)).toHaveLength(0);
    mounted.unmount();

    await inLanguage('en');
    mounted = await mountSignedIn(MessageManagerPage, user);
    expect(text()).toContain('No Facebook page connected yet');
    expect(byTestId('page-manager-link')[0]?.textContent).toBe('Go to the page manager');
  });

  it('uses the page the URL names, warns about reconnecting, funds, the daily cap and a missing subscription, and loads its messages', async () => {
    await inLanguage('vi');
    const old = new Date(Date.now() - 30 * 3_600_000).toISOString();
    const api = fakeCrmApi({
      [PAGES]: () => [
        anAccount([
          aPage(),
          aPage({ page_id: 'p2', page_name: 'Shop Giày', needs_reconnect: true, subscribed: ['comments'] }),
          aPage({ page_id: 'p3', page_name: 'Shop Túi', bot_paused: 'no_funds', subscribed: ['comments'] }),
          aPage({ page_id: 'p4', page_name: 'Shop Mũ', bot_paused: 'daily_cap' }),
        ]),
      ],
      [MESSAGES]: (call) => [aThread({ thread_id: 'm1', kind: 'message', page_id: (call.body as { page_id: string }).page_id, post_id: null, last_at: old })],
      [THREAD('m1')]: () => ({
        thread: aThread({ thread_id: 'm1', kind: 'message', page_id: 'p3', post_id: null, last_at: old }),
        items: [anItem({ created_at: old, reply_status: 'skipped', reason: 'window_closed' })],
      }),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });

    mounted = await mountSignedIn(MessageManagerPage, user, '/user-dashboard/message-manager?page=p2');
    expect(api.callsTo(MESSAGES).map((c) => c.body)).toEqual([{ user_id: 'u-7', page_id: 'p2' }]);
    expect(byTestId('page-alert-reconnect')[0]?.textContent).toContain('Trang Shop Giày cần được kết nối lại');
    expect(byTestId('page-alert-not-subscribed')).toHaveLength(0);
    mounted.unmount();

    mounted = await mountSignedIn(MessageManagerPage, user, '/user-dashboard/message-manager?page=p3&thread=m1');
    expect(byTestId('page-alert-no-funds')[0]?.textContent).toContain('Bot đã tạm dừng trên Shop Túi: số dư không đủ');
    expect(byTestId('deposit-link')[0]?.textContent).toBe('Nạp tiền');
    expect(byTestId('deposit-link')[0]?.getAttribute('href')).toContain('?tab=deposit');
    expect(byTestId('page-alert-not-subscribed')[0]?.textContent).toContain('chưa đăng ký trả lời tin nhắn');
    expect(items()[0]?.text).toContain('Bot không trả lời: đã quá 24 giờ kể từ tin nhắn cuối của khách');
    expect(byTestId('reply-warning')[0]?.textContent).toContain('Đã quá 24 giờ');
    expect(byTestId('bot-page-stopped')[0]?.textContent).toBe('Bot đang dừng trên cả trang: xem cảnh báo phía trên.');
    mounted.unmount();

    await inLanguage('en');
    mounted = await mountSignedIn(MessageManagerPage, user, '/user-dashboard/message-manager?page=p4');
    expect(byTestId('page-alert-daily-cap')[0]?.textContent).toContain('The bot is paused on Shop Mũ until tomorrow');
    expect(byTestId('page-alert-daily-cap')[0]?.textContent).toContain('answers again from tomorrow');
  });
});
