import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DB_CASING } from './casing.js';
import type { Database } from './database.js';
import { migrationConfig } from './migrations.js';
import * as schema from './schema/index.js';

/** Any constant works; it only has to be the same in every instance of the server. */
const MIGRATION_LOCK_ID = 7_346_021;

export interface PostgresOptions {
  connectionString: string;
  /** Errors of idle pooled connections (server restart, network): logged, not fatal. */
  onIdleError: (error: Error) => void;
}

/** A PostgreSQL server through a node-postgres pool; several server instances may share it. */
export async function openPostgres({ connectionString, onIdleError }: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString });
  pool.on('error', onIdleError);
  const orm = drizzle({ client: pool, schema, casing: DB_CASING });
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    orm,
    migrate: async () => {
      // Instances starting together would race on the migrations table; a session lock serialises them.
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzle({ client, casing: DB_CASING }), migrationConfig);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch((error: unknown) => {
          broken = error instanceof Error ? error : new Error(String(error));
        });
        // A connection whose unlock failed may still hold the lock: destroy it rather than pool it.
        client.release(broken);
      }
    },
    ping: async () => {
      await orm.execute(sql`select 1`);
    },
    close: () => (closing ??= pool.end()),
  };
}
