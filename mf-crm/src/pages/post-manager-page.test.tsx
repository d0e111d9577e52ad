// @vitest-environment happy-dom
import { apiClient, POST_LIMITS, type ScheduledPost } from '@pagemate/shared-contracts';
import { advance, button, byTestId, chooseFiles, click, mountSignedIn, settle, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPage, aPost, anAccount, FakeApiError, fakeCrmApi } from '../test/fake-crm-api';
import { fieldErrors, inLanguage, text } from '../test/page-helpers';
import { PostManagerPage } from './post-manager-page';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const PAGES = 'api/v1/facebook/page/access-token-pages';
const POSTS = 'api/v1/facebook/get-posts';
const CREATE = 'api/v1/facebook/post/create';
const UPDATE = 'api/v1/facebook/post/update';
const DELETE = 'api/v1/facebook/post/delete';
const DRAFT = 'api/v1/facebook/post/draft';
const IMAGE = 'api/v1/facebook/post/image';
const URL_ = '/user-dashboard/post-manager';

// Monday 5 January 2026, 08:30 in Vietnam.
const NOW = new Date('2026-01-05T08:30:00+07:00');

let mounted: MountedPage | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const rows = () => byTestId('post-row').map((r) => ({ id: r.getAttribute('data-post-id'), status: r.getAttribute('data-status'), text: r.textContent ?? '' }));
const tab = (key: string) => byTestId(`posts-tab-${key}`)[0];
const content = () => document.querySelector<HTMLTextAreaElement>('textarea[data-testid="post-content"]') as HTMLTextAreaElement;
const idea = () => document.querySelector<HTMLTextAreaElement>('textarea[data-testid="post-idea"]') as HTMLTextAreaElement;
const radio = (value: string) => document.querySelector<HTMLInputElement>(`.ant-drawer input[type="radio"][value="${value}"]`);
const checkbox = (value: string) => document.querySelector<HTMLInputElement>(`.ant-drawer input[type="checkbox"][value="${value}"]`);
const previewItems = () => byTestId('post-preview-item').map((item) => item.textContent);
const drawerFieldErrors = () => fieldErrors('.ant-drawer');
const save = () => click(byTestId('post-save')[0]);

/** Fake Date only (timers stay real unless `timers`): the screen's "now" is NOW. */
function freezeAt(time: Date, timers = false) {
  vi.useFakeTimers({ toFake: timers ? ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] : ['Date'] });
  vi.setSystemTime(time);
}

const at = (wall: string) => new Date(`${wall}+07:00`).toISOString();

function schedule(): ScheduledPost[] {
  const weekly = { repeat: { kind: 'days' as const, days: ['mon' as const, 'fri' as const] }, iterations: 10, first_time: at('2026-01-02T09:00'), content: 'Giảm 20% áo thun cotton cuối tuần!\nGhé shop ngay nhé.' };
  return [
    aPost({ ...weekly, post_id: 'post-1', run_id: 'r1', seq: 1, time: at('2026-01-02T09:00'), status: 'published', facebook_url: 'https://www.facebook.com/p1/posts/111', facebook_post_id: 'p1_111' }),
    aPost({
      ...weekly,
      post_id: 'post-1',
      run_id: 'r3',
      seq: 3,
      time: at('2026-01-09T09:00'),
      images: [
        { media_id: 'm1', url: 'https://cdn.test/m1.jpg', file_name: 'ao-thun.jpg', size_bytes: 1000 },
        { media_id: 'm2', url: 'https://cdn.test/m2.jpg', file_name: 'ao-thun-2.jpg', size_bytes: 1000 },
      ],
    }),
    aPost({ ...weekly, post_id: 'post-1', run_id: 'r2', seq: 2, time: at('2026-01-05T09:00'), status: 'publishing' }),
    aPost({ post_id: 'post-2', run_id: 'r4', time: at('2026-01-04T20:00'), status: 'published', content: 'Khai trương chi nhánh mới', facebook_post_id: 'p1_222' }),
    aPost({ post_id: 'post-3', run_id: 'r5', time: at('2026-01-03T10:00'), status: 'failed', error: 'Phiên đăng nhập Facebook đã hết hạn', repeat: { kind: 'custom', every: 2, unit: 'weeks' }, end_date: '2026-12-31' }),
    aPost({ post_id: 'post-4', run_id: 'r6', time: at('2026-01-10T10:00'), status: 'cancelled' }),
  ];
}

