// @vitest-environment happy-dom
import {
  apiClient,
  FACEBOOK_CONNECT_MESSAGE_SOURCE,
  initI18n,
  listsApi,
  type PageManager,
} from '@pagemate/shared-contracts';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import vi_ from '../locales/vi.json';
import { ROUTE_EARLY_GETS } from '@pagemate/shared-contracts/plain';
import { button, earlyGetsNotMadeBy, mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import { FAKE_DIALOG_URL, fakePageManagerApi, samplePage } from '../features/pages/page-manager-fake-api';
import { PageManagerPage } from './page-manager-page';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };

const SHOP_HOA = samplePage('p1', 'Shop Hoa');
const DIALOG = FAKE_DIALOG_URL;

/** The page manager's fake API: one sandbox account with these pages (Shop Hoa by default), no files yet (404). */
const fakeApi = (pages = [SHOP_HOA], managers: PageManager[] = [], instagramAllowed = true) => fakePageManagerApi(pages, { managers, instagramAllowed });

/** What `window.open` returns in these tests: a blank window that records where it is sent. */
function fakePopup() {
  return { closed: false, close: vi.fn(), focus: vi.fn(), location: { href: 'about:blank' }, document: { title: '', body: { textContent: '' } } };
}

/** The shell's common error texts, as the shell gives them; each names its code so a test can tell which was shown. */
const commonTexts = (prefix: string) => ({
  apiErrors: Object.fromEntries(['UNAVAILABLE', 'FACEBOOK_CONNECT_FOREIGN', 'INTERNAL', 'NETWORK'].map((code) => [code, `${prefix} ${code}`])),
});
const common = { vi: commonTexts('Lỗi'), en: commonTexts('Error') };

