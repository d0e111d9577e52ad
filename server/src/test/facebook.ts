import { FACEBOOK_CONNECT_MESSAGE_SOURCE } from '@pagemate/shared-contracts/contracts';
import { expect } from 'vitest';
import { bearer, claimsOf, login, registerAccount } from './accounts.js';
import type { TestApp } from './helper.js';

export interface SignedIn {
  accessToken: string;
  userId: string;
  username: string;
  headers: Record<string, string>;
}

/** A new account, signed in. */
export async function signedInUser(t: TestApp): Promise<SignedIn> {
  const account = await registerAccount(t);
  const { accessToken } = await login(t, account.username, account.password);
  return { accessToken, userId: String(claimsOf(accessToken).userId), username: account.username, headers: bearer(accessToken) };
}

export function api(t: TestApp, user: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user.headers, ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
}

/** The path + query of an absolute URL on the app (the sandbox dialog, the connect redirect). */
export const localPath = (absolute: string) => {
  const url = new URL(absolute);
  return `${url.pathname}${url.search}`;
};

/** What the connect page posts to the opener, read back from its script. */
export function postedMessage(html: string): { message: Record<string, unknown>; targetOrigin: string } {
  const match = /var message = (.*);\n[\s\S]*postMessage\(message, (".*?")\)/.exec(html);
  expect(match, 'the connect page posts a message').toBeTruthy();
  return { message: JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>, targetOrigin: JSON.parse(match?.[2] ?? '""') as string };
}

/**
 * The whole popup as a browser runs it: connect-url → sandbox dialog → pick a demo account (or cancel) →
 * redirect to the connect endpoint → its page. Returns the dialog's redirect and the final page.
 */
export async function connectThroughSandbox(t: TestApp, user: SignedIn, choice: { account: string } | 'cancel' = { account: '100090000000001' }) {
  const connect = await api(t, user, 'POST', '/api/v1/facebook/connect-url', { user_id: user.userId });
  expect(connect.statusCode, connect.body).toBe(200);
  const { url, sandbox } = (connect.json() as { data: { url: string; sandbox: boolean } }).data;
  expect(sandbox).toBe(true);
  const dialogUrl = new URL(url);
  const dialog = await t.app.inject({ method: 'GET', url: localPath(url) });
  expect(dialog.statusCode, dialog.body).toBe(200);
  const form = new URLSearchParams({
    client_id: dialogUrl.searchParams.get('client_id') ?? '',
    redirect_uri: dialogUrl.searchParams.get('redirect_uri') ?? '',
    state: dialogUrl.searchParams.get('state') ?? '',
    scope: dialogUrl.searchParams.get('scope') ?? '',
    ...(choice === 'cancel' ? { decision: 'cancel' } : { decision: 'allow', account: choice.account }),
  });
  const picked = await t.app.inject({
    method: 'POST',
    url: dialogUrl.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(picked.statusCode, picked.body).toBe(303);
  // Every hop of the popup keeps its opener (COOP is applied on redirects too).
  expect(picked.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  const redirect = String(picked.headers.location);
  const landing = await t.app.inject({ method: 'GET', url: localPath(redirect) });
  return { connectUrl: url, redirect, landing, state: dialogUrl.searchParams.get('state') ?? '' };
}

export const CONNECT_SOURCE = FACEBOOK_CONNECT_MESSAGE_SOURCE;

/** Chooses the documents (collection and file name) a page's bot answers from, as the page manager does. */
export async function chooseDocuments(t: TestApp, user: SignedIn, pageIds: string[], files: { collection_name: string; file_name: string }[]) {
  const response = await api(t, user, 'POST', '/api/v1/facebook/save-collection-page', { user_id: user.userId, list_page_ids: pageIds, list_collections: files });
  expect(response.statusCode, response.body).toBe(200);
}
