import type { SessionUser } from '../contracts/entities.js';

function base64Url(value: string): string {
  return btoa(unescape(encodeURIComponent(value))).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * A JWT-shaped, unsigned token carrying a session user, for client-side tests only: the browser decodes
 * tokens to know who is signed in but never trusts them; the server rejects this token (no signature).
 */
export function unsignedTestToken(user: SessionUser, expiresInSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ ...user, iat: now, exp: now + expiresInSeconds }));
  return `${header}.${payload}.`;
}
export * from './remote-pages.js';
export * from './mount-page.js';
export * from './fake-api.js';
export * from './partner-fixtures.js';
export * from './early-gets.js';
