import { types } from 'node:util';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.js';
import { accessTokenClaimsSchema, orderSchema, sessionUserSchema } from './entities.js';
import { lazyEntries, lazySchema, mergeLazyTables } from './lazy-table.js';
import { partnerCodeSchema, partnerOrderSchema } from './partner.js';

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

describe('lazySchema', () => {
  it('builds the schema once, at its first use, and validates as the schema itself', () => {
    let builds = 0;
    const item = lazySchema(() => (builds++, z.object({ name: z.string().min(1), count: z.number().int().default(0) })), true);
    expect(builds).toBe(0);
    expect(item.parse({ name: 'a' })).toEqual({ name: 'a', count: 0 });
    expect(item.safeParse({ name: '' }).success).toBe(false);
    expect(item.safeParse({ name: 'a', count: 1.5 }).success).toBe(false);
    expect(builds).toBe(1);
    expect(item).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(item.shape)).toEqual(['name', 'count']);
    // Built into other schemas: extended, wrapped, nested, in a union.
    const extended = item.extend({ tag: z.string() });
    expect(extended.safeParse({ name: 'a', tag: 't' }).success).toBe(true);
    expect(extended.safeParse({ name: 'a' }).success).toBe(false);
    expect(z.array(item).safeParse([{ name: 'a' }, { name: '' }]).success).toBe(false);
    expect(z.object({ inner: item.nullable() }).parse({ inner: null })).toEqual({ inner: null });
    const union = z.discriminatedUnion('kind', [item.extend({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]);
    expect(union.safeParse({ kind: 'a', name: '' }).success).toBe(false);
    expect(union.parse({ kind: 'b' })).toEqual({ kind: 'b' });
    expect(builds).toBe(1);
  });

  it('builds at once, the schema itself, outside a page (the server walks schemas by identity)', () => {
    let builds = 0;
    const item = lazySchema(() => (builds++, z.string()), false);
    expect(builds).toBe(1);
    expect(types.isProxy(item)).toBe(false);
    expect(types.isProxy(sessionUserSchema)).toBe(false);
    expect(types.isProxy(lazySchema(() => z.string(), true))).toBe(true);
  });

  it('leaves the entities rejecting what they rejected', () => {
    const user = { username: 'lan', userId: 'u-1', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
    expect(sessionUserSchema.parse(user)).toEqual(user);
    expect(sessionUserSchema.safeParse({ ...user, role: '' }).success).toBe(false);
    expect(accessTokenClaimsSchema.safeParse({ ...user, exp: 'soon' }).success).toBe(false);
    expect(partnerCodeSchema.parse('abcd-2345')).toBe('ABCD2345');
    expect(partnerCodeSchema.safeParse('ABCD-234I').success).toBe(false);
    expect(partnerOrderSchema.safeParse({ ...orderSchema.shape, shop_id: 's-1' }).success).toBe(false);
    expect(Object.keys(partnerOrderSchema.shape)).toEqual([...Object.keys(orderSchema.shape), 'shop_id', 'shop_name']);
    expect(z.toJSONSchema(sessionUserSchema)).toMatchObject({ type: 'object', required: ['username', 'userId', 'userEmail', 'partnerId', 'role'] });
  });
});
