import { describe, expect, it } from 'vitest';
import { unsignedTestToken } from '../testing/index.js';
import { readStoredToken, storeToken } from './sign-in-storage.js';
import { clearStoredSession, decodeSessionUser } from './token-storage.js';

function memory() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
}

describe('session token storage', () => {
  const user = { username: 'lan', userId: 'u1', userEmail: 'lan@example.vn', partnerId: null, role: 'user' };

  it('decodes the session user from an access token and rejects garbage', () => {
    expect(decodeSessionUser(unsignedTestToken(user))).toEqual(user);
    expect(decodeSessionUser('not-a-token')).toBeNull();
  });

  it('keeps the token in local storage when remembered, session storage otherwise, and clears both', () => {
    const local = memory();
    const session = memory();
    storeToken('t1', true, local, session);
    expect(readStoredToken(local, session)).toBe('t1');
    storeToken('t2', false, local, session);
    expect(local.getItem('accessToken')).toBeNull();
    expect(readStoredToken(local, session)).toBe('t2');
    local.setItem('userFeatures', '[]');
    clearStoredSession(local, session);
    expect(readStoredToken(local, session)).toBeNull();
    expect(local.getItem('userFeatures')).toBeNull();
  });
});
