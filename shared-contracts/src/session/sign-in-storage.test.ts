import { describe, expect, it } from 'vitest';
import { unsignedTestToken } from '../testing/index.js';
import { readStoredToken, storeSignIn, unverifiedClaimsOf, unverifiedRoleOf } from './sign-in-storage.js';
import { decodeSessionUser } from './token-storage.js';

function memory() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

describe('what a sign-in keeps', () => {
  it('keeps the token where "remember me" says and the features in local storage, where the start-up reads them', () => {
    const local = memory();
    const session = memory();
    storeSignIn({ access_token: 'remembered', user_features: ['dashboard'] }, true, local, session);
    expect(local.getItem('accessToken')).toBe('remembered');
    expect(local.getItem('userFeatures')).toBe('["dashboard"]');
    storeSignIn({ access_token: 'tab-only', user_features: [] }, false, local, session);
    expect(local.getItem('accessToken')).toBeNull();
    expect(session.getItem('accessToken')).toBe('tab-only');
    expect(readStoredToken(local, session)).toBe('tab-only');
  });

  it('reads the role of a token as the checked decoder does, and nothing from garbage', () => {
    for (const role of ['user', 'partner', 'admin']) {
      const token = unsignedTestToken({ username: 'lân', userId: 'u1', userEmail: 'lan@shop.vn', partnerId: null, role });
      expect(unverifiedRoleOf(token)).toBe(decodeSessionUser(token)?.role);
    }
    expect(unverifiedRoleOf('not-a-token')).toBeUndefined();
    expect(unverifiedRoleOf('a.%%%.c')).toBeUndefined();
  });

  it('reads the username and user id of a token as the checked decoder does, Vietnamese letters included', () => {
    for (const username of ['lân', 'Nguyễn Thị Hồng', 'shop.an']) {
      const token = unsignedTestToken({ username, userId: 'u1', userEmail: 'lan@shop.vn', partnerId: null, role: 'user' });
      const checked = decodeSessionUser(token);
      expect(unverifiedClaimsOf(token)).toEqual({ role: 'user', username: checked?.username, userId: checked?.userId });
    }
    expect(unverifiedClaimsOf('not-a-token')).toEqual({});
    expect(unverifiedClaimsOf(`a.${btoa(JSON.stringify({ username: 7, userId: 8, role: 'user' }))}.c`)).toEqual({ role: 'user' });
  });
});
