// @vitest-environment happy-dom
import { apiClient, initI18n } from '@pagemate/shared-contracts';
import { ROUTE_EARLY_GETS } from '@pagemate/shared-contracts/plain';
import { button, click, earlyGetsNotMadeBy, fakeApi, mountSignedIn, settle, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellNamespaces } from '../locales';
import { ListViewPage } from './list-view-page';
import { API, heldAnswer, partnerUser, PATHS, SHOPS } from './test-data';

async function inLanguage(language: 'vi' | 'en') {
  const i18n = await initI18n(language, shellNamespaces);
  await i18n.changeLanguage(language);
}

function serve(shops = SHOPS, inviteAnswered: Promise<void> = Promise.resolve()) {
  const api = fakeApi({
    [PATHS.shops]: () => shops,
    [PATHS.invite]: async () => {
      await inviteAnswered;
      return { code: 'ABCD2345' };
    },
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return api;
}

let mounted: MountedPage | undefined;
const mount = async () => (mounted = await mountSignedIn(ListViewPage, partnerUser, '/list-view'));
const rows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
const names = () => rows().map((row) => row[0]);

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.restoreAllMocks();
});

describe('list view', () => {
  it('lists every shop with its figures, newest activity first', async () => {
    await inLanguage('vi');
    const api = serve();
    await mount();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(api.callsTo(PATHS.shops)[0]?.params).toEqual({ days: 30 });
    expect(names()).toEqual(['Tiệm Hoa Hoà Bình', 'Cà Phê Góc Phố', 'Shop Áo Dài Lan']);
    const cafe = rows()[1] ?? [];
    expect(cafe.slice(0, 5)).toEqual(['Cà Phê Góc Phố', 'cafe@example.test', 'Nguyễn Thu', '21 cần xử lý', '8.000 VNĐ · Sắp hết tiền']);
    expect(cafe.slice(5, 11)).toEqual(['120', '100', '5', '1.250.000 VNĐ', '12.500 VNĐ', '31']);
    expect(cafe[11]).toBe('10/01/2025');
    expect(cafe[12]).toBe('5 giờ trước');
    expect(rows()[0]?.[2]).toBe('—');
    expect(rows()[2]?.[12]).toBe('Chưa có');
  });

  it('finds shops whatever the accents: "hoa" finds "Hoà"', async () => {
    await inLanguage('vi');
    serve();
    await mount();
    await typeInto(document.querySelector<HTMLInputElement>('input[aria-label="Tìm theo tên hoặc email"]') as HTMLInputElement, 'hoa binh');
    expect(names()).toEqual(['Tiệm Hoa Hoà Bình']);
    expect(document.querySelector('[data-testid="shops-shown"]')?.textContent).toBe('1 / 3 cửa hàng');
    await typeInto(document.querySelector<HTMLInputElement>('input[aria-label="Tìm theo tên hoặc email"]') as HTMLInputElement, 'CAFE@');
    expect(names()).toEqual(['Cà Phê Góc Phố']);
  });

  it('sorts by a column and exports the visible rows as CSV', async () => {
    await inLanguage('en');
    serve();
    await mount();
    const header = [...document.querySelectorAll('th')].find((th) => th.textContent?.includes('Bot replies'));
    await click(header);
    expect(names()).toEqual(['Shop Áo Dài Lan', 'Tiệm Hoa Hoà Bình', 'Cà Phê Góc Phố']);
    await typeInto(document.querySelector<HTMLInputElement>('input[aria-label="Search by name or email"]') as HTMLInputElement, 'example');
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:shops';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await click(button('Export CSV'));
    expect(clicked).toHaveBeenCalledTimes(1);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blobs[0]?.arrayBuffer());
    expect(csv.startsWith('\uFEFFShop,Email,Account manager,')).toBe(true);
    expect(csv.split('\r\n').slice(1, 4).map((line) => line.split(',')[0])).toEqual(['Shop Áo Dài Lan', 'Tiệm Hoa Hoà Bình', 'Cà Phê Góc Phố']);
  });

  it('with no shop yet, shows the invite code and how to bring the first shop', async () => {
    await inLanguage('en');
    serve([]);
    await mount();
    expect(document.querySelector('[data-testid="partner-empty"]')?.textContent).toContain('No shops yet');
    expect(document.querySelector('[data-testid="invite-code"]')?.textContent).toBe('ABCD-2345');
    expect(document.querySelector('table')).toBeNull();
  });

  it('with no shop yet, draws the empty card below the invite card once its code is drawn, so it does not move', async () => {
    await inLanguage('en');
    const { answered, answer } = heldAnswer();
    const api = serve([], answered);
    await mount();
    expect(document.querySelector('[data-testid="invite-card"] .ant-skeleton')).not.toBeNull();
    expect(document.querySelector('[data-testid="partner-empty"]')).toBeNull();
    answer();
    await settle();
    expect(document.querySelector('[data-testid="invite-code"]')?.textContent).toBe('ABCD-2345');
    expect(document.querySelector('[data-testid="partner-empty"]')).not.toBeNull();
    expect(api.callsTo(PATHS.invite)).toHaveLength(1);
  });

  it('with shops, does not ask for the invite code', async () => {
    await inLanguage('en');
    const api = serve();
    await mount();
    expect(names()).toHaveLength(3);
    expect(api.callsTo(PATHS.invite)).toHaveLength(0);
  });
});

it('sends early only GETs the list view makes when it opens (contracts/early-requests.ts)', async () => {
  await inLanguage('vi');
  serve();
  expect(await earlyGetsNotMadeBy(ROUTE_EARLY_GETS['list-view'], partnerUser.userId, mount)).toEqual([]);
});
