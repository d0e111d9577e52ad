import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../contracts/constants.js';
import { totalBalanceSet } from './payment-slice.js';
import { loadPersistedState, persistStore } from './persistence.js';
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

describe('persisted state', () => {
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
