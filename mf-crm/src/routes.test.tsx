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
    ['vi', 'comment-manager', 'Quản lý bình luận', 'Chưa kết nối trang Facebook nào'],
    ['en', 'message-manager', 'Message Manager', 'No Facebook page connected yet'],
    ['en', 'post-manager', 'Post Manager', 'No Facebook page connected yet'],
    ['vi', 'client-manager', 'Quản lý khách hàng', 'Chưa có khách hàng nào.'],
    ['en', 'order-manager', 'Order Manager', 'No orders yet.'],
    ['vi', 'partner-crm', 'CRM đối tác', 'Chưa có cửa hàng nào tham gia.'],
    ['en', 'partner-hrm', 'Partner HRM', 'No team members yet.'],
  ] as const)('in %s, %s is built: its title as the h1 and, signed out, its empty state', async (language, routeId, title, emptyText) => {
    const html = await renderRemotePage(remote, routeId, language);
    expect(headingOf(html)).toBe(title);
    expect(html).not.toContain(COMMON_FOR_REMOTE_TESTS[language].beingBuilt.description);
    expect(html).toContain(emptyText);
  });
});
