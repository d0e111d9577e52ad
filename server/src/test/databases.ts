import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database.js';
import { openPglite } from '../db/pglite.js';

export type TestDatabaseKind = Database['kind'];

/** The engines every API suite runs on: PGlite always, PostgreSQL too when `TEST_DATABASE_URL` is set. */
export const testDatabases: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A migrated PGlite, dumped once per test file: loading the dump takes ~0.5 s where a fresh initdb takes
 * seconds (docs/architecture.md §6).
 */
export function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const template = await openPglite({ dataDir: 'memory://' });
    try {
      await template.migrate();
      return await template.dumpDataDir();
    } finally {
      await template.close();
    }
  })();
  return pgliteTemplate;
}

export async function openTestPglite(): Promise<Database> {
  return openPglite({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate() });
}

export interface TestPostgres {
  url: string;
  /** Drops the database; call after the app using it has closed its pool. */
  drop(): Promise<void>;
}

/** A database of its own on the `TEST_DATABASE_URL` server, so parallel files and runs never collide. */
export async function createTestPostgres(): Promise<TestPostgres> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pagemate_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`)),
  };
}

async function withAdmin(adminUrl: string, run: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}
