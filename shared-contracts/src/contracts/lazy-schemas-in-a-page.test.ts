// @vitest-environment happy-dom
import { types } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as contract from './index.js';

describe('the contract in a page', () => {
  it('exports every schema as a stand-in built on first use, so importing it builds none', () => {
    const schemas = Object.entries(contract).filter(([name]) => name.endsWith('Schema'));
    expect(schemas.length).toBeGreaterThan(60);
    expect(schemas.filter(([, value]) => !types.isProxy(value)).map(([name]) => name)).toEqual([]);
  });

  it('still validates with them, and with the endpoints built from them', () => {
    expect(contract.emailSchema.parse(' Lan@Example.VN ')).toBe('lan@example.vn');
    expect(contract.emailSchema.safeParse('lan@').success).toBe(false);
    const { body, response } = contract.endpoints.deposit;
    expect(body.safeParse({ user_id: '5f0c6d3e-8a7b-4c1d-9e2f-0a1b2c3d4e5f', amount: 5_000 }).success).toBe(false);
    expect(body.safeParse({ user_id: '5f0c6d3e-8a7b-4c1d-9e2f-0a1b2c3d4e5f', amount: 50_000 }).success).toBe(true);
    expect(response.safeParse({ status: 200, data: { id: 'not a payment' } }).success).toBe(false);
    expect(contract.runtimeConfigSchema.safeParse({}).success).toBe(false);
  });
});
