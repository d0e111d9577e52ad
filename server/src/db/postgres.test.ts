import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPostgres, type TestPostgres } from '../test/databases.js';
import { recoverBrokenConnections } from './postgres.js';

/**
 * A database that cuts connections (a restart, a failover) must not crash the API or drain its pool — what the
 * webhook burst bench (`bench/webhook-burst.ts`) found before these guards existed.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections cut by the server', () => {
  let database: TestPostgres;
  let admin: pg.Client;
  const errors: Error[] = [];

  const terminate = async (pid: number) => {
    await admin.query('select pg_terminate_backend($1)', [pid]);
    // The terminated backend's notice reaches the client asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 200));
  };
  const backendPid = async (query: (text: string) => Promise<{ rows: { pid: number }[] }>) => (await query('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;

  beforeAll(async () => {
    database = await createTestPostgres();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.drop();
  });

  function guardedPool(max: number) {
    const pool = new pg.Pool({ connectionString: database.url, max, connectionTimeoutMillis: 5_000 });
    recoverBrokenConnections(pool, (error) => errors.push(error));
    return pool;
  }

  it('a connection cut inside a transaction fails that transaction only; the pool serves the next one', async () => {
    const pool = guardedPool(1);
    const orm = drizzle({ client: pool });
    const failed = orm.transaction(async (tx) => {
      const pid = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid ?? 0;
      await terminate(pid);
      await tx.execute(sql`select 1`);
    });
    await expect(failed).rejects.toThrow();
    const after = await orm.transaction(async (tx) => (await tx.execute<{ one: number }>(sql`select 1 as one`)).rows[0]?.one);
    expect(after).toBe(1);
    // The guard hears of the cut from the idle connection's error event, which a loaded machine may deliver late.
    await vi.waitFor(() => expect(errors.some((error) => /terminat/i.test(error.message))).toBe(true), { timeout: 10_000 });
    await pool.end();
  });

  it('a checkout whose first statement (`begin`) fails on a cut connection goes back to the pool', async () => {
    const pool = guardedPool(1);
    const client = await pool.connect();
    await terminate(await backendPid((text) => client.query(text)));
    await expect(client.query('begin')).rejects.toThrow();
    // drizzle-orm 0.45 never releases after a failed begin; with one connection, a leak would time this out.
    const next = await pool.connect();
    expect(await backendPid((text) => next.query(text))).toBeGreaterThan(0);
    next.release();
    // The caller's own release after the guard released is harmless.
    client.release();
    await pool.end();
  });

  it('a query cut while it runs releases its checkout at once, before the client has seen its socket close', async () => {
    const pool = guardedPool(1);
    const client = await pool.connect();
    const pid = await backendPid((text) => client.query(text));
    // The outcome is taken at once: the query fails while the terminate call is still being awaited.
    const outcome = client.query('select pg_sleep(30)').then(
      () => undefined,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await admin.query('select pg_terminate_backend($1)', [pid]);
    expect(await outcome).toBeInstanceOf(Error);
    // The caller never releases (as drizzle after a failed begin): the guard did, so the pool has room.
    const next = await pool.connect();
    expect(await backendPid((text) => next.query(text))).not.toBe(pid);
    next.release();
    await pool.end();
  });
});
