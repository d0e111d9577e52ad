// @vitest-environment happy-dom
import { apiClient, initI18n } from '@pagemate/shared-contracts';
import { ROUTE_EARLY_GETS } from '@pagemate/shared-contracts/plain';
import { button, click, earlyGetsNotMadeBy, fakeApi, mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellNamespaces } from '../locales';
import { PartnerDashboardPage } from './partner-dashboard-page';
import { ALERTS, anOverview, API, heldAnswer, partnerUser, PATHS, SHOPS } from './test-data';

async function inLanguage(language: 'vi' | 'en') {
  const i18n = await initI18n(language, shellNamespaces);
  await i18n.changeLanguage(language);
}

function serve(shops = SHOPS, inviteAnswered: Promise<void> = Promise.resolve()) {
  let code = 'ABCD2345';
  const api = fakeApi({
    [PATHS.invite]: async () => {
      await inviteAnswered;
      return { code };
    },
    [PATHS.rotate]: () => {
      code = 'WXYZ6789';
      return { code };
    },
    [PATHS.shops]: () => shops,
    [PATHS.overview]: (call) => anOverview(Number(call.params.days), call.params.shop_id ? { shops: 1, bot_replies: 80 } : {}),
    [PATHS.alerts]: () => ALERTS,
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return api;
}

let mounted: MountedPage | undefined;
const mount = async () => (mounted = await mountSignedIn(PartnerDashboardPage, partnerUser, '/partner-dashboard'));
const kpi = (key: string) => document.querySelector(`[data-testid="kpi-${key}"]`)?.textContent ?? '';
const text = () => document.body.textContent ?? '';

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.unstubAllGlobals();
});

describe('partner dashboard', () => {
  it('shows the invite code formatted and copies it', async () => {
    await inLanguage('vi');
    serve();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await mount();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h1')?.textContent).toBe('Bảng điều khiển đối tác');
    expect(document.querySelector('[data-testid="invite-code"]')?.textContent).toBe('ABCD-2345');
    expect(text()).toContain('Cửa hàng vào Bảng điều khiển → Đối tác, nhập mã này');
    await click(button('Sao chép mã'));
    expect(writeText).toHaveBeenCalledWith('ABCD-2345');
    expect(text()).toContain('Đã sao chép');
  });

  it('makes a new code only after the confirmation', async () => {
    await inLanguage('en');
    const api = serve();
    await mount();
    await click(button('New code'));
    expect(text()).toContain('The old code stops working at once. Shops that already joined stay with you.');
    expect(api.callsTo(PATHS.rotate)).toHaveLength(0);
    await click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary'));
    expect(api.callsTo(PATHS.rotate)).toHaveLength(1);
    expect(api.callsTo(PATHS.rotate)[0]?.method).toBe('POST');
    expect(document.querySelector('[data-testid="invite-code"]')?.textContent).toBe('WXYZ-6789');
  });

  it('shows the KPIs of the period, the charts, the top shops and the attention count', async () => {
    await inLanguage('vi');
    const api = serve();
    await mount();
    expect(api.callsTo(PATHS.overview).map((call) => call.params)).toEqual([{ days: 30 }]);
    expect(kpi('shops')).toBe('Cửa hàng3');
    expect(kpi('bot_replies')).toBe('Bot trả lời5.678');
    expect(kpi('conversations')).toBe('Tin nhắn + bình luận1.234');
    expect(kpi('order_value')).toBe('Giá trị đơn hàng3.400.000 VNĐ');
    expect(kpi('spend')).toBe('Chi phí AI45.600 VNĐ');
    expect(kpi('clients')).toBe('Khách hàng93');
    const charts = [...document.querySelectorAll('svg[role="img"]')].map((svg) => svg.querySelector('title')?.textContent);
    expect(charts).toEqual(['Tin nhắn, bình luận và bot trả lời mỗi ngày, 30 ngày qua', 'Đơn hàng mỗi ngày, 30 ngày qua']);
    const top = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => row.querySelector('td')?.textContent);
    expect(top).toEqual(['Cà Phê Góc Phố', 'Tiệm Hoa Hoà Bình', 'Shop Áo Dài Lan']);
    expect(document.querySelector('a[href="/list-view/"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="attention-summary"]')?.textContent).toContain('5 việc cần xử lý');
    expect(document.querySelector('[data-testid="attention-summary"] a')?.getAttribute('href')).toBe('/widgets/');
  });

  it('narrows the figures to one shop and to the chosen period', async () => {
    await inLanguage('vi');
    const api = serve();
    await mount();
    const select = document.querySelector('[aria-label="Cửa hàng"]')?.closest('.ant-select');
    await act(async () => {
      select?.querySelector('.ant-select-selector, .ant-select-content, input')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await settle();
    const option = [...document.querySelectorAll('.ant-select-item-option')].find((item) => item.textContent === 'Cà Phê Góc Phố');
    await click(option);
    expect(api.callsTo(PATHS.overview).at(-1)?.params).toEqual({ days: 30, shop_id: 's-2' });
    expect(kpi('shops')).toBe('Cửa hàng1');
    const seven = [...document.querySelectorAll('.ant-segmented-item')].find((item) => item.textContent === '7 ngày')?.querySelector('input');
    await click(seven);
    expect(api.callsTo(PATHS.overview).at(-1)?.params).toEqual({ days: 7, shop_id: 's-2' });
    expect(api.callsTo(PATHS.shops).at(-1)?.params).toEqual({ days: 7 });
  });

  it('with no shop yet, explains how to bring the first one', async () => {
    await inLanguage('en');
    const api = serve([]);
    await mount();
    expect(document.querySelector('[data-testid="partner-empty"]')?.textContent).toContain('No shops yet');
    expect(document.querySelector('[data-testid="invite-card"]')?.textContent).toContain('To bring your first shop');
    expect(document.querySelector('[data-testid="kpi-shops"]')).toBeNull();
    expect(api.callsTo(PATHS.invite)).toHaveLength(1);
  });

  it('draws no figures, charts or shop picker before the shop list answers', async () => {
    await inLanguage('en');
    serve([]);
    const drawn: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (!(node instanceof Element)) continue;
        for (const part of ['.ant-select', '[data-testid="kpi-shops"]', '#partner-activity', '[data-testid="attention-summary"]']) {
          if (node.matches(part) || node.querySelector(part)) drawn.push(part);
        }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await mount();
    observer.disconnect();
    expect(document.querySelector('[data-testid="partner-empty"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="partner-pending"]')).toBeNull();
    expect(drawn).toEqual([]);
  });

  it('draws nothing below the invite card until its code is drawn, so nothing moves then', async () => {
    await inLanguage('en');
    const { answered, answer } = heldAnswer();
    serve([], answered);
    await mount();
    const invite = document.querySelector('[data-testid="invite-card"]');
    expect(invite?.querySelector('.ant-skeleton')).not.toBeNull();
    expect(invite?.nextElementSibling ?? null).toBeNull();
    answer();
    await settle();
    expect(document.querySelector('[data-testid="invite-code"]')?.textContent).toBe('ABCD-2345');
    expect(document.querySelector('[data-testid="invite-card"]')?.nextElementSibling?.getAttribute('data-testid')).toBe('partner-empty');
  });
});

it('sends early only GETs the partner dashboard makes when it opens (contracts/early-requests.ts)', async () => {
  await inLanguage('vi');
  serve();
  expect(await earlyGetsNotMadeBy(ROUTE_EARLY_GETS['partner-dashboard'], partnerUser.userId, mount)).toEqual([]);
});
