import { headingOf, ownedRouteIds, renderRemotePage } from '@pagemate/shared-contracts/testing';
import { describe, expect, it } from 'vitest';
import remote from './routes';

describe('mf_balance routes module', () => {
  it('supplies a page for exactly the route ids it owns, under its namespace', () => {
    expect(remote.namespace).toBe('balance');
    expect(Object.keys(remote.pages).sort()).toEqual(ownedRouteIds('mf_balance'));
  });

  it('shows the balance overview heading and the total in VNĐ', async () => {
    const html = await renderRemotePage(remote, 'balance', 'vi');
    expect(headingOf(html)).toBe('Tổng quan số dư');
    expect(html).toContain('0 VNĐ');
  });
});
