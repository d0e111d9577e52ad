import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './rate-limits.js';

describe('MemoryCounterStore', () => {
  it('counts hits in a fixed window that starts at the first one, then starts over', async () => {
    const store = new MemoryCounterStore();
    expect(await store.increment('k', 1_000, 0)).toEqual({ count: 1, resetAtMs: 1_000 });
    expect(await store.increment('k', 1_000, 500)).toEqual({ count: 2, resetAtMs: 1_000 });
    expect(await store.read('k', 999)).toEqual({ count: 2, resetAtMs: 1_000 });
    expect(await store.read('k', 1_000)).toEqual({ count: 0, resetAtMs: 1_000 });
    expect(await store.increment('k', 1_000, 1_000)).toEqual({ count: 1, resetAtMs: 2_000 });
  });

  it('keeps keys apart and reading does not count', async () => {
    const store = new MemoryCounterStore();
    await store.increment('a', 1_000, 0);
    await store.read('b', 0);
    expect(await store.read('a', 0)).toMatchObject({ count: 1 });
    expect(await store.read('b', 0)).toMatchObject({ count: 0 });
  });

  it('stays bounded: expired keys go first, then the least recently hit', async () => {
    const store = new MemoryCounterStore(2);
    await store.increment('expired', 10, 0);
    await store.increment('old', 1_000, 0);
    await store.increment('recent', 1_000, 20);
    expect(await store.read('old', 20)).toMatchObject({ count: 1 });
    await store.increment('newest', 1_000, 30);
    expect(await store.read('old', 30)).toMatchObject({ count: 0 });
    expect(await store.read('recent', 30)).toMatchObject({ count: 1 });
    expect(await store.read('newest', 30)).toMatchObject({ count: 1 });
  });
});
