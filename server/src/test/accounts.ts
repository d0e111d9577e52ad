import { apiErrorSchema, type ApiError } from '@pagemate/shared-contracts/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { REFRESH_COOKIE } from '../http/refresh-cookie.js';
import { EMAIL_CODE_LOG_MESSAGE } from '../plugins/app/accounts/accounts-service.js';
import type { TestApp } from './helper.js';

/** A password that is long enough and in no common-password list. */
export const GOOD_PASSWORD = 'Lúa-chín-vàng-2024!';

let counter = 0;
/** A username and email no other test of the run uses. */
export function uniqueAccount(prefix = 'user') {
  counter += 1;
  const suffix = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  return { username: `${prefix}_${suffix}`, email: `${prefix}.${suffix}@example.vn` };
}

/** The code the server logged for this address and purpose (newest), as the e2e tests read it. */
export function loggedCode(t: TestApp, email: string, purpose: 'register' | 'reset'): string {
  const line = t.logs.findLast((entry) => entry.msg === EMAIL_CODE_LOG_MESSAGE && entry.email === email && entry.purpose === purpose);
  expect(line, `a ${purpose} code logged for ${email}`).toBeDefined();
  return String(line?.code);
}

export function post(t: TestApp, url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url, payload: payload ?? {}, headers, ...(remoteAddress ? { remoteAddress } : {}) });
}

export function bearer(accessToken: string) {
  return { authorization: `Bearer ${accessToken}` };
}

export async function requestCode(t: TestApp, email: string): Promise<string> {
  const response = await post(t, '/verify_email', { user_email: email });
  expect(response.statusCode).toBe(200);
  return loggedCode(t, email, 'register');
}

export interface RegisteredAccount {
  username: string;
  email: string;
  password: string;
}

/** verify_email → register_account, as the sign-up page does. */
export async function registerAccount(
  t: TestApp,
  options: { accountType?: 'user' | 'partner'; password?: string; prefix?: string } = {},
): Promise<RegisteredAccount> {
  const { username, email } = uniqueAccount(options.prefix);
  const password = options.password ?? GOOD_PASSWORD;
  const code = await requestCode(t, email);
  const response = await post(t, '/register_account', {
    user_name: username,
    user_pass: password,
    user_email: email,
    verification_code: code,
    account_type: options.accountType ?? 'user',
  });
  expect(response.json()).toEqual({ status: 200, data: { ok: true } });
  return { username, email, password };
}

export function refreshCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
}

export interface LoggedIn {
  accessToken: string;
  refreshToken: string;
  response: LightMyRequestResponse;
}

export async function login(t: TestApp, username: string, password: string, remember?: boolean): Promise<LoggedIn> {
  const response = await post(t, '/login', remember === undefined ? { username, password } : { username, password, remember });
  expect(response.statusCode, response.body).toBe(200);
  const refreshToken = refreshCookieOf(response)?.value;
  expect(refreshToken).toBeTruthy();
  return { accessToken: (response.json() as { data: { access_token: string } }).data.access_token, refreshToken: refreshToken ?? '', response };
}

export function refresh(t: TestApp, refreshToken: string | undefined, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/refresh_token',
    headers,
    ...(refreshToken === undefined ? {} : { cookies: { [REFRESH_COOKIE]: refreshToken } }),
  });
}

export function features(t: TestApp, accessToken: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/v1/account/features${query}`, headers: bearer(accessToken) });
}

/** The error body, checked against the contract's one error shape. */
export function errorOf(response: LightMyRequestResponse): ApiError {
  return apiErrorSchema.parse(response.json());
}

/** The payload of a JWT, unverified (as the shell decodes it). */
export function claimsOf(accessToken: string): Record<string, unknown> {
  const [, payload = ''] = accessToken.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
