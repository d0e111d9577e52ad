import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { DB_CASING } from './casing.js';
import { lockDataDir } from './data-dir-lock.js';
import { analyzeSql, type Database, GROWN_TABLES_SQL, type PreparedStatement } from './database.js';
import { migrationConfig } from './migrations.js';
import * as schema from './schema/index.js';

export interface PgliteOptions {
  /** A directory (created if missing) or `memory://`. */
  dataDir: string;
  /** A `dumpDataDir()` tarball to start from: tests reuse a migrated template instead of a slow initdb. */
  loadDataDir?: Blob;
}

export interface PgliteDatabase extends Database {
  /** The whole data directory as a tarball, for `loadDataDir` (a migrated template for tests). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Settings of the one session every statement runs in. A new WAL segment is not first filled with 16 MB of
 * zeros (PostgreSQL then writes only its last byte, as on copy-on-write file systems): the index job's 60,000-row
 * workbook writes ≈40–60 MB of WAL, and each segment's zeros were written 8 kB at a time into a file the engine's
 * in-memory file system grows by copying, ≈15 % of storing its passages. The WAL's records are the same.
 */
const SESSION_SETTINGS = 'set wal_init_zero = off';

/** The embedded database: PostgreSQL compiled to WebAssembly, one connection, in this process. */
export async function openPglite({ dataDir, loadDataDir }: PgliteOptions): Promise<PgliteDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const unlock = inMemory ? async () => undefined : await lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    await unlock();
    throw error;
  }
  try {
    await client.exec(SESSION_SETTINGS);
  } catch (error) {
    await client.close().finally(unlock);
    throw error;
  }
  const orm = drizzle({ client, schema, casing: DB_CASING });
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    orm,
    migrate: () => migrate(orm, migrationConfig),
    ping: async () => {
      await orm.execute(sql`select 1`);
    },
    query: async <Row extends Record<string, unknown>>(statement: PreparedStatement, values: readonly unknown[]) =>
      (await client.query<Row>(statement.text, [...values])).rows,
    executeWithText: async (build, text, values) =>
      (await client.query(build(`pg_read_file('/dev/blob')`), [...values], { blob: new Blob([text]) })).affectedRows ?? 0,
    inTransaction: (run) =>
      client.transaction((tx) =>
        run({ query: async <Row extends Record<string, unknown>>(statement: PreparedStatement, values: readonly unknown[]) => (await tx.query<Row>(statement.text, [...values])).rows }),
      ),
    async analyzeGrown(tables) {
      const grown = (await client.query<{ name: string }>(GROWN_TABLES_SQL, [[...tables]])).rows.map((row) => row.name);
      if (grown.length > 0) await client.exec(analyzeSql(grown));
      return grown;
    },
    close: () => (closing ??= client.close().finally(unlock)),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
