// @vitest-environment happy-dom
import { api, apiClient, fetchPageList, makeStore, PAGE_LIST_TAG, type FacebookAccount } from '@pagemate/shared-contracts';
import { byTestId, mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CommentManagerPage } from '../pages/comment-manager-page';
import { PostManagerPage } from '../pages/post-manager-page';
import { aPage, anAccount, fakeCrmApi } from '../test/fake-crm-api';
import { inLanguage } from '../test/page-helpers';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const PAGES = 'api/v1/facebook/page/access-token-pages';

let mounted: MountedPage | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

function server(initial: FacebookAccount[]) {
  const state = { accounts: initial };
  const fake = fakeCrmApi({
    [PAGES]: () => state.accounts,
    'api/v1/facebook/get-posts': () => [],
    'api/v1/facebook/get-comments': () => [],
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: fake.adapter });
  return { state, fake };
}

const pickerText = () => byTestId('page-picker')[0]?.textContent ?? null;

describe('the page list of the CRM screens is the one shared list', () => {
  it('a page connected (or gone) in the page manager shows in the post manager at once, without a reload', async () => {
    await inLanguage('en');
    const { state, fake } = server([]);
    mounted = await mountSignedIn(PostManagerPage, user, '/user-dashboard/post-manager');
    expect(byTestId('posts-no-pages')).toHaveLength(1);

    // The page manager's connection invalidates the shared page list (mf-page-manager's page-manager-page.test.tsx).
    state.accounts = [anAccount([aPage({ page_name: 'Shop Hoa' })])];
    await act(async () => void mounted?.store.dispatch(api.util.invalidateTags([PAGE_LIST_TAG])));
    await settle();
    expect(byTestId('posts-no-pages')).toHaveLength(0);
    expect(pickerText()).toContain('Shop Hoa');

    state.accounts = [];
    await act(async () => void mounted?.store.dispatch(api.util.invalidateTags([PAGE_LIST_TAG])));
    await settle();
    expect(byTestId('posts-no-pages')).toHaveLength(1);
    expect(fake.callsTo(PAGES)).toHaveLength(3);
  });

  it('the list the shell asked for at sign-in is the one the inbox shows: no second request', async () => {
    await inLanguage('en');
    const { fake } = server([anAccount([aPage({ page_name: 'Shop Hoa' })])]);
    const store = makeStore();
    await store.dispatch(fetchPageList());
    mounted = await mountSignedIn(CommentManagerPage, user, '/user-dashboard/comment-manager', store);
    expect(pickerText()).toContain('Shop Hoa');
    expect(fake.callsTo(PAGES)).toHaveLength(1);
    expect(store.getState().lists.listPage.map((account) => account.page_data[0]?.page_name)).toEqual(['Shop Hoa']);
  });
});
