import type { AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { SPEC_MESSAGES } from '../contracts/constants';
import { selectPaymentError, selectPaymentStatus, selectTotalBalance } from '../store/payment-slice';
import { makeStore } from '../store/store';
import { api } from './base-api';
import { apiClient } from './client';
import { fetchTotalBalance, TOTAL_BALANCE_TAG, totalBalanceApi } from './total-balance';

/** A balance endpoint that answers what `balance` holds now, and counts how often it was asked. */
function balanceServer(initial: number) {
  const server = { balance: initial, calls: 0, fail: false };
  const adapter: AxiosAdapter = async (config) => {
    server.calls += 1;
    if (server.fail) return { data: { code: 'INTERNAL', message: 'down' }, status: 500, statusText: 'error', headers: {}, config };
    return { data: { status: 200, data: { total_balance: server.balance } }, status: 200, statusText: 'OK', headers: {}, config };
  };
  apiClient.configure({ baseURL: 'http://api.test/', adapter });
  return server;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the total balance, one cached query mirrored by the payment slice', () => {
  afterEach(() => apiClient.configure({ adapter: undefined }));

  it('fills the slice when asked, and says the fetch failed in the product wording', async () => {
    const server = balanceServer(120_000);
    const store = makeStore();
    await store.dispatch(fetchTotalBalance('user-1'));
    expect(selectTotalBalance(store.getState())).toBe(120_000);
    expect(selectPaymentStatus(store.getState())).toBe('succeeded');

    server.fail = true;
    await store.dispatch(fetchTotalBalance('user-1'));
    expect(selectPaymentStatus(store.getState())).toBe('failed');
    expect(selectPaymentError(store.getState())).toBe(SPEC_MESSAGES.balanceFetchFailed);
  });

  it('asks again at once when a charge invalidates the balance, while a view is subscribed', async () => {
    const server = balanceServer(50_000);
    const store = makeStore();
    const subscription = store.dispatch(totalBalanceApi.endpoints.totalBalance.initiate('user-1'));
    await subscription;
    expect(selectTotalBalance(store.getState())).toBe(50_000);

    server.balance = 48_500;
    store.dispatch(api.util.invalidateTags([TOTAL_BALANCE_TAG]));
    await settled();
    expect(selectTotalBalance(store.getState())).toBe(48_500);

    // The whole money type, as a screen that changes several money views invalidates it.
    server.balance = 47_000;
    store.dispatch(api.util.invalidateTags(['Balance']));
    await settled();
    expect(selectTotalBalance(store.getState())).toBe(47_000);
    subscription.unsubscribe();
  });
});
