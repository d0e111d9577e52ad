// @vitest-environment happy-dom
import { apiClient, endpointPath, initI18n, selectSessionUser } from '@pagemate/shared-contracts';
import { click, fakeApi, FakeApiError, mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { shellNamespaces } from '../locales';
import { ProfileDropdown } from './profile-dropdown';

const API = 'http://api.test';
const LOGOUT = endpointPath('logout');
const user = { username: 'shop-an', userId: 'u-1', userEmail: 'an@shop.test', partnerId: null, role: 'user' };

let mounted: MountedPage | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

async function logOutWith(answer: () => unknown) {
  const i18n = await initI18n('vi', shellNamespaces);
  await i18n.changeLanguage('vi');
  const api = fakeApi({ [LOGOUT]: answer });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  mounted = await mountSignedIn(ProfileDropdown, user, '/user-dashboard/');
  await click(document.querySelector('[data-testid="profile-button"]'));
  const item = [...document.querySelectorAll('[role="menuitem"]')].find((element) => element.textContent === 'Đăng xuất');
  await click(item);
  await settle();
  if (!mounted) throw new Error('not mounted');
  return { api, store: mounted.store };
}

describe('Log Out in the profile menu', () => {
  it('ends the session and says so when the server agrees', async () => {
    const { api, store } = await logOutWith(() => null);
    expect(api.callsTo(LOGOUT)).toHaveLength(1);
    expect(selectSessionUser(store.getState())).toBeNull();
    expect(document.body.textContent).toContain('Đăng xuất thành công.');
  });

  it('keeps the user signed in and tells them when the logout fails', async () => {
    const { api, store } = await logOutWith(() => {
      throw new FakeApiError(503, 'SERVICE_UNAVAILABLE');
    });
    expect(api.callsTo(LOGOUT)).toHaveLength(1);
    expect(selectSessionUser(store.getState())).toEqual(expect.objectContaining({ userId: 'u-1' }));
    expect(document.body.textContent).toContain('Chưa đăng xuất được. Kiểm tra kết nối mạng rồi thử lại.');
  });
});
