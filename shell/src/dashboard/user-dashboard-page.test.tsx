// @vitest-environment happy-dom
import { apiClient, endpointPathOf, initI18n, type DashboardCounts, type DashboardDay, type DashboardPage } from '@pagemate/shared-contracts';
import { ROUTE_EARLY_GETS } from '@pagemate/shared-contracts/plain';
import { click, earlyGetsNotMadeBy, mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import type { AxiosAdapter, AxiosResponse } from 'axios';
import { act, Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contracts from '@pagemate/shared-contracts';
import { shellNamespaces } from '../locales';
import { UserDashboardPage } from './user-dashboard-page';

// The charts are counted as they draw, to see which answers redraw them.
vi.mock('@pagemate/shared-contracts', async (importOriginal) => {
  const actual = await importOriginal<typeof contracts>();
  return { ...actual, TimeSeriesChart: vi.fn(actual.TimeSeriesChart) };
});

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const COUNTS_PATH = 'api/v1/facebook/dashboard/count_all_by_userid';
const SERIES_PATH = 'api/v1/facebook/dashboard/series';

interface Call {
  path: string;
  params: Record<string, unknown>;
}

const counts = (overrides: Partial<DashboardCounts> = {}): DashboardCounts => ({
  pages: 3,
  comments: 1234,
  messages: 56,
  bot_replies: 789,
  orders: 0,
  clients: 0,
  spend: 45_600,
  ...overrides,
});

/** `days` Vietnam days ending 2025-03-04, with activity on the last two. */
function seriesDays(days: number): DashboardDay[] {
  const end = Date.UTC(2025, 2, 4);
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    const last = index === days - 1;
    const before = index === days - 2;
    return { date, comments: last ? 12 : before ? 3 : 0, messages: last ? 4 : 0, bot_replies: last ? 9 : 0, posts: 0, spend: last ? 2_500 : before ? 1_000 : 0 };
  });
}

const PAGES: DashboardPage[] = [
  { page_id: '109000000000011', page_name: 'Tiệm Bánh Mì Cô Lan', comments: 15, messages: 4, bot_replies: 9, posts: 1, spend: 3_500 },
  { page_id: '109000000000013', page_name: 'Cà Phê Góc Phố', comments: 0, messages: 0, bot_replies: 0, posts: 0, spend: 0 },
];

/** A fake API behind the shared client: the dashboard's two endpoints, every call recorded. */
function fakeApi(answers: { counts: DashboardCounts; pages?: DashboardPage[]; countsHeld?: Promise<void> }) {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const call = { path: endpointPathOf(config.url, config.baseURL), params: (config.params ?? {}) as Record<string, unknown> };
    calls.push(call);
    if (call.path === COUNTS_PATH) await answers.countsHeld;
    const data =
      call.path === COUNTS_PATH ? answers.counts : call.path === SERIES_PATH
          ? { days: seriesDays(Number(call.params.days)), pages: (answers.pages ?? PAGES).filter((page) => call.params.page_id === undefined || page.page_id === call.params.page_id) }
          : undefined;
    return { data: { status: 200, data }, status: 200, statusText: 'OK', headers: {}, config } as AxiosResponse;
  };
  apiClient.configure({ baseURL: `${API}/`, adapter });
  return { calls, seriesCalls: () => calls.filter((call) => call.path === SERIES_PATH).map((call) => call.params) };
}

/** A promise that resolves once `release` is called: an answer held back. */
function heldBack() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

async function inLanguage(language: 'vi' | 'en') {
  const i18n = await initI18n(language, shellNamespaces);
  await i18n.changeLanguage(language);
}

let mounted: MountedPage | undefined;
const mount = async () => (mounted = await mountSignedIn(UserDashboardPage, user, '/user-dashboard'));
const figure = (key: string) => document.querySelector(`[data-testid="figure-${key}"]`)?.textContent ?? '';
const text = () => document.body.textContent ?? '';

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

