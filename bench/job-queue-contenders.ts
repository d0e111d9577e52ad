/**
 * The two job queues the job-queues bench compares, behind one `Contender` interface: ours
 * (server/src/jobs/job-queue.ts) and pg-boss run three ways (loops, batch, prefetch).
 */
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { pino } from 'pino';
import type { Database } from '../server/src/db/database.ts';
import { JobQueue } from '../server/src/jobs/job-queue.ts';
import { systemClock } from '../server/src/plugins/app/clock.ts';

/** Both queues poll every 0.5 s (pg-boss's minimum). */
export const POLL_MS = 500;
/** A claimed job's lease (pg-boss: `expireInSeconds`). */
export const LEASE_SECONDS = 3;
/** pg-boss "prefetch": jobs one fetch claims (all leased at once), of which `concurrency` run at a time. */
const PREFETCH = 64;

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

export interface Payload extends Record<string, unknown> {
  key: string;
}
export type Handler = (payload: Payload) => Promise<void>;
export interface EnqueueOptions {
  key?: string;
  /** pg-boss only: `singletonSeconds` beside the key (throttling). */
  throttle?: boolean;
  priority?: number;
  owner?: string;
}
export interface Instance {
  /** Graceful: stops claiming, waits for the running handlers. */
  stop(): Promise<void>;
  /** Claims nothing more and never finishes what it holds (its handlers hang): a stalled or dead instance. */
  abandon(): void;
}
/** A parameterised statement on the bench's database (the same one the queues use). */
export type Query = <Row extends Record<string, unknown>>(text: string, values?: unknown[]) => Promise<{ rows: Row[] }>;

export interface Contender {
  label: string;
  /** Creates the queues (pg-boss needs them before `send`); `policy` is pg-boss's queue policy. */
  prepare(queues: string[], policy?: 'standard' | 'short'): Promise<void>;
  /** Answers whether a job was created (false: deduplicated). */
  enqueue(queue: string, payload: Payload, options?: EnqueueOptions): Promise<boolean>;
  instance(name: string, handlers: Record<string, Handler>, options: { concurrency: number; supervise?: boolean }): Promise<Instance>;
  /** Jobs of a queue by state: done, failed, waiting (queued, retrying or running). */
  states(queue: string): Promise<{ done: number; failed: number; waiting: number }>;
  close(): Promise<void>;
}

// ─── ours ───

export function ours(db: Database, query: Query): Contender {
  const enqueuer = new JobQueue({ orm: db.orm, clock: systemClock, log, pollIntervalMs: 0, concurrency: 1 });
  return {
    label: 'ours (SKIP LOCKED)',
    prepare: async () => undefined,
    async enqueue(queue, payload, options = {}) {
      const { created } = await enqueuer.enqueue(queue, payload, {
        ...(options.key ? { dedupeKey: `${queue}:${options.key}` } : {}),
        ...(options.priority === undefined ? {} : { priority: options.priority }),
        ...(options.owner ? { owner: options.owner } : {}),
      });
      return created;
    },
    async instance(name, handlers, { concurrency }) {
      const queue = new JobQueue({ orm: db.orm, clock: systemClock, log, pollIntervalMs: POLL_MS, concurrency, leaseMs: LEASE_SECONDS * 1000, instanceId: `${name}-${randomBytes(3).toString('hex')}` });
      for (const [name, handler] of Object.entries(handlers)) queue.handle(name, (payload) => handler(payload as Payload));
      queue.start();
      return { stop: () => queue.stop(), abandon: () => void queue.stop() };
    },
    async states(queue) {
      const { rows } = await query<{ state: string; n: number }>('select status as state, count(*)::int as n from jobs where queue = $1 group by 1', [queue]);
      return tallyStates(rows, { done: ['done'], failed: ['failed'] });
    },
    close: async () => undefined,
  };
}

// ─── pg-boss ───

