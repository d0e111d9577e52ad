// @vitest-environment happy-dom
import { apiClient, endpointPathOf, initI18n, makeStore, sessionStarted, type Identity } from '@pagemate/shared-contracts';
import { App } from 'antd';
import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import { IdentityManagerPage } from './identity-manager-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const common = {
  vi: { apiErrors: { CONFLICT: 'Dữ liệu bị trùng với dữ liệu đã có.', INTERNAL: 'Hệ thống gặp sự cố.' } },
  en: { apiErrors: { CONFLICT: 'This duplicates existing data.', INTERNAL: 'Something went wrong.' } },
};

async function settle(): Promise<void> {
  for (let i = 0; i < 8; i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

function button(text: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

async function type(input: HTMLInputElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('Identity manager page', () => {
  let container: HTMLElement;
  let root: Root;
  let identities: Identity[];
  let created: unknown[];
  let failNext: boolean;
  let store: ReturnType<typeof makeStore>;

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
    store = makeStore();
    store.dispatch(sessionStarted({ accessToken: 'token', user }));
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root.render(
        <Provider store={store}>
          <App>
            <IdentityManagerPage />
          </App>
        </Provider>,
      ),
    );
    await settle();
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    document.body.innerHTML = '';
  });

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
    expect(store.getState().lists.listIdentity.map((identity) => identity.name)).toEqual(['Chị Mai']);
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