function postsApi(overrides: Record<string, (call: Parameters<Parameters<typeof fakeCrmApi>[0][string]>[0]) => unknown> = {}) {
  let posts = schedule();
  const api = fakeCrmApi({
    [PAGES]: () => [anAccount([aPage(), aPage({ page_id: 'p2', page_name: 'Shop Giày' })])],
    [POSTS]: (call) => posts.filter((p) => p.page_id === (call.body as { page_id: string }).page_id),
    [CREATE]: (call) => {
      const body = call.body as { page_ids: string[]; time: string; content: string };
      const created = Array.from({ length: 10 }, (_, i) => aPost({ post_id: 'post-new', run_id: `n${i}`, seq: i + 1, content: body.content, time: body.time }));
      posts = [...posts, ...created.slice(0, 1)];
      return created;
    },
    [DELETE]: (call) => {
      const { post_id } = call.body as { post_id: string };
      posts = posts.map((p) => (p.post_id === post_id && p.status === 'scheduled' ? { ...p, status: 'cancelled' } : p));
      return { ok: true };
    },
    ...overrides,
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return { api, setPosts: (next: ScheduledPost[]) => (posts = next) };
}

async function openNew() {
  await click(byTestId('post-new')[0]);
  expect(document.querySelector('.ant-drawer-title')?.textContent).toBe('Thêm bài đăng');
}

describe('post manager list', () => {
  it('shows the page’s posts by state with counts, times in Vietnam, repeat in words, occurrence, links and errors (vi)', async () => {
    await inLanguage('vi');
    freezeAt(NOW);
    const { api } = postsApi();
    mounted = await mountSignedIn(PostManagerPage, user, URL_);

    expect(document.querySelector('h1')?.textContent).toBe('Quản lý bài đăng');
    expect(api.callsTo(POSTS).map((c) => c.body)).toEqual([{ user_id: 'u-7', page_id: 'p1' }]);
    expect(tab('scheduled')?.textContent).toBe('Đã lên lịch (2)');
    expect(tab('published')?.textContent).toBe('Đã đăng (2)');
    expect(tab('failed')?.textContent).toBe('Lỗi (1)');
    expect(tab('cancelled')?.textContent).toBe('Đã huỷ (1)');

    // Soonest first: the one publishing now, then Friday's.
    expect(rows().map((r) => [r.id, r.status])).toEqual([
      ['post-1', 'publishing'],
      ['post-1', 'scheduled'],
    ]);
    const friday = rows()[1]?.text;
    expect(friday).toContain('T6, 09/01/2026 09:00');
    expect(friday).toContain('Đã lên lịch');
    expect(friday).toContain('Lần 3');
    expect(friday).toContain('Mỗi thứ Hai, thứ Sáu lúc 09:00 · 10 lần');
    expect(friday).toContain('Giảm 20% áo thun cotton');
    expect(rows()[0]?.text).toContain('Đang đăng');
    const thumbs = byTestId('post-row')[1]?.querySelectorAll('img') ?? [];
    expect([...thumbs].map((img) => img.getAttribute('src'))).toEqual(['https://cdn.test/m1.jpg', 'https://cdn.test/m2.jpg']);
    expect(byTestId('post-edit')).toHaveLength(2);
    expect(byTestId('post-cancel')).toHaveLength(2);

    await click(tab('published'));
    expect(rows().map((r) => r.id)).toEqual(['post-2', 'post-1']);
    expect(rows()[0]?.text).toContain('Đăng một lần');
    expect(byTestId('post-sandbox-id')[0]?.textContent).toContain('p1_222');
    expect(byTestId('post-link')[0]?.getAttribute('href')).toBe('https://www.facebook.com/p1/posts/111');
    // A published time of a post still running can change the rest; a finished one can be reused.
    expect(byTestId('post-row')[1]?.querySelector('[data-testid="post-edit"]')).toBeTruthy();
    expect(byTestId('post-row')[0]?.querySelector('[data-testid="post-reuse"]')).toBeTruthy();

    await click(tab('failed'));
    expect(rows()[0]?.text).toContain('Không đăng được: Phiên đăng nhập Facebook đã hết hạn');
    expect(rows()[0]?.text).toContain('Mỗi 2 tuần · đến 31/12/2026');

    await click(tab('cancelled'));
    expect(rows().map((r) => r.status)).toEqual(['cancelled']);
  });

  it('polls every 15 s: a post that went out moves to Published without a reload (en)', async () => {
    await inLanguage('en');
    freezeAt(NOW, true);
    const { api, setPosts } = postsApi();
    mounted = await mountSignedIn(PostManagerPage, user, `${URL_}?page=p1`);
    expect(tab('scheduled')?.textContent).toBe('Scheduled (2)');
    expect(rows()[1]?.text).toContain('Fri, 09/01/2026 09:00');
    expect(rows()[1]?.text).toContain('Every Monday, Friday at 09:00 · 10 times');
    expect(rows()[1]?.text).toContain('Post 3');

    setPosts(schedule().map((p) => (p.run_id === 'r2' ? { ...p, status: 'published', facebook_post_id: 'p1_333' } : p)));
    await advance(15_000);
    expect(api.callsTo(POSTS)).toHaveLength(2);
    expect(tab('scheduled')?.textContent).toBe('Scheduled (1)');
    expect(tab('published')?.textContent).toBe('Published (3)');
  });

  it('follows ?page= and offers the page manager when no page is connected', async () => {
    await inLanguage('vi');
    const api = fakeCrmApi({ [PAGES]: () => [], [POSTS]: () => [] });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(PostManagerPage, user, URL_);
    expect(byTestId('posts-no-pages')).toHaveLength(1);
    expect(byTestId('page-manager-link')[0]?.getAttribute('href')).toMatch(/\/user-dashboard\/page-manager\/?$/);
    expect(byTestId('post-new')).toHaveLength(0);
    mounted.unmount();

    const { api: second } = postsApi();
    mounted = await mountSignedIn(PostManagerPage, user, `${URL_}?page=p2`);
    expect(second.callsTo(POSTS).map((c) => c.body)).toEqual([{ user_id: 'u-7', page_id: 'p2' }]);
    expect(byTestId('posts-empty')[0]?.textContent).toContain('Chưa có bài nào chờ đăng');
  });

  it('asks before cancelling a schedule, then sends deletePost', async () => {
    await inLanguage('vi');
    freezeAt(NOW);
    const { api } = postsApi();
    mounted = await mountSignedIn(PostManagerPage, user, URL_);
    await click(byTestId('post-cancel')[1]);
    expect(text()).toContain('Huỷ lịch bài đăng này?');
    expect(text()).toContain('Bài đã đăng vẫn giữ trên Facebook.');
    expect(api.callsTo(DELETE)).toHaveLength(0);

    await click(button('Có, huỷ lịch'));
    expect(api.callsTo(DELETE).map((c) => c.body)).toEqual([{ user_id: 'u-7', post_id: 'post-1' }]);
    expect(text()).toContain('Đã huỷ lịch bài đăng.');
    expect(tab('scheduled')?.textContent).toBe('Đã lên lịch (1)');
    expect(tab('cancelled')?.textContent).toBe('Đã huỷ (2)');
  });
});

describe('post form', () => {
  it('schedules a weekly post: live preview of the next times, then the right body (vi)', async () => {
    await inLanguage('vi');
    freezeAt(NOW);
    const { api } = postsApi();
    mounted = await mountSignedIn(PostManagerPage, user, URL_);
    await openNew();

    // A new post proposes the next whole hour, on the chosen page.
    expect(document.querySelector<HTMLInputElement>('[data-testid="post-time"] input')?.value).toBe('05/01/2026 09:00');
    expect(previewItems()).toEqual(['T2, 05/01/2026 09:00']);

    await typeInto(content(), '  Giảm 20% áo thun cotton cuối tuần!  ');
    await click(radio('days'));
    await click(checkbox('fri'));
    await click(checkbox('mon'));
    expect(previewItems()).toEqual(['T2, 05/01/2026 09:00', 'T6, 09/01/2026 09:00', 'T2, 12/01/2026 09:00', 'T6, 16/01/2026 09:00', 'T2, 19/01/2026 09:00']);
    expect(byTestId('post-preview')[0]?.textContent).toContain('Mỗi thứ Hai, thứ Sáu lúc 09:00 · 10 lần');
    expect(byTestId('post-preview')[0]?.textContent).toContain('tổng 10 lần cho mỗi trang × 1 trang');
    expect(byTestId('post-preview')[0]?.textContent).toContain('… và 5 lần nữa');

    await save();
    expect(api.callsTo(CREATE).map((c) => c.body)).toEqual([
      {
        user_id: 'u-7',
        idea: '',
        content: 'Giảm 20% áo thun cotton cuối tuần!',
        page_ids: ['p1'],
        time: '2026-01-05T02:00:00.000Z',
        repeat: { kind: 'days', days: ['mon', 'fri'] },
        iterations: 10,
        end_date: null,
        media_ids: [],
        channels: ['facebook'],
      },
    ]);
    expect(text()).toContain('Đã lên lịch 10 lần đăng trên 1 trang.');
    expect(byTestId('post-editor')).toHaveLength(0);
    expect(api.callsTo(POSTS).length).toBeGreaterThan(1);
  });

  it('the AI drafts into the content and says what it cost; a 402 offers a top-up', async () => {
    await inLanguage('vi');
    freezeAt(NOW);
    let funds = true;
    const { api } = postsApi({
      [DRAFT]: () => {
        if (!funds) throw new FakeApiError(402, 'INSUFFICIENT_BALANCE');
        return { content: '🔥 SALE 20% áo thun cotton!', usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150, cost: 12 } };
      },
    });
    mounted = await mountSignedIn(PostManagerPage, user, URL_);
    await openNew();
    expect(byTestId('post-draft')[0]?.hasAttribute('disabled')).toBe(true);

    await typeInto(idea(), 'giảm giá áo thun cuối tuần');
    await click(byTestId('post-draft')[0]);
    expect(api.callsTo(DRAFT).map((c) => c.body)).toEqual([{ user_id: 'u-7', idea: 'giảm giá áo thun cuối tuần', page_id: 'p1' }]);
    expect(content().value).toBe('🔥 SALE 20% áo thun cotton!');
    expect(byTestId('post-draft-cost')[0]?.textContent).toContain('Chi phí: 12 VNĐ');

    // Undo brings the earlier text back.
    await click(button('Hoàn tác'));
    expect(content().value).toBe('');

    funds = false;
    await click(byTestId('post-draft')[0]);
    expect(byTestId('post-draft-error')[0]?.textContent).toContain('Số dư không đủ');
    expect(byTestId('post-draft-topup')[0]?.getAttribute('href')).toMatch(/\/user-dashboard\/balance\/?\?tab=deposit$/);
    expect(content().value).toBe('');
  });

  it('uploads an image with progress, then shows its thumbnail and sends its media id; refuses wrong files', async () => {
    await inLanguage('en');
    freezeAt(NOW);
    let finish: () => void = () => undefined;
    const { api } = postsApi({
      [IMAGE]: async (call) => {
        call.progress(50, 100);
        await new Promise<void>((resolve) => (finish = resolve));
        const file = (call.body as FormData).get('file') as File;
        return { media_id: 'm9', url: 'https://cdn.test/m9.png', file_name: file.name, size_bytes: file.size };
      },
    });
    mounted = await mountSignedIn(PostManagerPage, user, URL_);
    await click(byTestId('post-new')[0]);
    await typeInto(content(), 'New arrivals');
    const input = () => document.querySelector<HTMLInputElement>('[data-testid="post-images"] input[type="file"]') as HTMLInputElement;
    expect(input().getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,image/gif');

    await chooseFiles(input(), [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })]);
    expect(text()).toContain('logo.svg: Only JPG, PNG, WebP or GIF images are accepted.');
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: POST_LIMITS.imageMaxBytes + 1 });
    await chooseFiles(input(), [big]);
    expect(text()).toContain('huge.jpg: The image is larger than 10 MB.');
    expect(api.callsTo(IMAGE)).toHaveLength(0);

    await chooseFiles(input(), [new File(['png'], 'shirt.png', { type: 'image/png' })]);
    expect((api.callsTo(IMAGE)[0]?.body as FormData).get('user_id')).toBe('u-7');
    expect(document.querySelector('.ant-upload-list-item-uploading')).not.toBeNull();
    // antd shows the bar 300 ms after the upload starts.
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    await settle();
    expect(document.querySelector('.ant-upload-list [role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('50');
    expect(byTestId('post-save')[0]?.hasAttribute('disabled')).toBe(true);
    expect(text()).toContain('Uploading images…');

    await act(async () => finish());
    await settle();
    expect(document.querySelector('.ant-upload-list-item-uploading')).toBeNull();
    expect(document.querySelector<HTMLImageElement>('.ant-upload-list-item-thumbnail img')?.getAttribute('src')).toBe('https://cdn.test/m9.png');

    await save();
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({ content: 'New arrivals', media_ids: ['m9'], repeat: { kind: 'none' }, iterations: null });
  });

  it('says in the user\'s language when the images of the last days reached the quota', async () => {
    await inLanguage('vi');
    freezeAt(NOW);
    postsApi({
      [IMAGE]: () => {
        throw new FakeApiError(403, 'QUOTA_EXCEEDED');
      },
    });
    mounted = await mountSignedIn(PostManagerPage, user, URL_);
    await click(byTestId('post-new')[0]);
    const input = document.querySelector<HTMLInputElement>('[data-testid="post-images"] input[type="file"]') as HTMLInputElement;
    await chooseFiles(input, [new File(['png'], 'shirt.png', { type: 'image/png' })]);
    await settle();
    expect(text()).toContain(`Bạn đã tải lên số ảnh tối đa cho phép trong ${POST_LIMITS.imageQuotaDays} ngày.`);
  });

  it('blocks saving without content or page, with a past time, or repeating without an end', async () => {
    await inLanguage('vi');
    freezeAt(NOW);
    const { api } = postsApi();
    mounted = await mountSignedIn(PostManagerPage, user, URL_);
    await openNew();

    // No page: remove the one proposed.
    await click(document.querySelector('.ant-drawer .ant-select-selection-item-remove'));
    await click(radio('custom'));
    await typeInto(document.querySelector<HTMLInputElement>('input[data-testid="post-iterations"]') as HTMLInputElement, '');
    // Left open past the proposed time.
    vi.setSystemTime(new Date('2026-01-05T09:30:00+07:00'));
    await save();
    expect(drawerFieldErrors()).toEqual(
      expect.arrayContaining([
        'Hãy nhập nội dung bài đăng.',
        'Hãy chọn ít nhất một trang.',
        'Thời gian đăng phải sau thời điểm hiện tại ít nhất 1 phút.',
        expect.stringContaining('Bài lặp lại cần số lần đăng'),
      ]),
    );
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('shows the server’s field issues on the fields, and a refusal without issues above the buttons', async () => {
    await inLanguage('en');
    freezeAt(NOW);
    let issues: { path: string; message: string }[] | undefined = [
      { path: 'time', message: 'The first post must be at least 5 minutes ahead' },
      { path: 'page_ids.0', message: 'Page p1 is not connected' },
    ];
    const { api } = postsApi({
      [CREATE]: () => {
        throw new FakeApiError(400, 'VALIDATION_FAILED', 'Invalid body', issues);
      },
    });
    mounted = await mountSignedIn(PostManagerPage, user, URL_);
    await click(byTestId('post-new')[0]);
    await typeInto(content(), 'Hello');
    await save();
    expect(api.callsTo(CREATE)).toHaveLength(1);
    expect(drawerFieldErrors()).toEqual(['Page p1 is not connected', 'The first post must be at least 5 minutes ahead']);
    expect(byTestId('post-editor')).toHaveLength(1);

    issues = undefined;
    await save();
    expect(byTestId('post-form-error')[0]?.textContent).toBeTruthy();
  });

  it('updates a scheduled post keeping its schedule: first time and number of posts (update mode)', async () => {
    await inLanguage('vi');
    freezeAt(NOW);
    const { api } = postsApi({ [UPDATE]: (call) => [aPost({ ...(call.body as object), post_id: 'post-1' })] });
    mounted = await mountSignedIn(PostManagerPage, user, URL_);
    await click(byTestId('post-edit')[1]);
    expect(document.querySelector('.ant-drawer-title')?.textContent).toBe('Cập nhật bài đăng');
    expect(content().value).toBe('Giảm 20% áo thun cotton cuối tuần!\nGhé shop ngay nhé.');
    // The schedule as it was set (its start is past: kept, the server goes on from the next post).
    expect(document.querySelector<HTMLInputElement>('[data-testid="post-time"] input')?.value).toBe('02/01/2026 09:00');
    expect(checkbox('mon')?.checked).toBe(true);
    expect(checkbox('fri')?.checked).toBe(true);
    expect(document.querySelector<HTMLInputElement>('input[data-testid="post-iterations"]')?.value).toBe('10');

    await typeInto(content(), 'Giảm 30% cuối tuần!');
    await save();
    expect(api.callsTo(UPDATE).map((c) => c.body)).toEqual([
      {
        user_id: 'u-7',
        post_id: 'post-1',
        idea: '',
        content: 'Giảm 30% cuối tuần!',
        page_ids: ['p1'],
        time: at('2026-01-02T09:00'),
        repeat: { kind: 'days', days: ['mon', 'fri'] },
        iterations: 10,
        end_date: null,
        media_ids: ['m1', 'm2'],
        channels: ['facebook'],
      },
    ]);
    expect(text()).toContain('Đã cập nhật lịch bài đăng.');
  });
});
