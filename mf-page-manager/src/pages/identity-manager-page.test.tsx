// @vitest-environment happy-dom
import { apiClient, endpointPathOf, initI18n, type Identity } from '@pagemate/shared-contracts';
import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import { button, mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import { IdentityManagerPage } from './identity-manager-page';

const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const common = {
  vi: { apiErrors: { CONFLICT: 'Dữ liệu bị trùng với dữ liệu đã có.', INTERNAL: 'Hệ thống gặp sự cố.' } },
  en: { apiErrors: { CONFLICT: 'This duplicates existing data.', INTERNAL: 'Something went wrong.' } },
};

async function type(input: HTMLInputElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('Identity manager page', () => {
  let mounted: MountedPage;
  let container: HTMLElement;
  let identities: Identity[];
  let created: unknown[];
  let failNext: boolean;

  beforeEach(async () => {
    const i18n = await initI18n('vi', { common, 'page-manager': { vi, en } });
    await i18n.changeLanguage('vi');
    identities = [];
    created = [];
    failNext = false;
    const adapter: AxiosAdapter = async (config) => {
      const path = endpointPathOf(config.url, config.baseURL);
      const ok = (data: unknown) => ({ data: { status: 200, data }, status: 200, statusText: 'OK', headers: {}, config }) as AxiosResponse;
      if (path === 'api/v1/facebook/config/get-identity') return ok(identities);
      if (path === 'api/v1/facebook/config/create-identity') {
        if (failNext) {
          const response = { data: { status: 409, code: 'CONFLICT', message: 'duplicate' }, status: 409, statusText: 'Conflict', headers: {}, config } as AxiosResponse;
          throw new AxiosError('409', 'ERR_BAD_REQUEST', config, null, response);
        }
        const body = JSON.parse(String(config.data)) as Omit<Identity, 'identity_id'> & { user_id: string };
        created.push(body);
        const { user_id: _userId, ...identity } = body;
        identities = [...identities, { ...identity, identity_id: `i${identities.length + 1}` }];
        return ok(identities.at(-1));
      }
      throw new Error(`unexpected ${path}`);
    };
    apiClient.configure({ baseURL: 'http://api.test/', adapter });
    mounted = await mountSignedIn(IdentityManagerPage, user);
    container = mounted.container;
  });

  afterEach(() => mounted.unmount());

  it('refuses a blank name in Vietnamese, then creates the identity for the signed-in user and lists it', async () => {
    expect(container.textContent).toContain('Chưa có danh tính nào.');
    await act(async () => button('Thêm danh tính').click());
    await settle();
    await act(async () => button('Lưu').click());
    await settle();
    expect(document.body.textContent).toContain('Vui lòng nhập tên.');
    expect(created).toEqual([]);

    await type(document.querySelector<HTMLInputElement>('#name') as HTMLInputElement, '  Chị Mai ');
    await act(async () => button('Lưu').click());
    await settle();
    expect(created).toEqual([expect.objectContaining({ user_id: 'u-7', name: 'Chị Mai' })]);
    expect(document.body.textContent).toContain('Đã tạo danh tính.');
    expect(container.querySelector('tbody')?.textContent).toContain('Chị Mai');
    // The rest of the app reads identities from the shared lists slice.
    expect(mounted.store.getState().lists.listIdentity.map((identity) => identity.name)).toEqual(['Chị Mai']);
  });

  it('shows a server refusal translated from its error code', async () => {
    failNext = true;
    await act(async () => button('Thêm danh tính').click());
    await settle();
    await type(document.querySelector<HTMLInputElement>('#name') as HTMLInputElement, 'Mai');
    await act(async () => button('Lưu').click());
    await settle();
    expect(document.body.textContent).toContain('Dữ liệu bị trùng với dữ liệu đã có.');
  });
});
