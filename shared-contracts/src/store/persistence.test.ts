import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../contracts/constants.js';
import type { Client, InboxThread, Order } from '../contracts/entities.js';
import { api } from '../api/base-api.js';
import { apiClient } from '../api/client.js';
import { fetchPageList, listsApi } from '../api/lists-api.js';
import { fakeApi } from '../testing/fake-api.js';
import { totalBalanceSet } from './payment-slice.js';
import { loadPersistedState, PERSISTED_LISTS, persistStore } from './persistence.js';
import { makeStore } from './store.js';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

const CUSTOMER = 'Nguyễn Thị Khách';
const WORDS = 'Cho mình hỏi giá áo size M, giao về 12 Lý Thường Kiệt';

const thread = (kind: InboxThread['kind']): InboxThread => ({
  thread_id: `t-${kind}`,
  page_id: 'p1',
  kind,
  channel: 'facebook',
  customer_id: 'psid-1',
  customer_name: CUSTOMER,
  post_id: null,
  post_url: null,
  last_text: WORDS,
  last_author: 'customer',
  last_at: '2026-03-01T08:00:00Z',
  unread: 1,
  state: 'waiting',
  bot_paused: false,
  bot_pause_reason: null,
  bot_paused_until: null,
});
const client: Client = { id: 'c1', name: CUSTOMER, phone: '0901234567', favoriteColor: '', stylePreference: '', note: WORDS, order_count: 1 };
const order: Order = {
  orderId: 'o1',
  productName: 'Áo',
  unitPrice: 100_000,
  quantity: 1,
  totalPrice: 100_000,
  deliveryAddress: '12 Lý Thường Kiệt',
  status: 'new',
  client_id: 'c1',
  client_name: CUSTOMER,
  conversation_id: 't-message',
  source: 'bot',
  note: WORDS,
};
const page = { id: 'p1', name: 'Shop Áo Đẹp' } as never;

/**
 * Customer data as the CRM caches it: threads, clients and orders answered by the server into RTK Query's
 * cache (the endpoints stand in for the CRM's own, which live in its remote).
 */
const customerApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    persistenceProbeThreads: build.query<InboxThread[], string>({ query: (kind) => ({ url: `probe/threads/${kind}` }) }),
    persistenceProbeClients: build.query<Client[], undefined>({ query: () => ({ url: 'probe/clients' }) }),
    persistenceProbeOrders: build.query<Order[], undefined>({ query: () => ({ url: 'probe/orders' }) }),
  }),
});

describe('persisted state', () => {
  it('never writes conversations, comments, messages, clients or orders under root: no customer name, no message text', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const store = makeStore();
    persistStore(store, storage);
    apiClient.configure({
      baseURL: 'http://api.test/',
      adapter: fakeApi({
        'api/v1/facebook/page/access-token-pages': () => [page],
        'probe/threads/comment': () => [thread('comment')],
        'probe/threads/message': () => [thread('message')],
        'probe/clients': () => [client],
        'probe/orders': () => [order],
      }).adapter,
    });
    await store.dispatch(fetchPageList());
    await store.dispatch(customerApi.endpoints.persistenceProbeThreads.initiate('comment'));
    await store.dispatch(customerApi.endpoints.persistenceProbeThreads.initiate('message'));
    await store.dispatch(customerApi.endpoints.persistenceProbeClients.initiate(undefined));
    await store.dispatch(customerApi.endpoints.persistenceProbeOrders.initiate(undefined));
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    apiClient.configure({ adapter: undefined });

    // The customer data is in memory (the cache), and only there.
    expect(JSON.stringify(store.getState().api)).toContain(CUSTOMER);
    const root = storage.getItem(STORAGE_KEYS.persistedRoot) ?? '';
    expect(root).toContain('Shop Áo Đẹp');
    expect(root).not.toContain(CUSTOMER);
    expect(root).not.toContain(WORDS);
    expect(root).not.toContain('0901234567');
    expect(Object.keys(JSON.parse(root) as object).sort()).toEqual(['lists', 'payment']);
    expect(Object.keys((JSON.parse(root) as { lists: object }).lists)).toEqual([...PERSISTED_LISTS]);
    expect(PERSISTED_LISTS).toEqual(['listPage', 'listConfig', 'listIdentity', 'listProcedure']);
  });

  it('keeps the persisted lists as the one cached answer of each list query, and follows a later answer', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const store = makeStore();
    persistStore(store, storage);
    let pages = [page];
    apiClient.configure({ baseURL: 'http://api.test/', adapter: fakeApi({ 'api/v1/facebook/page/access-token-pages': () => pages }).adapter });
    const subscription = store.dispatch(listsApi.endpoints.accessTokenPages.initiate(undefined));
    await subscription;
    expect(store.getState().lists.listPage).toEqual([page]);
    expect(store.getState().lists.listPage).toBe(listsApi.endpoints.accessTokenPages.select(undefined)(store.getState()).data);

    pages = [];
    store.dispatch(api.util.invalidateTags(['Pages']));
    await vi.runAllTimersAsync();
    subscription.unsubscribe();
    vi.useRealTimers();
    apiClient.configure({ adapter: undefined });
    expect(store.getState().lists.listPage).toEqual([]);
    expect((JSON.parse(storage.getItem(STORAGE_KEYS.persistedRoot) ?? '{}') as { lists: { listPage: unknown[] } }).lists.listPage).toEqual([]);
  });

  it('drops customer data an older version left under root, at start, and keeps the whitelisted lists', () => {
    const storage = memoryStorage();
    const old = { payment: { totalBalance: 5_000, status: 'succeeded', error: null }, lists: { listPage: [page], listMessage: [thread('message')], listClient: [client], listOrder: [order] } };
    storage.setItem(STORAGE_KEYS.persistedRoot, JSON.stringify(old));
    const restored = makeStore(loadPersistedState(storage)).getState();
    expect(restored.lists.listPage).toEqual([page]);
    expect(Object.keys(restored.lists)).toEqual(['listProcedure', 'listIdentity', 'listConfig', 'listPage']);
    expect(restored.payment.totalBalance).toBe(5_000);
    const root = storage.getItem(STORAGE_KEYS.persistedRoot) ?? '';
    expect(root).not.toContain(CUSTOMER);
    expect(root).not.toContain(WORDS);
  });

  it('keeps only the payment and list sections under the key root and restores them', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const store = makeStore();
    persistStore(store, storage);
    store.dispatch(totalBalanceSet(42_000));
    await vi.runAllTimersAsync();
    const saved = JSON.parse(storage.getItem(STORAGE_KEYS.persistedRoot) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(saved).sort()).toEqual(['lists', 'payment']);

    const restored = makeStore(loadPersistedState(storage));
    expect(restored.getState().payment.totalBalance).toBe(42_000);
    expect(restored.getState().auth.accessToken).toBeNull();
    vi.useRealTimers();
  });

  it('drops unreadable persisted state instead of failing to start', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.persistedRoot, '{not json');
    expect(loadPersistedState(storage)).toBeUndefined();
    expect(storage.getItem(STORAGE_KEYS.persistedRoot)).toBeNull();
  });
});