describe('Page manager page', () => {
  let mounted: MountedPage;
  let container: HTMLElement;
  let api: ReturnType<typeof fakeApi>;

  beforeEach(async () => {
    const i18n = await initI18n('en', { 'page-manager': { vi: vi_, en }, common });
    await i18n.changeLanguage('en');
    api = fakeApi();
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
    container = mounted.container;
  });

  afterEach(() => {
    mounted.unmount();
    vi.restoreAllMocks();
  });

  it('shows the account tree and the page table, marked as sandbox, even though files are not there yet', () => {
    expect(container.textContent).toContain('Facebook connected');
    expect(container.textContent).toContain('Demo Lan');
    expect(container.textContent).toContain('Shop Hoa');
    expect(container.querySelector('[data-testid="sandbox-tag"]')?.textContent).toBe('Sandbox');
    expect(container.textContent).toContain('Meta sandbox');
  });

  it('a blocked popup logs a console message and shows a hint, without crashing or asking the API', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(window, 'open').mockImplementation(() => null);
    await act(async () => button('Connect another account').click());
    await settle();
    expect(api.calls.some((c) => c.path === 'api/v1/facebook/connect-url')).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/allow popups/i));
    expect(container.querySelector('[data-testid="popup-blocked-hint"]')?.textContent).toMatch(/allow popups/);
  });

  it('opens the popup in the tap itself, before a slow connect-url answers, then sends it to the dialog', async () => {
    let answer: () => void = () => undefined;
    api.control.connectUrlAnswered = new Promise<void>((resolve) => (answer = resolve));
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    act(() => button('Connect another account').click());
    // Synchronously, in the click: Safari on iPhone blocks any later window.open.
    expect(open).toHaveBeenCalledWith('', expect.any(String), expect.stringContaining('width=600,height=700'));
    expect(popup.document.body.textContent).toBe('Opening Facebook…');
    await settle();
    expect(api.calls.find((c) => c.path === 'api/v1/facebook/connect-url')?.body).toEqual({ user_id: 'u-7', instagram: false });
    expect(popup.location.href).toBe('about:blank');
    await act(async () => answer());
    await settle();
    expect(popup.location.href).toBe(DIALOG);
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.close).not.toHaveBeenCalled();
  });

  it('a failing connect-url closes the waiting popup and says why', async () => {
    api.control.connectUrlFails = true;
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    await act(async () => button('Connect another account').click());
    await settle();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('about:blank');
    expect(container.querySelector('[data-testid="connect-error"]')?.textContent).toContain('UNAVAILABLE');
  });

  /** Clicks connect with a fake popup, and returns how to post a message as a window of some origin. */
  async function startConnect() {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    await act(async () => button('Connect another account').click());
    await settle();
    const post = async (data: object, from: { origin?: string; source?: unknown } = {}) => {
      const init = { origin: from.origin ?? API, source: from.source ?? popup, data: { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, ...data } };
      await act(async () => window.dispatchEvent(new MessageEvent('message', init as MessageEventInit)));
      await settle();
    };
    return { popup, post };
  }
  const completions = () => api.calls.filter((c) => c.path === 'api/v1/facebook/connect-complete');

  it('the code and state from our popup finish the connection under this session: "Kết nối thành công!", pages reloaded; others are ignored', async () => {
    const { popup, post } = await startConnect();
    const pagesLoads = () => api.calls.filter((c) => c.path === 'api/v1/facebook/page/access-token-pages').length;
    const before = pagesLoads();

    await post({ code: 'c0de', state: 's' }, { origin: 'http://evil.test' });
    await post({ code: 'c0de', state: 's' }, { source: fakePopup() });
    expect(popup.close).not.toHaveBeenCalled();
    expect(completions()).toEqual([]);

    await post({ code: 'c0de', state: 's' });
    expect(popup.close).toHaveBeenCalled();
    expect(completions().map((c) => c.body)).toEqual([{ user_id: 'u-7', code: 'c0de', state: 's' }]);
    expect(document.body.textContent).toContain('Kết nối thành công!');
    expect(pagesLoads()).toBe(before + 1);
  });

  it("an authorization another account started is refused by the API: said, nothing reloaded", async () => {
    api.control.completeRefusal = { status: 403, code: 'FACEBOOK_CONNECT_FOREIGN' };
    const { post } = await startConnect();
    const pagesLoads = () => api.calls.filter((c) => c.path === 'api/v1/facebook/page/access-token-pages').length;
    const before = pagesLoads();
    await post({ code: 'c0de', state: 'someone-elses' });
    expect(container.querySelector('[data-testid="connect-error"]')?.textContent).toContain('FACEBOOK_CONNECT_FOREIGN');
    expect(document.body.textContent).not.toContain('Kết nối thành công!');
    expect(pagesLoads()).toBe(before);
  });

  it('a cancelled dialog says nothing was connected, in the user’s language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { popup, post } = await startConnect();
    await post({ error: 'access_denied' });
    expect(popup.close).toHaveBeenCalled();
    expect(completions()).toEqual([]);
    expect(container.querySelector('[data-testid="connect-error"]')?.textContent).toBe('You cancelled or did not allow access on Facebook, so nothing was connected.');
  });

  it('Subscribe Comment asks first, then shows what the server now has, in the one page list every picker reads', async () => {
    const pagesLoads = () => api.calls.filter((c) => c.path === 'api/v1/facebook/page/access-token-pages').length;
    const before = pagesLoads();
    await act(async () => button('Subscribe Comment').click());
    await settle();
    expect(document.body.textContent).toContain('Do you want to subscribe Shop Hoa to automatic AI replies for Comments?');
    await act(async () => button('Yes').click());
    await settle();
    expect(api.calls.find((c) => c.path === 'api/v1/facebook/subscribed')?.body).toEqual({
      user_id: 'u-7',
      page_id: 'p1',
      type: 'comments',
      action: 'subscribe',
      channel: 'facebook',
    });
    expect(button('Unsubscribe Comment')).toBeTruthy();
    expect(button('Subscribe Message')).toBeTruthy();
    // The shared cache entry (the CRM's pickers read it) and its persisted mirror have the answer; Meta was not asked again.
    const shared = listsApi.endpoints.accessTokenPages.select(undefined)(mounted.store.getState()).data;
    expect(shared?.[0]?.page_data[0]?.subscribed).toEqual(['comments']);
    expect(mounted.store.getState().lists.listPage).toEqual(shared);
    expect(pagesLoads()).toBe(before);
  });

  it('while a subscription is being saved the row’s buttons are disabled, and none of them says "loading" to a screen reader', async () => {
    let answer: () => void = () => undefined;
    api.control.subscribedAnswered = new Promise<void>((resolve) => (answer = resolve));
    const rowButtons = () => [...container.querySelectorAll<HTMLButtonElement>('[data-testid$="-p1"]')];
    await act(async () => button('Subscribe Comment').click());
    await settle();
    await act(async () => button('Yes').click());
    await settle();
    expect(rowButtons().map((b) => b.dataset['testid'])).toEqual(['subscribeComment-p1', 'subscribeMessage-p1']);
    expect(rowButtons().every((b) => b.disabled)).toBe(true);
    // The dialog's own Yes shows the wait; a spinner inside the row's buttons can outlive the wait in their accessible name.
    expect(rowButtons().some((b) => b.querySelector('[aria-label="loading"]'))).toBe(false);
    await act(async () => answer());
    await settle();
    expect(rowButtons().map((b) => [b.textContent, b.disabled])).toEqual([
      ['Unsubscribe Comment', false],
      ['Subscribe Message', false],
    ]);
  });

  it('a page with a linked Instagram account shows it, and its own two subscriptions ask first like Facebook’s', async () => {
    expect(container.querySelector('[data-testid="instagram-account-p1"]')).toBeNull();
    mounted.unmount();
    const instagram = { ig_user_id: '17841400000000001', username: 'shophoa', picture_url: 'https://example.test/hoa.jpg', subscribed: [] };
    api = fakeApi([{ ...SHOP_HOA, instagram }]);
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
    container = mounted.container;
    await settle();
    expect(container.querySelector('[data-testid="instagram-account-p1"]')?.textContent).toContain('@shophoa');
    await act(async () => button('Subscribe Instagram Comment').click());
    await settle();
    expect(document.body.textContent).toContain('Do you want to subscribe Shop Hoa to automatic AI replies for Instagram comments?');
    await act(async () => button('Yes').click());
    await settle();
    expect(api.calls.find((c) => c.path === 'api/v1/facebook/subscribed')?.body).toEqual({ user_id: 'u-7', page_id: 'p1', type: 'comments', action: 'subscribe', channel: 'instagram' });
    expect(button('Unsubscribe Instagram Comment')).toBeTruthy();
    // The page's own Facebook subscription is untouched.
    expect(button('Subscribe Comment')).toBeTruthy();
    const shared = listsApi.endpoints.accessTokenPages.select(undefined)(mounted.store.getState()).data;
    expect(shared?.[0]?.page_data[0]).toMatchObject({ subscribed: [], instagram: { subscribed: ['comments'] } });
  });

  it('until the user allows Instagram, a linked account offers "Allow Instagram": the dialog again, with its permissions', async () => {
    mounted.unmount();
    api = fakeApi([{ ...SHOP_HOA, instagram: { ig_user_id: '17841400000000001', username: '', picture_url: null, subscribed: [] } }], [], false);
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
    container = mounted.container;
    await settle();
    expect(container.querySelector('[data-testid="instagram-account-p1"]')?.textContent).toContain('Linked Instagram account');
    expect(container.textContent).not.toContain('Subscribe Instagram Comment');
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    act(() => button('Allow Instagram').click());
    expect(open).toHaveBeenCalledTimes(1);
    await settle();
    expect(api.calls.find((c) => c.path === 'api/v1/facebook/connect-url')?.body).toEqual({ user_id: 'u-7', instagram: true });
    expect(popup.location.href).toBe(DIALOG);
  });

  it('tags a page whose bot is paused for lack of funds or until tomorrow (daily cap), in en and vi', async () => {
    expect(container.querySelector('[data-testid="bot-paused-tag"]')).toBeNull();
    mounted.unmount();
    const pages = [
      { ...SHOP_HOA, bot_paused: 'no_funds' as const },
      { ...SHOP_HOA, page_id: 'p2', page_name: 'Shop Bánh', bot_paused: 'daily_cap' as const },
      { ...SHOP_HOA, page_id: 'p3', page_name: 'Shop Giày' },
    ];
    const tags = () => [...document.querySelectorAll('[data-testid="bot-paused-tag"]')].map((tag) => tag.textContent);
    apiClient.configure({ baseURL: `${API}/`, adapter: fakeApi(pages).adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
    expect(tags()).toEqual(['Bot paused: no funds', 'Bot paused until tomorrow: daily cap reached']);
    mounted.unmount();

    const i18n = await initI18n('vi', { 'page-manager': { vi: vi_, en }, common });
    await i18n.changeLanguage('vi');
    apiClient.configure({ baseURL: `${API}/`, adapter: fakeApi(pages).adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
    expect(tags()).toEqual(['Bot tạm dừng: hết số dư', 'Bot tạm dừng đến mai: chạm hạn mức ngày']);
  });

  it('says, under the files of a page with none chosen, that its bot answers from the page config only, in en and vi', async () => {
    mounted.unmount();
    const pages = [SHOP_HOA, { ...SHOP_HOA, page_id: 'p2', page_name: 'Shop Bánh' }];
    const withFiles: PageManager = {
      manager_id: 'm2', username: 'lan', page_id: 'p2', page_name: 'Shop Bánh', files: [{ collection_name: 'Tài liệu', file_name: 'bang-gia.txt' }], config_id: null, action: [], auto_reply: true,
    };
    const notices = () => [...document.querySelectorAll('[data-testid="no-files-notice"]')];
    const rowOf = (element: Element) => element.closest('tr')?.textContent ?? '';
    apiClient.configure({ baseURL: `${API}/`, adapter: fakeApi(pages, [withFiles]).adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
    expect(notices().map((notice) => notice.textContent)).toEqual(["No documents chosen: the bot answers from the page's configuration only."]);
    expect(rowOf(notices()[0] as Element)).toContain('Shop Hoa');
    // The notice describes the page's file picker to a screen reader.
    const picker = document.querySelector('[aria-label="Files for Shop Hoa"]');
    expect(picker?.getAttribute('aria-describedby')).toBe(notices()[0]?.id);
    expect(document.querySelector('[aria-label="Files for Shop Bánh"]')?.getAttribute('aria-describedby')).toBeNull();
    mounted.unmount();

    const i18n = await initI18n('vi', { 'page-manager': { vi: vi_, en }, common });
    await i18n.changeLanguage('vi');
    apiClient.configure({ baseURL: `${API}/`, adapter: fakeApi(pages, [withFiles]).adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
    expect(notices().map((notice) => notice.textContent)).toEqual(['Chưa chọn tài liệu nào: bot chỉ trả lời theo cấu hình của trang.']);
  });
});

it('sends early only GETs the page manager makes when it opens (contracts/early-requests.ts)', async () => {
  const i18n = await initI18n('en', { 'page-manager': { vi: vi_, en }, common });
  await i18n.changeLanguage('en');
  apiClient.configure({ baseURL: `${API}/`, adapter: fakeApi().adapter });
  let mounted: MountedPage | undefined;
  expect(await earlyGetsNotMadeBy(ROUTE_EARLY_GETS['page-manager'], user.userId, async () => (mounted = await mountSignedIn(PageManagerPage, user)))).toEqual([]);
  mounted?.unmount();
});
