import { COMMON_FOR_REMOTE_TESTS, headingOf, ownedRouteIds, renderRemotePage } from '@pagemate/shared-contracts/testing';
import { describe, expect, it } from 'vitest';
import remote from './routes';

describe('mf_crm routes module', () => {
  it('supplies a page for exactly the route ids it owns, under its namespace', () => {
    expect(remote.name).toBe('mf_crm');
    expect(remote.namespace).toBe('crm');
    expect(Object.keys(remote.pages).sort()).toEqual(ownedRouteIds('mf_crm'));
  });

  it.each([
    ['vi', 'partner-crm', 'CRM đối tác'],
    ['en', 'partner-hrm', 'Partner HRM'],
  ] as const)('in %s, %s shows its title as the h1 and the being-built panel', async (language, routeId, title) => {
    const html = await renderRemotePage(remote, routeId, language);
    expect(headingOf(html)).toBe(title);
    expect(html).toContain(COMMON_FOR_REMOTE_TESTS[language].beingBuilt.description);
  });

  it.each([
    ['vi', 'comment-manager', 'Quản lý bình luận', 'Chưa kết nối trang Facebook nào'],
    ['en', 'message-manager', 'Message Manager', 'No Facebook page connected yet'],
    ['en', 'post-manager', 'Post Manager', 'No Facebook page connected yet'],
    ['vi', 'client-manager', 'Quản lý khách hàng', 'Chưa có khách hàng nào.'],
    ['en', 'order-manager', 'Order Manager', 'No orders yet.'],
  ] as const)('in %s, %s is built: its title as the h1 and, signed out, its empty state', async (language, routeId, title, emptyText) => {
    const html = await renderRemotePage(remote, routeId, language);
    expect(headingOf(html)).toBe(title);
    expect(html).not.toContain(COMMON_FOR_REMOTE_TESTS[language].beingBuilt.description);
    expect(html).toContain(emptyText);
  });
});
