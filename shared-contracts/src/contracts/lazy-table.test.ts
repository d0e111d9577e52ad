import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.js';
import { lazyEntries, mergeLazyTables } from './lazy-table.js';

describe('lazyEntries', () => {
  it('builds an entry once, the first time it is read, and no other', () => {
    const built: string[] = [];
    const table = lazyEntries({
      a: () => (built.push('a'), { value: 1 }),
      b: () => (built.push('b'), { value: 2 }),
    });
    expect(built).toEqual([]);
    expect(table.a.value).toBe(1);
    expect(table.a).toBe(table.a);
    expect(built).toEqual(['a']);
    expect(Object.keys(table)).toEqual(['a', 'b']);
    expect(Object.values(table).map((entry) => entry.value)).toEqual([1, 2]);
    expect(built).toEqual(['a', 'b']);
  });
});

describe('mergeLazyTables', () => {
  it('keeps the order and laziness of its tables and shares their entries', () => {
    const built: string[] = [];
    const first = lazyEntries({ a: () => (built.push('a'), { n: 1 }) });
    const second = lazyEntries({ b: () => (built.push('b'), { n: 2 }) });
    const merged = mergeLazyTables<typeof first & typeof second>(first, second);
    expect(Object.keys(merged)).toEqual(['a', 'b']);
    expect(built).toEqual([]);
    expect(merged.b).toBe(second.b);
    expect(built).toEqual(['b']);
  });

  it('refuses two tables that define the same entry', () => {
    expect(() => mergeLazyTables(lazyEntries({ a: () => ({}) }), lazyEntries({ a: () => ({}) }))).toThrow('Two contract tables define a');
  });

  it('gives the endpoint table its schemas on read', () => {
    expect(endpoints.totalBalance.path).toBe('api/v1/total-balance/{userId}');
    expect(endpoints.totalBalance.response.safeParse({ status: 'nope' }).success).toBe(false);
    expect(Object.keys(endpoints).length).toBeGreaterThan(50);
  });
});
