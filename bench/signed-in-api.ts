/**
 * The API beside a composed build for the benches that measure the app signed in: `server/src/main.ts` started as
 * `npm start -w server` starts it, on a throw-away PostgreSQL database (the local one, or BENCH_DATABASE_URL's server;
 * the embedded database when none answers, slower to start), allowing the shell's origin; accounts made through
 * its HTTP API the way the sign-up page makes them (the email code read from the server's log).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, postgresAdminUrl, serverEnv, startProcess, type ScratchDatabase } from './server-harness.ts';
import { ROOT, serveComposedBuild, sleep } from './support.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.ts';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { matchRoute, STORAGE_KEYS } from '@pagemate/shared-contracts/contracts';

export interface BenchAccount {
  username: string;
  password: string;
}

export interface SignedInApi {
  url: string;
  /** A new account of that type, through verify_email and register_account. */
  signUp(accountType: 'user' | 'partner'): Promise<BenchAccount>;
  /** The login answer: a fresh access token and the account's features. */
  login(account: BenchAccount): Promise<{ access_token: string; user_features: string[] }>;
  stop(): Promise<void>;
}

/**
 * A new phone-sized browser context (empty cache and storage) signed in as the shell's start-up reads it: the
 * access token and the features in localStorage, as "remember me" keeps them.
 */
export async function signedInPhoneContext(
  browser: Browser,
  login: { access_token: string; user_features: string[] },
  viewport = { width: 390, height: 844 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, isMobile: true, deviceScaleFactor: 2 });
  await context.addInitScript(
    ({ keys, token, features }) => {
      localStorage.setItem(keys.accessToken, token);
      localStorage.setItem(keys.userFeatures, JSON.stringify(features));
    },
    { keys: { accessToken: STORAGE_KEYS.accessToken, userFeatures: STORAGE_KEYS.userFeatures }, token: login.access_token, features: login.user_features },
  );
  return context;
}

/**
 * Opens `url` in a new page of `context` under a 4× CPU throttle (Lighthouse's phone; `rate` sets another), with `script` run before the
 * page's own scripts, and returns once the page's main landmark is drawn, the network idle and a second more past.
 */
export async function openThrottled(context: BrowserContext, url: string, script: () => void, rate = 4): Promise<Page> {
  // tsx names functions through a `__name` helper the page lacks.
  await context.addInitScript({ content: `var __name = (f) => f; (${script.toString()})();` });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url);
  await page.locator('main').first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  await sleep(1000);
  return page;
}

async function post(url: string, body: object): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} → ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

export async function startSignedInApi(port: number, shellOrigin: string): Promise<SignedInApi> {
  const logFile = join(mkdtempSync(join(tmpdir(), 'pagemate-bench-api-')), 'api.log');
  const database: ScratchDatabase | undefined = await createDatabase(postgresAdminUrl(), 'pagemate_lighthouse').catch(() => undefined);
  const env = serverEnv(port, database ?? { pgliteDir: mkdtempSync(join(tmpdir(), 'pagemate-bench-db-')) }, { CORS_ORIGINS: shellOrigin, SHELL_URL: shellOrigin });
  const server = await startProcess(join(ROOT, 'server', 'src', 'main.ts'), join(ROOT, 'server'), env, logFile).catch(async (error: unknown) => {
    await database?.drop();
    throw error;
  });
  let count = 0;

  async function emailCode(email: string): Promise<string> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      for (const line of readFileSync(logFile, 'utf8').split('\n').reverse()) {
        if (!line.includes(email)) continue;
        const entry = JSON.parse(line) as { email?: string; purpose?: string; code?: string };
        if (entry.email === email && entry.purpose === 'register' && entry.code) return entry.code;
      }
      if (Date.now() > deadline) throw new Error(`no register code for ${email} in ${logFile}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url: server.url,
    async signUp(accountType) {
      count += 1;
      const id = `${process.pid}${count}${Date.now().toString(36)}`;
      const account = { username: `bench_${accountType}_${id}`, password: `Bánh-mì-${id}-nóng!` };
      const email = `bench.${accountType}.${id}@example.vn`;
      await post(`${server.url}/verify_email`, { user_email: email });
      const code = await emailCode(email);
      await post(`${server.url}/register_account`, { user_name: account.username, user_pass: account.password, user_email: email, verification_code: code, account_type: accountType });
      return account;
    },
    async login(account) {
      const answer = (await post(`${server.url}/login`, { username: account.username, password: account.password })) as { data: { access_token: string; user_features: string[] } };
      return answer.data;
    },
    async stop() {
      await server.stop();
      await database?.drop();
    },
  };
}

/** Who opens a route in the benches: a partner for the route table's partner routes, a user for the rest. */
export function benchRoleOf(pathname: string): 'user' | 'partner' {
  return matchRoute(pathname)?.audience === 'partner' ? 'partner' : 'user';
}

/** What the start-up benches run on: the composed build served, a signed-in API beside it, Debian's Chromium. */
export interface StartUpRig {
  /** The shell's origin. */
  url: string;
  api: SignedInApi;
  browser: Browser;
  /** The servers first: a browser that fails to close must not leave them holding their ports. */
  close(): Promise<void>;
}

export async function startStartUpRig(basePort: number): Promise<StartUpRig> {
  const composed = await serveComposedBuild(basePort);
  const api = await startSignedInApi(basePort + 80, composed.url).catch((error: unknown) => (composed.close(), Promise.reject(error)));
  const stopServers = async () => {
    composed.close();
    await api.stop();
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }).catch(async (error: unknown) => {
    await stopServers();
    throw error;
  });
  return {
    url: composed.url,
    api,
    browser,
    async close() {
      await stopServers();
      await browser.close().catch(() => undefined);
    },
  };
}
