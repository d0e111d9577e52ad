// @vitest-environment happy-dom
import { apiClient, initI18n, type MyPartner } from '@pagemate/shared-contracts';
import { button, click, FakeApiError, fakeApi, mountSignedIn, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { shellNamespaces } from '../locales';
import { API, PATHS } from '../partner/test-data';
import { PartnerCard } from './partner-card';

const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const AGENCY: NonNullable<MyPartner['partner']> = { name: 'An Agency', email: 'an@agency.test', joined_at: '2025-03-04T02:00:00.000Z' };

async function inLanguage(language: 'vi' | 'en') {
  const i18n = await initI18n(language, shellNamespaces);
  await i18n.changeLanguage(language);
}

function serve(initial: MyPartner['partner'] = null) {
  let partner = initial;
  const api = fakeApi({
    [PATHS.myPartner]: () => ({ partner }),
    [PATHS.join]: (call) => {
      if ((call.body as { code: string }).code !== 'ABCD2345') throw new FakeApiError(404, 'PARTNER_CODE_INVALID');
      partner = AGENCY;
      return { partner };
    },
    [PATHS.leave]: () => {
      partner = null;
      return { partner };
    },
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return api;
}

let mounted: MountedPage | undefined;
const mount = async () => (mounted = await mountSignedIn(() => <PartnerCard userId="u-7" />, user, '/user-dashboard'));
const card = () => document.querySelector('[data-testid="partner-card"]')?.textContent ?? '';
const codeInput = () => document.querySelector<HTMLInputElement>('#partner-code') as HTMLInputElement;

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

describe('partner card on the user dashboard', () => {
  it('refuses a malformed code without asking the server', async () => {
    await inLanguage('vi');
    const api = serve();
    await mount();
    expect(document.querySelector('label[for="partner-code"]')?.textContent).toBe('Mã mời của đối tác');
    expect(api.callsTo(PATHS.myPartner)[0]?.params).toEqual({ user_id: 'u-7' });
    await typeInto(codeInput(), 'ABC-01');
    await click(button('Tham gia'));
    expect(card()).toContain('Mã mời gồm 8 chữ cái hoặc chữ số, ví dụ ABCD-2345.');
    expect(api.callsTo(PATHS.join)).toHaveLength(0);
  });

  it('shows a code nobody has, translated', async () => {
    await inLanguage('vi');
    const api = serve();
    await mount();
    await typeInto(codeInput(), 'wxyz-6789');
    await click(button('Tham gia'));
    expect(api.callsTo(PATHS.join)[0]?.body).toEqual({ user_id: 'u-7', code: 'WXYZ6789' });
    expect(card()).toContain('Không có đối tác nào dùng mã mời này. Vui lòng kiểm tra lại với đối tác của bạn.');
  });

  it('joins with the normalised code and shows the partner and what they see', async () => {
    await inLanguage('en');
    const api = serve();
    await mount();
    await typeInto(codeInput(), ' abcd-2345 ');
    await click(button('Join'));
    expect(api.callsTo(PATHS.join)[0]?.body).toEqual({ user_id: 'u-7', code: 'ABCD2345' });
    const partner = document.querySelector('[data-testid="my-partner"]')?.textContent ?? '';
    expect(partner).toContain('An Agency');
    expect(partner).toContain('an@agency.test');
    expect(partner).toContain('04/03/2025');
    expect(partner).toContain('they cannot see the text of your messages');
    expect(document.body.textContent).toContain('You joined the partner An Agency.');
  });

  it('leaves only after the confirmation', async () => {
    await inLanguage('vi');
    const api = serve(AGENCY);
    await mount();
    expect(card()).toContain('Đối tác xem được số liệu, số dư, khách hàng và đơn hàng của bạn; không xem được nội dung tin nhắn');
    await click(button('Rời đối tác'));
    expect(document.body.textContent).toContain('Rời đối tác An Agency?');
    expect(api.callsTo(PATHS.leave)).toHaveLength(0);
    await click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary'));
    expect(api.callsTo(PATHS.leave)[0]?.body).toEqual({ user_id: 'u-7' });
    expect(codeInput()).not.toBeNull();
    expect(document.querySelector('[data-testid="my-partner"]')).toBeNull();
  });
});
