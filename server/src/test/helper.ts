import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { WEBHOOK_PATH } from '../meta/webhook-events.js';
import { INBOX_EVENT_QUEUE } from '../plugins/app/inbox/inbox-receipt.js';
import { createTestPostgres, openTestPglite, type TestDatabaseKind } from './databases.js';

export { testDatabases, type TestDatabaseKind } from './databases.js';

/** Generous: a cold PGlite template plus the app boot can take several seconds on a busy machine. */
export const BOOT_TIMEOUT_MS = 60_000;

export interface TestApp {
  app: FastifyInstance;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** PostgreSQL only: the database's URL, for a second instance on the same data (`TestAppOptions.databaseUrl`). */
  databaseUrl?: string;
  /** Closes the app and throws its database away (unless it was another app's). */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment on top of the test defaults, e.g. `{ CORS_ORIGINS: '…' }`. */
  env?: Record<string, string>;
  /** Test-only routes, registered after the app's own. */
  extraRoutes?: FastifyPluginAsync[];
  /** A clock the test moves (see `ManualClock`). */
  clock?: BuildAppOptions['clock'];
  /** Captures email instead of logging codes. */
  mailTransport?: BuildAppOptions['mailTransport'];
  /** The rate limits' time in ms, for a test that moves it (sign-in backoff). */
  rateLimitNow?: BuildAppOptions['rateLimitNow'];
  /**
   * Outbound HTTP of the app. Default: requests to the app's own PUBLIC_API_URL (the Meta sandbox, the webhook)
   * go to `app.inject` — no port is opened — and anything else fails (tests never reach the internet).
   */
  fetch?: BuildAppOptions['fetch'];
  /**
   * PostgreSQL only: run on this existing database (another TestApp's `databaseUrl`) instead of a new one — two
   * instances of the app sharing one database. Closing this app leaves the database to its owner.
   */
  databaseUrl?: string;
}

/**
 * A fetch that serves `publicApiUrl/...` from the app itself through `inject`. A webhook it delivers (the sandbox's)
 * is recorded in the inbox before it returns: the events' `inbox.event` jobs run after the 200, as a worker would.
 */
export function injectingFetch(getApp: () => FastifyInstance | undefined, publicApiUrl: string): NonNullable<BuildAppOptions['fetch']> {
  return async (input, init = {}) => {
    const app = getApp();
    if (!app || !input.startsWith(`${publicApiUrl}/`)) throw new TypeError(`fetch failed: ${new URL(input).origin} is not reachable in tests`);
    const url = new URL(input);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    if (url.pathname === WEBHOOK_PATH && response.statusCode === 200) await app.jobs.runDue([INBOX_EVENT_QUEUE]);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers: responseHeaders });
  };
}

/** A full app on a real, empty, migrated database of the given engine (docs/architecture.md §5). */
export async function buildTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const logs: Record<string, unknown>[] = [];
  const logDestination = { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) };
  // Jobs run only when a test calls `app.jobs.runDue()`; uploads go to a directory of this app alone.
  const filesDir = path.join(tmpdir(), `pagemate-test-files-${process.pid}-${randomBytes(6).toString('hex')}`);
  const removeFiles = () => rm(filesDir, { recursive: true, force: true });
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'info', JOBS_POLL_INTERVAL_MS: '0', FILES_DIR: filesDir, ...options.env };
  let built: FastifyInstance | undefined;
  const publicApiUrl = loadConfig(env).publicApiUrl;
  const extras = {
    extraRoutes: options.extraRoutes,
    clock: options.clock,
    mailTransport: options.mailTransport,
    rateLimitNow: options.rateLimitNow,
    fetch: options.fetch ?? injectingFetch(() => built, publicApiUrl),
    graphBackoffMs: 0,
  };

  if (kind === 'pglite') {
    const config = loadConfig({ ...env, PGLITE_DATA_DIR: 'memory://' });
    const app = await buildApp({ config, database: await openTestPglite(), logDestination, ...extras });
    built = app;
    return { app, logs, close: () => app.close().finally(removeFiles) };
  }

  if (options.databaseUrl) {
    const config = loadConfig({ ...env, DATABASE_URL: options.databaseUrl });
    const app = await buildApp({ config, logDestination, ...extras });
    built = app;
    return { app, logs, databaseUrl: options.databaseUrl, close: () => app.close().finally(removeFiles) };
  }

  const database = await createTestPostgres();
  try {
    const config = loadConfig({ ...env, DATABASE_URL: database.url });
    const app = await buildApp({ config, logDestination, ...extras });
    built = app;
    return {
      app,
      logs,
      databaseUrl: database.url,
      close: async () => {
        await app.close();
        await Promise.all([database.drop(), removeFiles()]);
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
