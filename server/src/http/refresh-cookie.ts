import { endpoints } from '@pagemate/shared-contracts/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'pm_refresh';

/**
 * `/refresh_token` under the API's public path (PUBLIC_API_URL may carry a prefix such as `/api`): the
 * browser sends the cookie to the refresh endpoint and nowhere else. Secure stays on: browsers accept it on
 * http://localhost, and nothing else should ever carry it in clear.
 */
export function refreshCookieOptions(publicApiUrl: string) {
  const prefix = new URL(publicApiUrl).pathname.replace(/\/+$/, '');
  return { path: `${prefix}/${endpoints.refreshToken.path}`, httpOnly: true, secure: true, sameSite: 'strict' } as const;
}

export type RefreshCookieOptions = ReturnType<typeof refreshCookieOptions>;

/**
 * The refresh cookie, on a route whose contract says `auth: 'refresh-cookie'` only: the auth guard refuses
 * cross-site requests there and nowhere else, so reading it on any other route is a bug (a 500, loudly).
 */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  if (request.routeOptions.config.auth !== 'refresh-cookie') throw new Error(`the refresh cookie read on ${request.url}, a route without auth: 'refresh-cookie'`);
  return request.cookies[REFRESH_COOKIE] || undefined;
}

/** Without `maxAgeSeconds` the cookie lives until the browser session ends ("remember me" unticked). */
export function setRefreshCookie(reply: FastifyReply, options: RefreshCookieOptions, token: string, maxAgeSeconds?: number) {
  reply.setCookie(REFRESH_COOKIE, token, maxAgeSeconds === undefined ? options : { ...options, maxAge: maxAgeSeconds });
}

export function clearRefreshCookie(reply: FastifyReply, options: RefreshCookieOptions) {
  reply.clearCookie(REFRESH_COOKIE, options);
}
