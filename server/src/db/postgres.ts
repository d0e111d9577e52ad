import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DB_CASING } from './casing.js';
import { analyzeSql, type Database, GROWN_TABLES_SQL, type PreparedStatement } from './database.js';
import { migrationConfig } from './migrations.js';
import * as schema from './schema/index.js';

/** Any constant works; it only has to be the same in every instance of the server. */
const MIGRATION_LOCK_ID = 7_346_021;

/** A text `executeWithText` is given as UTF-8 goes to the server as the text parameter it was. */
const utf8 = new TextDecoder();

export interface PostgresOptions {
  connectionString: string;
  /** Errors of pooled connections (server restart, network, a cut connection): logged, not fatal. */
  onIdleError: (error: Error) => void;
}

/** How long a request waits for a pooled connection before it fails (a 5xx Meta and clients retry) rather than hang. */
const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * SQLSTATEs and socket errors that mean the connection itself is gone: the server shut it down (57P01 admin,
 * 57P02 crash, 57P03 cannot connect now) or the link broke (class 08). The failing query often reports one of these
 * before the client has seen its socket close, so the client's own state cannot be waited for.
 */
const CONNECTION_LOST = /^(57P0[123]|08\w{3}|ECONNRESET|EPIPE|ETIMEDOUT)$/;

/** The connection of `client` is unusable: the error says so, or pg-pool's own check (pg keeps the fields private). */
function isBroken(client: pg.PoolClient, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONNECTION_LOST.test(code)) return true;
  if (error instanceof Error && /Connection terminated|not queryable/i.test(error.message)) return true;
  const state = client as unknown as { _queryable?: boolean; _ending?: boolean };
  return state._queryable === false || state._ending === true;
}

/**
 * Connections the database cut (a restart, a failover, `pg_terminate_backend`) must leave the pool, not leak:
 * - a client checked out keeps an 'error' listener (pg-pool removes its own on checkout), so a connection cut
 *   between two statements of a transaction is an error of that transaction, not an unhandled 'error' event
 *   that ends the process;
 * - a promise-style checkout whose query fails on a broken connection is released at once: drizzle-orm 0.45
 *   sends `begin` before the try/finally that releases, so a failed `begin` would otherwise keep the client
 *   checked out forever and, ten of those later, every request would wait on an empty pool. Releasing is made
 *   idempotent for that checkout, so drizzle's own release afterwards is harmless.
 */
export function recoverBrokenConnections(pool: pg.Pool, onError: (error: Error) => void): void {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const connect = pool.connect.bind(pool);
  const guardedConnect = async (): Promise<pg.PoolClient> => {
    const client = await connect();
    const poolRelease = client.release;
    const query = client.query;
    let released = false;
    const release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.query = query;
      poolRelease(error);
    };
    client.release = release;
    client.query = function guardedQuery(this: pg.PoolClient, ...args: unknown[]) {
      const result: unknown = Reflect.apply(query, this, args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (isBroken(client, error)) release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    } as typeof client.query;
    return client;
  };
  // pool.query() checks out with a callback and releases by itself; only promise checkouts are guarded.
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) => (callback ? connect(callback) : guardedConnect())) as pg.Pool['connect'];
}

/** A PostgreSQL server through a node-postgres pool; several server instances may share it. */
export async function openPostgres({ connectionString, onIdleError }: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
  recoverBrokenConnections(pool, onIdleError);
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
    query: async <Row extends Record<string, unknown>>(statement: PreparedStatement, values: readonly unknown[]) =>
      (await pool.query<Row>({ name: statement.name, text: statement.text, values: [...values] })).rows,
    executeWithText: async (build, text, values) =>
      (await pool.query(build(`$${values.length + 1}::text`), [...values, typeof text === 'string' ? text : utf8.decode(text)])).rowCount ?? 0,
    inTransaction: async (run) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await run({
          query: async <Row extends Record<string, unknown>>(statement: PreparedStatement, values: readonly unknown[]) =>
            (await client.query<Row>({ name: statement.name, text: statement.text, values: [...values] })).rows,
        });
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped, not pooled mid-transaction.
        await client.query('rollback').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async analyzeGrown(tables) {
      const grown = (await pool.query<{ name: string }>(GROWN_TABLES_SQL, [[...tables]])).rows.map((row) => row.name);
      if (grown.length > 0) await pool.query(analyzeSql(grown));
      return grown;
    },
    close: () => (closing ??= pool.end()),
  };
}
