import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../jobs/index.js';

/* The job queue's tests: jobs written straight into the table, the index entries a statement reads, queue names. */

/** `count` waiting jobs of `owner` in `queue` at turns `first`…, as that many enqueues leave them. */
export const waitingJobs = (app: FastifyInstance, queue: string, owner: string, first: number, count: number) =>
  app.db.orm.execute(sql`insert into jobs (id, queue, payload, dedupe_key, priority, owner, turn, status, max_attempts, run_at, created_at, updated_at)
    select gen_random_uuid(), ${queue}, '{}'::jsonb, ${owner} || ':' || n, 0, ${owner}, ${first} - 1 + n, 'queued', 3, now(), now(), now()
    from generate_series(1, ${count}::int) as n`);

/**
 * Index entries of `jobs` that `work` read, in a transaction of its own. The counts of a connection's earlier
 * transactions may not have been flushed yet (at most once a second): the difference is this transaction's.
 */
export const indexEntriesRead = (app: FastifyInstance, work: (tx: Transaction) => Promise<unknown>) =>
  app.db.orm.transaction(async (tx) => {
    const read = async () => {
      const counted = await tx.execute<{ n: number }>(
        sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0)::int as n from pg_index where indrelid = 'jobs'::regclass`,
      );
      return counted.rows[0]?.n ?? 0;
    };
    const before = await read();
    await work(tx);
    return (await read()) - before;
  });

let queueCounter = 0;
/** A queue name no other test uses, so each test sees only its own jobs. */
export const freshQueue = (label: string) => `test.${label}.${(queueCounter += 1)}`;
