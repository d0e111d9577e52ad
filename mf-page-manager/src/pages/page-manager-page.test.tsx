// @vitest-environment happy-dom
import {
  apiClient,
  endpointPathOf,
  FACEBOOK_CONNECT_MESSAGE_SOURCE,
  initI18n,
  type FacebookAccount,
  type PageManager,
} from '@pagemate/shared-contracts';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import vi_ from '../locales/vi.json';
import { button, mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import { PageManagerPage } from './page-manager-page';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };

interface Call {
  path: string;
  body: unknown;
}

/** A fake API behind the shared client: one sandbox account with one page (or the pages given), no files yet (404). */
type Page = FacebookAccount['page_data'][number];
const SHOP_HOA: Page = { page_id: 'p1', page_name: 'Shop Hoa', page_access_token: 'EAAB…', subscribed: [], needs_reconnect: false, bot_paused: null };

function fakeApi(pages: Page[] = [SHOP_HOA], managers: PageManager[] = []) {
  const calls: Call[] = [];
  let accounts: FacebookAccount[] = [
    {
      name_fb: 'Demo Lan',
      id_user_fb: 'fb-1',
      access_token_user: 'EAAB…',
      sandbox: true,
      page_data: pages,
    },
  ];
  const ok = (config: InternalAxiosRequestConfig, data: unknown): AxiosResponse =>
    ({ data: { status: 200, data }, status: 200, statusText: 'OK', headers: {}, config }) as AxiosResponse;
  const adapter: AxiosAdapter = async (config) => {
    const path = endpointPathOf(config.url, config.baseURL);
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ path, body });
    switch (path) {
      case 'api/v1/facebook/page/access-token-pages':
        return ok(config, accounts);
      case 'api/v1/facebook/page/get-manager':
        return ok(config, managers);
      case 'api/v1/facebook/config/get':
      case 'api/v1/sandbox/activity':
        return ok(config, []);
      case 'api/v1/facebook/connect-url':
        return ok(config, { url: `${API}/sandbox/dialog?state=s`, sandbox: true });
      case 'api/v1/facebook/subscribed': {
        const { page_id, type, action } = body as { page_id: string; type: 'comments'; action: string };
        accounts = accounts.map((a) => ({ ...a, page_data: a.page_data.map((p) => (p.page_id === page_id ? { ...p, subscribed: action === 'subscribe' ? [type] : [] } : p)) }));
        return ok(config, { page_id, subscribed: action === 'subscribe' ? [type] : [] });
      }
      default: {
        const response = { data: { status: 404, code: 'NOT_FOUND', message: 'no route' }, status: 404, statusText: 'Not Found', headers: {}, config } as AxiosResponse;
        throw new AxiosError('404', 'ERR_BAD_REQUEST', config, null, response);
      }
    }
  };
  return { adapter, calls };
}

describe('Page manager page', () => {
  let mounted: MountedPage;
  let container: HTMLElement;
  let api: ReturnType<typeof fakeApi>;

  beforeEach(async () => {
    const i18n = await initI18n('en', { 'page-manager': { vi: vi_, en } });
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

  it('a blocked popup logs a console message and shows a hint, without crashing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(window, 'open').mockImplementation(() => null);
    await act(async () => button('Connect another account').click());
    await settle();
    expect(api.calls.find((c) => c.path === 'api/v1/facebook/connect-url')?.body).toEqual({ user_id: 'u-7' });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/allow popups/i));
    expect(container.querySelector('[data-testid="popup-blocked-hint"]')?.textContent).toMatch(/allow popups/);
  });

  it('a token from the API origin shows "Kết nối thành công!", closes the popup and reloads the pages; others are ignored', async () => {
    const popup = { close: vi.fn(), focus: vi.fn() } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup);
    await act(async () => button('Connect another account').click());
    await settle();
    expect(open).toHaveBeenCalledWith(`${API}/sandbox/dialog?state=s`, expect.any(String), expect.stringContaining('width=600,height=700'));
    const pagesLoads = () => api.calls.filter((c) => c.path === 'api/v1/facebook/page/access-token-pages').length;
    const before = pagesLoads();

    const data = { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, access_token: 'masked' };
    await act(async () => window.dispatchEvent(new MessageEvent('message', { origin: 'http://evil.test', data })));
    await settle();
    expect(popup.close).not.toHaveBeenCalled();

    await act(async () => window.dispatchEvent(new MessageEvent('message', { origin: API, data })));
    await settle();
    expect(document.body.textContent).toContain('Kết nối thành công!');
    expect(popup.close).toHaveBeenCalled();
    expect(pagesLoads()).toBe(before + 1);
  });

  it('Subscribe Comment asks first, then shows what the server now has', async () => {
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
    });
    expect(button('Unsubscribe Comment')).toBeTruthy();
    expect(button('Subscribe Message')).toBeTruthy();
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

    const i18n = await initI18n('vi', { 'page-manager': { vi: vi_, en } });
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

    const i18n = await initI18n('vi', { 'page-manager': { vi: vi_, en } });
    await i18n.changeLanguage('vi');
    apiClient.configure({ baseURL: `${API}/`, adapter: fakeApi(pages, [withFiles]).adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
    expect(notices().map((notice) => notice.textContent)).toEqual(['Chưa chọn tài liệu nào: bot chỉ trả lời theo cấu hình của trang.']);
  });
});
