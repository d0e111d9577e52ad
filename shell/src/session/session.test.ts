// @vitest-environment happy-dom
import { apiClient, listsApi, makeStore, sessionStarted, selectLoading } from '@pagemate/shared-contracts';
import { SESSION_EARLY_GETS } from '@pagemate/shared-contracts/plain';
import { earlyGetsNotMadeBy, fakeApi } from '@pagemate/shared-contracts/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, loadSessionData } from './session';

const lan = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const account = { name_fb: 'Demo Lan', id_user_fb: 'fb-1', access_token_user: 'EAAB', sandbox: true, page_data: [] };
const file = { file_name: 'bang-gia.docx', collection_name: 'Shop' };

afterEach(() => {
  apiClient.configure({ adapter: undefined });
  vi.restoreAllMocks();
});

function signedIn() {
  const store = makeStore();
  store.dispatch(sessionStarted({ accessToken: 'token', user: lan }));
  const fake = fakeApi({
    'api/v1/account/features': () => ({ user_features: ['chat'], list_features: [] }),
    'api/v1/facebook/page/access-token-pages': () => [account],
    'api/v1/facebook/get-collection/u-7': () => [file],
  });
  apiClient.configure({ baseURL: 'http://api.test/', adapter: fake.adapter });
  return { store, fake };
}

describe('the session data of the shell', () => {
  it('loads the page and file lists at sign-in into their one cache entry (and the persisted page mirror)', async () => {
    const { store } = signedIn();
    await loadSessionData(store);
    const state = store.getState();
    expect(listsApi.endpoints.accessTokenPages.select(undefined)(state).data).toEqual([account]);
    expect(listsApi.endpoints.collectionFiles.select('u-7')(state).data).toEqual([file]);
    expect(state.lists.listPage).toEqual([account]);
    expect(selectLoading(state, 'listPage')).toBe(false);
  });

  it("asks for every GET the early start sends for any signed-in start (contracts/early-requests.ts)", async () => {
    const { store } = signedIn();
    expect(await earlyGetsNotMadeBy(SESSION_EARLY_GETS, lan.userId, () => loadSessionData(store))).toEqual([]);
  });

  it('logs a failing list only, and resets its loading flag', async () => {
    const { store } = signedIn();
    apiClient.configure({ adapter: fakeApi({}).adapter });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadSessionData(store);
    expect(logged).toHaveBeenCalled();
    expect(selectLoading(store.getState(), 'listPage')).toBe(false);
  });

  it('forgets every cached answer and list at sign-out: the next user of the tab sees nothing of the last', async () => {
    const { store } = signedIn();
    await loadSessionData(store);
    endSession(store);
    const state = store.getState();
    expect(listsApi.endpoints.accessTokenPages.select(undefined)(state).data).toBeUndefined();
    expect(listsApi.endpoints.collectionFiles.select('u-7')(state).data).toBeUndefined();
    expect(state.lists.listPage).toEqual([]);
    expect(JSON.stringify(state.api.queries)).not.toContain('Demo Lan');
  });
});
