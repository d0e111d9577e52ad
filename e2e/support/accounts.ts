import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiLogFile } from './deployment';
import { API_URL, E2E_PORTS } from './ports';

export interface Account {
  username: string;
  email: string;
  password: string;
  accountType: 'user' | 'partner';
}

let counter = 0;
/** A new account's details, unique per run. */
export function newAccount(accountType: Account['accountType'] = 'user'): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
  return { username: `shop_${id}`, email: `owner.${id}@example.vn`, password: `Giá-bán-${id}!`, accountType };
}

/** The newest email code the API wrote to its log for `email` (no SMTP in tests: the log is the outbox). */
export async function readEmailCode(email: string, purpose: 'register' | 'reset', apiPort: number = E2E_PORTS.api): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = readFileSync(apiLogFile(apiPort), 'utf8').split('\n');
    for (let i = lines.length - 1; i >= 0; i -= 1) {
      const line = lines[i];
      if (!line?.includes(email)) continue;
      try {
        const entry = JSON.parse(line) as { email?: string; purpose?: string; code?: string };
        if (entry.email === email && entry.purpose === purpose && entry.code) return entry.code;
      } catch {
        // not a JSON log line
      }
    }
    if (Date.now() > deadline) throw new Error(`No ${purpose} code for ${email} in the API log`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Registers an account through the API as the sign-up page does (code from the log). */
export async function registerAccount(request: APIRequestContext, account: Account, apiUrl = API_URL, apiPort: number = E2E_PORTS.api): Promise<void> {
  const sent = await request.post(`${apiUrl}/verify_email`, { data: { user_email: account.email } });
  if (!sent.ok()) throw new Error(`verify_email answered ${sent.status()}: ${await sent.text()}`);
  const code = await readEmailCode(account.email, 'register', apiPort);
  const created = await request.post(`${apiUrl}/register_account`, {
    data: { user_name: account.username, user_pass: account.password, user_email: account.email, verification_code: code, account_type: account.accountType },
  });
  if (!created.ok()) throw new Error(`register_account answered ${created.status()}: ${await created.text()}`);
}

/** Signs in through the API (the refresh cookie lands in `request`'s cookie jar): the login answer. */
export async function login(request: APIRequestContext, account: Account, apiUrl = API_URL): Promise<{ access_token: string; user_features: string[] }> {
  const response = await request.post(`${apiUrl}/login`, { data: { username: account.username, password: account.password } });
  if (!response.ok()) throw new Error(`login answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: { access_token: string; user_features: string[] } }).data;
}

/**
 * Signs the page's browser context in for real: the login call sets the HttpOnly refresh cookie in the
 * context, and the access token goes where "remember me" keeps it, before the app starts.
 */
export async function signIn(page: Page, account: Account, apiUrl = API_URL): Promise<string> {
  const data = await login(page.context().request, account, apiUrl);
  await page.addInitScript(
    ({ token, features }) => {
      if (!sessionStorage.getItem('pm-e2e-seeded')) {
        localStorage.setItem('accessToken', token);
        localStorage.setItem('userFeatures', JSON.stringify(features));
        sessionStorage.setItem('pm-e2e-seeded', '1');
      }
    },
    { token: data.access_token, features: data.user_features },
  );
  return data.access_token;
}

/**
 * Tops the account up through the real payment path without the UI: create the deposit, press Pay on the
 * sandbox checkout (which delivers the signed webhook), and wait for the payment to turn paid.
 */
export async function topUp(request: APIRequestContext, accessToken: string, userId: string, amount: number, apiUrl = API_URL): Promise<void> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const created = await request.post(`${apiUrl}/api/v1/deposit`, { headers, data: { user_id: userId, amount } });
  if (!created.ok()) throw new Error(`deposit answered ${created.status()}: ${await created.text()}`);
  const { data: payment } = (await created.json()) as { data: { payment_id: string; checkout_url: string } };
  const paid = await request.post(`${payment.checkout_url}/pay`, { form: { lang: 'vi' }, maxRedirects: 0 });
  if (paid.status() !== 303) throw new Error(`sandbox pay answered ${paid.status()}: ${await paid.text()}`);
  const status = await request.get(`${apiUrl}/api/v1/payment-status/${payment.payment_id}?user_id=${encodeURIComponent(userId)}`, { headers });
  const { data } = (await status.json()) as { data: { status: string } };
  if (data.status !== 'paid') throw new Error(`the top-up is ${data.status}, not paid`);
}

/** The user id inside an access token (its JWT payload), for calls that name the user. */
export function userIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { userId: string }).userId;
}

/** Uploads a text document through the real endpoint (multipart), as the file manager does. */
export async function uploadDocument(request: APIRequestContext, accessToken: string, collection: string, name: string, text: string, apiUrl = API_URL): Promise<void> {
  const response = await request.post(`${apiUrl}/api/v1/documents/upload`, {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: { user_id: userIdOf(accessToken), collection_name: collection, language: 'vi', file: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } },
  });
  if (!response.ok()) throw new Error(`upload answered ${response.status()}: ${await response.text()}`);
}