describe('user dashboard', () => {
  it('shows the figures in Vietnamese, with vi-VN grouping and the spend in VNĐ', async () => {
    await inLanguage('vi');
    const api = fakeApi({ counts: counts() });
    await mount();
    expect(document.querySelector('h1')?.textContent).toBe('Bảng điều khiển');
    expect(text()).toContain('Chào mừng trở lại, lan');
    expect(figure('pages')).toBe('Trang3');
    expect(figure('comments')).toBe('Bình luận1.234');
    expect(figure('messages')).toBe('Tin nhắn56');
    expect(figure('bot_replies')).toBe('Bot trả lời789');
    expect(figure('orders')).toBe('Đơn hàng0');
    expect(figure('clients')).toBe('Khách hàng0');
    expect(figure('spend')).toBe('Chi phí AI45.600 VNĐ');
    expect(api.calls.find((call) => call.path === COUNTS_PATH)?.params).toEqual({ user_id: 'u-7' });
    expect(api.seriesCalls()).toEqual([{ user_id: 'u-7', days: 30 }]);
    expect(document.querySelector('[data-testid="getting-started"]')).toBeNull();
    // The partner card closes the page (its code loads after the page is drawn): no partner yet, so the invite code field.
    await vi.waitFor(() => expect(document.querySelector('[data-testid="partner-card"] h2')?.textContent).toBe('Đối tác'));
    await vi.waitFor(() => expect(document.querySelector('label[for="partner-code"]')).not.toBeNull());
    // Headings in order: one h1, sections at h2, the charts and the table under them at h3.
    const levels = [...document.querySelectorAll('h1, h2, h3')].map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.every((level, index) => index === 0 || level <= (levels[index - 1] ?? 1) + 1)).toBe(true);
  });

  it('draws the figures when they arrive after the charts without drawing the charts again', async () => {
    await inLanguage('vi');
    const { promise: countsHeld, release } = heldBack();
    fakeApi({ counts: counts(), countsHeld });
    await mount();
    expect(text()).toContain('Tiệm Bánh Mì Cô Lan');
    expect(figure('comments')).not.toContain('1.234');
    const chartDraws = vi.mocked(contracts.TimeSeriesChart).mock.calls.length;
    expect(chartDraws).toBeGreaterThan(0);
    release();
    await settle();
    expect(figure('comments')).toBe('Bình luận1.234');
    expect(vi.mocked(contracts.TimeSeriesChart).mock.calls.length).toBe(chartDraws);
  });

  it('draws the figures as loading from its first render, never as 0 before their value', async () => {
    await inLanguage('vi');
    const { promise: countsHeld, release } = heldBack();
    fakeApi({ counts: counts(), countsHeld });
    // What the figure showed at each commit of the page.
    const drawn: string[] = [];
    const Page = () => (
      <Profiler id="dashboard" onRender={() => drawn.push(figure('comments'))}>
        <UserDashboardPage />
      </Profiler>
    );
    mounted = await mountSignedIn(Page, user, '/user-dashboard');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.filter((shown) => shown !== 'Bình luận')).toEqual([]);
    release();
    await settle();
    expect(drawn.at(-1)).toBe('Bình luận1.234');
  });

  it('shows the figures in English', async () => {
    await inLanguage('en');
    fakeApi({ counts: counts() });
    await mount();
    expect(document.querySelector('h1')?.textContent).toBe('Dashboard');
    expect(figure('comments')).toBe('Comments1,234');
    expect(figure('bot_replies')).toBe('Bot replies789');
    expect(figure('spend')).toBe('AI spend45.600 VNĐ');
    expect(text()).toContain('Activity over time');
    expect(text()).toContain('Tiệm Bánh Mì Cô Lan');
  });

  it('asks for the series again with the chosen period', async () => {
    await inLanguage('vi');
    const api = fakeApi({ counts: counts() });
    await mount();
    const option = (label: string) =>
      [...document.querySelectorAll<HTMLInputElement>('.ant-segmented-item')].find((item) => item.textContent === label)?.querySelector('input');
    await click(option('7 ngày'));
    expect(api.seriesCalls().at(-1)).toEqual({ user_id: 'u-7', days: 7 });
    expect(document.querySelectorAll('figure table tbody tr')).toHaveLength(2 * 7);
    await click(option('90 ngày'));
    expect(api.seriesCalls().at(-1)).toEqual({ user_id: 'u-7', days: 90 });
    expect(text()).toContain('Chi phí AI mỗi ngày, 90 ngày qua');
  });

  it('narrows the charts and the table to the chosen page, keeping every page to choose from', async () => {
    await inLanguage('vi');
    const api = fakeApi({ counts: counts() });
    await mount();
    const select = document.querySelector('[aria-label="Trang"]')?.closest('.ant-select');
    await act(async () => {
      select?.querySelector('.ant-select-selector, .ant-select-content, input')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await settle();
    const optionNamed = (name: string) => [...document.querySelectorAll('.ant-select-item-option')].find((option) => option.textContent === name);
    expect(optionNamed('Tất cả trang')).toBeDefined();
    await click(optionNamed('Cà Phê Góc Phố'));
    expect(api.seriesCalls().at(-1)).toEqual({ user_id: 'u-7', days: 30, page_id: '109000000000013' });
    const rows = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => row.querySelector('td')?.textContent);
    expect(rows).toEqual(['Cà Phê Góc Phố']);
    expect(optionNamed('Tiệm Bánh Mì Cô Lan')).toBeDefined();
  });

  it("gives the charts a text alternative: a summary and a hidden table of every day's figures", async () => {
    await inLanguage('vi');
    fakeApi({ counts: counts() });
    await mount();
    const charts = [...document.querySelectorAll('svg[role="img"]')];
    expect(charts.map((chart) => chart.querySelector('title')?.textContent)).toEqual([
      'Bình luận, tin nhắn và bot trả lời mỗi ngày, 30 ngày qua',
      'Chi phí AI mỗi ngày, 30 ngày qua',
    ]);
    expect(charts[0]?.querySelector('desc')?.textContent).toContain('Từ 03/02/2025 đến 04/03/2025: 15 bình luận, 4 tin nhắn và 9 lượt bot trả lời.');
    expect(charts[1]?.querySelector('desc')?.textContent).toContain('chi 3.500 VNĐ cho AI');
    const [activity, spend] = [...document.querySelectorAll('figure table')];
    const headers = (table: Element | undefined) => [...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent);
    expect(headers(activity)).toEqual(['Ngày', 'Bình luận', 'Tin nhắn', 'Bot trả lời']);
    expect(activity?.querySelectorAll('tbody tr')).toHaveLength(30);
    const lastRow = (table: Element | undefined) => [...(table?.querySelectorAll('tbody tr:last-child > *') ?? [])].map((cell) => cell.textContent);
    expect(lastRow(activity)).toEqual(['04/03/2025', '12', '4', '9']);
    expect(headers(spend)).toEqual(['Ngày', 'Chi phí AI']);
    expect(lastRow(spend)).toEqual(['04/03/2025', '2.500 VNĐ']);
    // The per-page table: every page, zero pages too.
    expect(text()).toContain('Cà Phê Góc Phố');
    expect(text()).toContain('3.500 VNĐ');
  });

  it("draws the per-page table in a render after the charts, holding its place, and without antd's column measuring", async () => {
    await inLanguage('vi');
    fakeApi({ counts: counts() });
    // What left the per-page section while the page was drawn: the placeholder, once the table took its place.
    const removed: HTMLElement[] = [];
    const record = (records: MutationRecord[]) => {
      for (const one of records) {
        if (one.target instanceof Element && one.target.matches('section[aria-labelledby="dashboard-pages"]')) {
          removed.push(...[...one.removedNodes].filter((node): node is HTMLElement => node instanceof HTMLElement));
        }
      }
    };
    const observer = new MutationObserver(record);
    observer.observe(document.body, { childList: true, subtree: true });
    await mount();
    record(observer.takeRecords());
    observer.disconnect();
    // Two pages: the placeholder had the height of a header and two rows of a small table.
    expect(removed.map((node) => [node.getAttribute('aria-busy'), node.style.height])).toEqual([['true', '117px']]);
    const section = document.querySelector('section[aria-labelledby="dashboard-pages"]');
    expect(section?.querySelector(':scope > div[aria-busy]')).toBeNull();
    expect([...(section?.querySelectorAll('.ant-table-row td:first-child') ?? [])].map((cell) => cell.textContent)).toEqual(['Tiệm Bánh Mì Cô Lan', 'Cà Phê Góc Phố']);
    expect(section?.querySelector<HTMLElement>('.ant-table-content')?.style.overflowX).toBe('auto');
    expect(section?.querySelector('.ant-table-measure-row')).toBeNull();
  });

  it('guides a new user with no page through the first steps, with links', async () => {
    await inLanguage('vi');
    const api = fakeApi({ counts: counts({ pages: 0, comments: 0, messages: 0, bot_replies: 0, spend: 0 }), pages: [] });
    await mount();
    const start = document.querySelector('[data-testid="getting-started"]');
    expect(start?.querySelector('h2')?.textContent).toBe('Bắt đầu với PageMate');
    expect([...(start?.querySelectorAll('li strong') ?? [])].map((step) => step.textContent)).toEqual([
      'Kết nối Facebook',
      'Đăng ký trang',
      'Tải tài liệu lên',
      'Nạp tiền vào số dư',
    ]);
    expect([...(start?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'))).toEqual([
      '/user-dashboard/page-manager/',
      '/user-dashboard/page-manager/',
      '/user-dashboard/file-manager/',
      '/user-dashboard/balance/',
    ]);
    expect(document.querySelector('svg[role="img"]')).toBeNull();
    expect(figure('pages')).toBe('Trang0');
    expect(api.seriesCalls()).toHaveLength(1);
  });

  it('with pages but no activity yet, still guides, and shows the empty charts', async () => {
    await inLanguage('en');
    fakeApi({ counts: counts({ comments: 0, messages: 0, bot_replies: 0, spend: 0 }) });
    await mount();
    const start = document.querySelector('[data-testid="getting-started"]');
    expect(start?.querySelector('h2')?.textContent).toBe('Your bot is almost ready');
    expect(start?.textContent).toContain('Connect Facebook — done');
    expect([...(start?.querySelectorAll('a') ?? [])].map((link) => link.textContent)).toEqual(['Choose pages', 'Open the file manager', 'Top up']);
    expect(document.querySelectorAll('svg[role="img"]')).toHaveLength(2);
  });
});

it('sends early only GETs the user dashboard makes when it opens (contracts/early-requests.ts)', async () => {
  await inLanguage('vi');
  fakeApi({ counts: counts() });
  expect(await earlyGetsNotMadeBy(ROUTE_EARLY_GETS['user-dashboard'], user.userId, mount)).toEqual([]);
});
