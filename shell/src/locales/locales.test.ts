import { describe, expect, it } from 'vitest';
import { flattenKeys, missingKeys, ROUTES } from '@pagemate/shared-contracts/contracts';
import { shellNamespaces } from './index';

describe('shell locales', () => {
  for (const [ns, { vi, en }] of Object.entries(shellNamespaces)) {
    it(`namespace ${ns} has every key in both languages, none empty`, () => {
      expect(missingKeys(vi, en)).toEqual({ missingInVi: [], missingInEn: [], empty: [] });
    });
  }

  it('has a label for every route and menu group of the route table', () => {
    const keys = new Set(flattenKeys(shellNamespaces.common.en));
    const needed = ROUTES.flatMap((r) => [r.labelKey, ...('menus' in r ? r.menus.flatMap((m) => ('groupKey' in m ? [m.groupKey] : [])) : [])]);
    expect(needed.filter((k) => !keys.has(k))).toEqual([]);
  });

  it('keeps the product texts verbatim in English', () => {
    const en = shellNamespaces.common.en as { notifications: { empty: string }; profile: { logoutSuccess: string } };
    expect(en.notifications.empty).toBe('No New Notifications');
    expect(en.profile.logoutSuccess).toBe('Logout success.');
  });
});