/** pg-boss's `db` option over PGlite: its schema scripts are several statements without parameters (`exec`). */
export function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

export function pgBoss(mode: 'loops' | 'batch' | 'prefetch', connection: () => PgBoss.DatabaseOptions, query: Query): Contender {
  const client = new PgBoss({ ...connection(), supervise: false, schedule: false });
  client.on('error', (error) => console.error(`pg-boss: ${error.message}`));
  let started: Promise<unknown> | undefined;
  return {
    label: `pg-boss 10 (${mode})`,
    async prepare(queues, policy = 'standard') {
      await (started ??= client.start());
      for (const name of queues) await client.createQueue(name, { name, policy, expireInSeconds: LEASE_SECONDS, retryLimit: 5, retryDelay: 1, retryBackoff: true });
    },
    async enqueue(queue, payload, options = {}) {
      const id = await client.send(queue, payload, {
        ...(options.key ? { singletonKey: options.key } : {}),
        ...(options.throttle ? { singletonSeconds: 3600 } : {}),
        ...(options.priority === undefined ? {} : { priority: options.priority }),
      });
      return id !== null;
    },
    async instance(_name, handlers, { concurrency, supervise = true }) {
      const boss = new PgBoss({ ...connection(), supervise, maintenanceIntervalSeconds: 1, schedule: false, migrate: false });
      boss.on('error', (error) => console.error(`pg-boss: ${error.message}`));
      await boss.start();
      const options = { pollingIntervalSeconds: POLL_MS / 1000 };
      for (const [queue, handler] of Object.entries(handlers)) {
        if (mode === 'loops') {
          for (let slot = 0; slot < concurrency; slot += 1) {
            await boss.work<Payload>(queue, { ...options, batchSize: 1 }, async ([job]) => {
              if (job) await handler(job.data);
            });
          }
        } else {
          // Each job completed or failed on its own as it ends; "prefetch" claims PREFETCH and runs `concurrency` at once.
          await boss.work<Payload>(queue, { ...options, batchSize: mode === 'batch' ? concurrency : PREFETCH }, async (jobs) => {
            let next = 0;
            const slot = async () => {
              for (let job = jobs[next++]; job; job = jobs[next++]) {
                try {
                  await handler(job.data);
                  await boss.complete(queue, job.id);
                } catch (error) {
                  await boss.fail(queue, job.id, { message: String(error) });
                }
              }
            };
            await Promise.all(Array.from({ length: concurrency }, slot));
          });
        }
      }
      return {
        stop: () => boss.stop({ graceful: true, wait: true, close: true }),
        abandon: () => {
          for (const queue of Object.keys(handlers)) void boss.offWork(queue);
        },
      };
    },
    async states(queue) {
      const { rows } = await query<{ state: string; n: number }>('select state::text as state, count(*)::int as n from pgboss.job where name = $1 group by 1', [queue]);
      return tallyStates(rows, { done: ['completed'], failed: ['failed', 'cancelled'] });
    },
    close: async () => {
      if (started) await client.stop({ graceful: false, wait: true, close: true });
    },
  };
}

export function tallyStates(rows: { state: string; n: number }[], names: { done: string[]; failed: string[] }) {
  const out = { done: 0, failed: 0, waiting: 0 };
  for (const { state, n } of rows) {
    if (names.done.includes(state)) out.done += Number(n);
    else if (names.failed.includes(state)) out.failed += Number(n);
    else out.waiting += Number(n);
  }
  return out;
}

export function makeContender(name: string, db: Database, query: Query, connection: () => PgBoss.DatabaseOptions): Contender {
  if (name === 'ours') return ours(db, query);
  if (name === 'pg-boss-loops') return pgBoss('loops', connection, query);
  if (name === 'pg-boss-batch') return pgBoss('batch', connection, query);
  if (name === 'pg-boss-prefetch') return pgBoss('prefetch', connection, query);
  throw new Error(`unknown contender ${name}`);
}
