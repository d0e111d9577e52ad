/**
 * What the load benches share: the API started as `npm start -w server` starts it (a child process running
 * server/src/main.ts under tsx, configured by environment), a shop set up through the real HTTP API (sign-up,
 * sandbox Facebook connect, a subscribed page, a credit, a document), throw-away PostgreSQL databases, and
 * Meta-signed webhook deliveries. Everything listens on 127.0.0.1 only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Options } from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { documentChunks, documentFiles } from '../server/src/db/schema/index.ts';
import { passageVector } from '../server/src/documents/search-vector.ts';
import { hubSignature, metaJson } from '../server/src/meta-sandbox/webhook-payload.ts';
import { ROOT } from './support.ts';

/** Lan's bakery in the Meta sandbox (demo account 100090000000001); each shop connects a copy with its own id. */
const BAKERY_DEMO_PAGE = '109000000000011';
const DEMO_ACCOUNT = '100090000000001';
const PASSWORD = 'Bánh-mì-nóng-giòn-2026!';

/**
 * The PostgreSQL server a bench creates its scratch databases on: BENCH_DATABASE_URL or TEST_DATABASE_URL, else the
 * local one the CI uses (`.ci/run`).
 */
export function postgresAdminUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the admin URL's server, dropped (with force) afterwards. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withClient(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => withClient(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(() => undefined) };
}

/** The server's environment for one run: a database, a port, its own files directory. */
export function serverEnv(port: number, database: { url: string } | { pgliteDir: string }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // Production mode on the built-in stand-ins (demo pages, sandbox payments, codes read from the log), said
    // out loud as production requires.
    META_SANDBOX: 'true',
    PAYMENTS_SANDBOX: 'true',
    EMAIL_CODES_IN_LOG: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_API_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    // A burst of 1,000 answers is far more than a shop spends in a day; the caps are not what is measured.
    DAILY_SPEND_CAP_USER_VND: '1000000000',
    DAILY_SPEND_CAP_PAGE_VND: '1000000000',
    FILES_DIR: mkdtempSync(join(tmpdir(), 'pagemate-bench-files-')),
    ...('url' in database ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: database.pgliteDir }),
    ...extra,
  };
}

export interface Shop {
  userId: string;
  /** The shop's copy of the demo bakery, subscribed to messages. */
  pageId: string;
  accessToken: string;
  appSecret: string;
}

