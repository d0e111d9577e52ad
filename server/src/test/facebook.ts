import { FACEBOOK_CONNECT_MESSAGE_SOURCE, type InboxItem, type InboxThread } from '@pagemate/shared-contracts/contracts';
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

/** What the connect page posts to the opener, and to which origins, read back from its script. */
export function postedMessage(html: string): { message: Record<string, unknown>; targetOrigins: string[] } {
  const match = /var message = (.*);\n[\s\S]*var origins = (.*);\n[\s\S]*postMessage\(message, origins\[i\]\)/.exec(html);
  expect(match, 'the connect page posts a message').toBeTruthy();
  return { message: JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>, targetOrigins: JSON.parse(match?.[2] ?? '[]') as string[] };
}

/** `connect-url` as `user` asks for it: the dialog URL. */
export async function connectUrlOf(t: TestApp, user: SignedIn, instagram = false): Promise<string> {
  const connect = await api(t, user, 'POST', '/api/v1/facebook/connect-url', { user_id: user.userId, ...(instagram ? { instagram } : {}) });
  expect(connect.statusCode, connect.body).toBe(200);
  const { url, sandbox } = (connect.json() as { data: { url: string; sandbox: boolean } }).data;
  expect(sandbox).toBe(true);
  return url;
}

/** What the page manager does with the connect page's message: `connect-complete` under the user's own session. */
export function completeConnect(t: TestApp, user: SignedIn, handOff: { code?: unknown; state?: unknown }) {
  return api(t, user, 'POST', '/api/v1/facebook/connect-complete', { user_id: user.userId, code: handOff.code, state: handOff.state });
}

/**
 * The whole popup as a browser runs it: connect-url → sandbox dialog → pick a demo account (or cancel) →
 * redirect to the connect endpoint → its page, whose message the page manager hands to `connect-complete`.
 * `dialogUrl` plays someone else's authorization URL opened in this user's browser. Returns the dialog's
 * redirect, the landing page and, when it handed over a code, the `connect-complete` answer.
 */
export async function connectThroughSandbox(
  t: TestApp,
  user: SignedIn,
  choice: { account: string } | 'cancel' = { account: '100090000000001' },
  options: { dialogUrl?: string; complete?: boolean; instagram?: boolean } = {},
) {
  const url = options.dialogUrl ?? (await connectUrlOf(t, user, options.instagram));
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
  const { message } = postedMessage(landing.body);
  const completed = options.complete !== false && typeof message.code === 'string' ? await completeConnect(t, user, message) : undefined;
  if (!options.dialogUrl && completed) expect(completed.statusCode, completed.body).toBe(200);
  return { connectUrl: url, redirect, landing, completed, state: dialogUrl.searchParams.get('state') ?? '' };
}

export const CONNECT_SOURCE = FACEBOOK_CONNECT_MESSAGE_SOURCE;

/** The id a demo page (`109000000000011`…) has in this user's own sandbox: every user connects pages of their own. */
export const sandboxPageId = (t: TestApp, user: SignedIn, demoPageId: string) => t.app.metaSandbox.pageIdOf(user.userId, demoPageId);

/** Chooses the documents (collection and file name) a page's bot answers from, as the page manager does. */
export async function chooseDocuments(t: TestApp, user: SignedIn, pageIds: string[], files: { collection_name: string; file_name: string }[]) {
  const response = await api(t, user, 'POST', '/api/v1/facebook/save-collection-page', { user_id: user.userId, list_page_ids: pageIds, list_collections: files });
  expect(response.statusCode, response.body).toBe(200);
}

/** One inbox thread with its items, as its owner reads it (the read marks it read). */
export async function threadDetail(t: TestApp, user: SignedIn, threadId: string) {
  const response = await api(t, user, 'GET', `/api/v1/facebook/thread/${threadId}?user_id=${user.userId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { thread: InboxThread; items: InboxItem[] } }).data;
}
