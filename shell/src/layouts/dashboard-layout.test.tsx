// @vitest-environment happy-dom
import { apiClient, initI18n, selectTotalBalance } from '@pagemate/shared-contracts';
import { LAYOUT_EARLY_GETS } from '@pagemate/shared-contracts/plain';
import { earlyGetsNotMadeBy, fakeApi, mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellNamespaces } from '../locales';
import { DashboardLayout } from './dashboard-layout';

const headerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../header/app-header', () => ({
  AppHeader: () => {
    headerRenders.count += 1;
    return null;
  },
}));

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };

let mounted: MountedPage | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

describe('dashboard layout', () => {
  it('keeps the header balance fresh without redrawing the header and menus when the balance answers', async () => {
    await initI18n('vi', shellNamespaces);
    let balance = 15_000;
    let answer: () => void = () => undefined;
    const api = fakeApi({
      'api/v1/total-balance/u-7': () => new Promise((resolve) => (answer = () => resolve({ total_balance: balance }))),
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(DashboardLayout, user, '/user-dashboard');
    const drawn = headerRenders.count;
    await act(async () => answer());
    await settle();
    expect(selectTotalBalance(mounted.store.getState())).toBe(15_000);

    balance = 20_000;
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    await act(async () => answer());
    await settle();
    expect(selectTotalBalance(mounted.store.getState())).toBe(20_000);
    expect(api.callsTo('api/v1/total-balance/u-7')).toHaveLength(2);
    expect(headerRenders.count).toBe(drawn);
  });
});

it('sends early only GETs the dashboard layout makes whatever its page (contracts/early-requests.ts)', async () => {
  await initI18n('vi', shellNamespaces);
  apiClient.configure({ baseURL: `${API}/`, adapter: fakeApi({ 'api/v1/total-balance/u-7': () => ({ total_balance: 1 }) }).adapter });
  const open = async () => (mounted = await mountSignedIn(DashboardLayout, user, '/user-dashboard'));
  expect(await earlyGetsNotMadeBy(LAYOUT_EARLY_GETS.dashboard, user.userId, open)).toEqual([]);
});