async function call(base: string, method: 'GET' | 'POST', path: string, body?: object, token?: string): Promise<unknown> {
  const response = await fetch(`${base}/${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /${path} → ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/**
 * A shop as a user makes one, through the HTTP API of an app built in this process on the bench's database
 * (the same secrets, kept in the database, then serve the child server): sign-up with the logged email code,
 * sign-in, the sandbox Facebook connect popup, the bakery subscribed to messages, `credits` deposits and a
 * price list document. The app is closed before the measured server starts on the same database.
 */
export async function prepareShop(env: Record<string, string>, credits: number[]): Promise<Shop> {
  const logs: Record<string, unknown>[] = [];
  const app = await buildApp({
    config: loadConfig({ ...env, NODE_ENV: 'development', JOBS_POLL_INTERVAL_MS: '0' }),
    logDestination: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  });
  try {
    const base = env.PUBLIC_API_URL ?? '';
    await app.listen({ host: '127.0.0.1', port: Number(env.PORT) });
    const suffix = `${process.pid}${randomBytes(3).toString('hex')}`;
    const username = `bench_${suffix}`;
    const email = `bench.${suffix}@example.vn`;
    await call(base, 'POST', 'verify_email', { user_email: email });
    const code = logs.findLast((line) => line.email === email && line.purpose === 'register')?.code;
    await call(base, 'POST', 'register_account', { user_name: username, user_pass: PASSWORD, user_email: email, verification_code: String(code), account_type: 'user' });
    const login = (await call(base, 'POST', 'login', { username, password: PASSWORD })) as { data: { access_token: string } };
    const accessToken = login.data.access_token;
    const [, claims = ''] = accessToken.split('.');
    const userId = String((JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { userId: string }).userId);

    // The connect popup: connect-url → sandbox dialog → "allow" for the demo account → redirect → connect page.
    const connect = (await call(base, 'POST', 'api/v1/facebook/connect-url', { user_id: userId }, accessToken)) as { data: { url: string } };
    const dialog = new URL(connect.data.url);
    const form = new URLSearchParams({
      client_id: dialog.searchParams.get('client_id') ?? '',
      redirect_uri: dialog.searchParams.get('redirect_uri') ?? '',
      state: dialog.searchParams.get('state') ?? '',
      scope: dialog.searchParams.get('scope') ?? '',
      decision: 'allow',
      account: DEMO_ACCOUNT,
    });
    const picked = await fetch(`${base}${dialog.pathname}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    const location = picked.headers.get('location');
    if (picked.status !== 303 || !location) throw new Error(`sandbox dialog answered ${picked.status}`);
    const landing = await fetch(new URL(location, base));
    if (!landing.ok) throw new Error(`connect page answered ${landing.status}`);
    // The connect page hands code and state to the page manager, which completes under the user's session.
    const message = /var message = (.*);\n/.exec(await landing.text())?.[1];
    const handOff = JSON.parse(message ?? '{}') as { code?: string; state?: string };
    await call(base, 'POST', 'api/v1/facebook/connect-complete', { user_id: userId, code: handOff.code, state: handOff.state }, accessToken);
    const pageId = app.metaSandbox.pageIdOf(userId, BAKERY_DEMO_PAGE);
    await call(base, 'POST', 'api/v1/facebook/subscribed', { user_id: userId, page_id: pageId, page_access_token: 'x', type: 'messages', action: 'subscribe' }, accessToken);

    for (const [i, amount] of credits.entries()) await app.ledger.credit(userId, amount, `bench-credit-${suffix}-${i}`, 'deposit');
    // The price list as the index job leaves it (bench/documents.ts measures the upload itself).
    const passages = [
      'Bánh mì thịt nướng giá 25.000đ một ổ. Bánh mì chả cá giá 20.000đ.',
      'Đặt hàng qua số 0912 345 678. Giao hàng miễn phí trong bán kính 3 km. Mở cửa từ 6 giờ sáng đến 9 giờ tối.',
    ];
    const fileId = randomUUID();
    const now = new Date();
    await app.db.orm.insert(documentFiles).values({
      id: fileId, userId, collectionName: 'Tài liệu', fileName: 'bang-gia.txt', storedName: `${fileId}.bin`, extension: 'txt', kind: 'text',
      sizeBytes: passages.join('\n').length, language: 'vi', status: 'ready', chunkCount: passages.length, createdAt: now, updatedAt: now,
    });
    await app.db.orm.insert(documentChunks).values(
      passages.map((text, ordinal) => ({ id: randomUUID(), fileId, userId, ordinal, text, locator: `paragraph ${ordinal + 1}`, tsv: passageVector({ text }) })),
    );
    return { userId, pageId, accessToken, appSecret: app.meta.appSecret };
  } finally {
    await app.close();
  }
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  /** Set once the process ended (a crash when the bench did not stop it). */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Last lines of stderr (a crash's stack). */
  stderrTail(): string;
  stop(): Promise<void>;
}

/** CPU time (user + system) of a process so far, ms (Linux /proc; NaN elsewhere). */
export function cpuTimeMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts a server script as `npm start -w server` does (node + tsx) and resolves once `GET /health` answers 200.
 * Its stdout (JSON log lines) goes straight to `logFile` (the child writes the file itself), or nowhere. Not
 * through a pipe this process reads: the server writes its log synchronously, and a pipe left full while this
 * process is busy driving the load (autocannon runs here) would stall the server on its log writes.
 */
export async function startProcess(script: string, cwd: string, env: Record<string, string>, logFile?: string, preload: string[] = []): Promise<RunningServer> {
  const logFd = logFile ? openSync(logFile, 'w') : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', logFd ?? 'ignore', 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  const server: RunningServer = {
    child,
    url,
    exit: undefined,
    stderrTail: () => stderr,
    stop: async () => {
      if (server.exit) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  child.once('exit', (code, signal) => {
    server.exit = { code, signal };
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exit) throw new Error(`${script} exited (${server.exit.code ?? server.exit.signal}) before answering: ${stderr}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`${script} did not answer /health within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const startApi = (env: Record<string, string>, logFile?: string, preload: string[] = []) => startProcess('src/main.ts', join(ROOT, 'server'), env, logFile, preload);

/** One Messenger message to the page, as Meta's `messages` webhook carries it (escaped JSON + signature). */
export function signedMessage(appSecret: string, pageId: string, psid: string, mid: string, text: string): { body: string; signature: string } {
  const ms = Date.now();
  const body = metaJson({
    object: 'page',
    entry: [{ id: pageId, time: ms, messaging: [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: ms, message: { mid, text } }] }],
  });
  return { body, signature: hubSignature(appSecret, body) };
}

/**
 * autocannon's requests for `POST /webhook`: each a new signed Messenger message (mid `${midPrefix}_${pid}_${n}`,
 * one of 100 customers). Create it once per run: every request from it, whatever server it goes to, is new.
 */
export function newMessageRequests(shop: { appSecret: string; pageId: string }, midPrefix: string): NonNullable<Options['requests']> {
  let serial = 0;
  return [
    {
      method: 'POST',
      path: '/webhook',
      setupRequest: (request) => {
        serial += 1;
        const psid = `7${String(serial % 100).padStart(15, '0')}`;
        const { body, signature } = signedMessage(shop.appSecret, shop.pageId, psid, `${midPrefix}_${process.pid}_${serial}`, 'Bánh mì thịt nướng giá bao nhiêu?');
        return { ...request, body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } };
      },
    },
  ];
}

export const freshDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
export const removeDir = (dir: string | undefined) => dir && rmSync(dir, { recursive: true, force: true });
