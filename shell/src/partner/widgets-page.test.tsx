// @vitest-environment happy-dom
import { apiClient, initI18n } from '@pagemate/shared-contracts';
import { ROUTE_EARLY_GETS } from '@pagemate/shared-contracts/plain';
import { button, click, earlyGetsNotMadeBy, fakeApi, mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { shellNamespaces } from '../locales';
import { ALERTS, API, heldAnswer, partnerUser, PATHS, SHOPS } from './test-data';
import { WidgetsPage } from './widgets-page';

async function inLanguage(language: 'vi' | 'en') {
  const i18n = await initI18n(language, shellNamespaces);
  await i18n.changeLanguage(language);
}

function serve(alerts = ALERTS, weekAnswered: Promise<void> = Promise.resolve()) {
  const api = fakeApi({
    [PATHS.alerts]: () => alerts,
    [PATHS.shops]: async () => {
      await weekAnswered;
      return SHOPS;
    },
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return api;
}

let mounted: MountedPage | undefined;
const mount = async () => (mounted = await mountSignedIn(WidgetsPage, partnerUser, '/widgets'));
const card = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

describe('widgets', () => {
  it("draws the board and the week's widgets together once both answer, so neither moves when the other arrives", async () => {
    await inLanguage('en');
    const { answered, answer } = heldAnswer();
    serve(ALERTS, answered);
    await mount();
    expect(document.querySelector('[data-testid="alert-low_balance"]')).toBeNull();
    expect(document.querySelector('[data-testid="widget-balance"]')).toBeNull();
    answer();
    await settle();
    expect(document.querySelector('[data-testid="alert-low_balance"]')).not.toBeNull();
    expect(card('widget-balance')).toContain('Running low: 1');
    expect(document.querySelector('[data-testid="widget-balance"] .ant-skeleton')).toBeNull();
  });

  it('words each kind of alert in Vietnamese', async () => {
    await inLanguage('vi');
    const api = serve();
    await mount();
    expect(document.querySelector('h1')?.textContent).toBe('Tiện ích');
    expect(card('alert-low_balance')).toContain('Số dư thấp 1');
    expect(card('alert-low_balance')).toContain('Cà Phê Góc Phố');
    expect(card('alert-low_balance')).toContain('Số dư còn 8.000 VNĐ');
    expect(card('alert-page_reconnect')).toContain('Tiệm Hoa Hoà Bình · Hoa Tươi Hoà Bình');
    expect(card('alert-page_reconnect')).toContain('Mất kết nối với Facebook, cần kết nối lại · 5 giờ trước');
    expect(card('alert-bot_paused')).toContain('Bot không trả lời khách trên trang này');
    expect(card('alert-post_failed')).toContain('3 lần đăng bài thất bại trong 7 ngày');
    expect(card('alert-order_waiting')).toContain('4 đơn mới chờ xử lý quá 24 giờ');
    expect(card('widget-balance')).toContain('Sắp hết tiền: 1');
    expect(card('widget-balance')).toContain('Đủ dùng: 2');
    expect(card('widget-top')).toContain('Cà Phê Góc Phố');
    expect(card('widget-top')).toContain('120 lượt bot trả lời trong 7 ngày');
    expect(api.callsTo(PATHS.shops)[0]?.params).toEqual({ days: 7 });
  });

  it('words each kind of alert in English', async () => {
    await inLanguage('en');
    serve();
    await mount();
    expect(card('alert-low_balance')).toContain('Balance left: 8.000 VNĐ');
    expect(card('alert-page_reconnect')).toContain('Lost its Facebook connection, needs reconnecting');
    expect(card('alert-bot_paused')).toContain('The bot is not answering customers on this page');
    expect(card('alert-post_failed')).toContain('Failed posts in 7 days: 3');
    expect(card('alert-order_waiting')).toContain('New orders waiting over 24 hours: 4');
    expect(card('alert-order_waiting')).toContain('yesterday');
  });

  it('says all is good when nothing needs attention, and asks again on refresh', async () => {
    await inLanguage('vi');
    const api = serve([]);
    await mount();
    expect(card('all-good')).toContain('Mọi thứ đều ổn');
    expect(document.querySelector('[data-testid="alert-low_balance"]')).toBeNull();
    await click(button('Làm mới'));
    expect(api.callsTo(PATHS.alerts)).toHaveLength(2);
  });
});

it('sends early only GETs the widgets page makes when it opens (contracts/early-requests.ts)', async () => {
  await inLanguage('vi');
  serve();
  expect(await earlyGetsNotMadeBy(ROUTE_EARLY_GETS.widgets, partnerUser.userId, mount)).toEqual([]);
});
