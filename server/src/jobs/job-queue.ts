import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../db/database.js';
import { timeOrderedUuid } from '../db/ids.js';
import { jobs } from '../db/schema/index.js';
import type { Clock } from '../plugins/app/clock.js';
import { createJobStatements, type JobRow, type JobStatements } from './job-statements.js';

export type { JobRow } from './job-statements.js';

export type JobPayload = Record<string, unknown>;

/** A caller's drizzle transaction: a row and the job that processes it commit together. */
export type Transaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

/**
 * Claim order across queues, higher first. `interactive` jobs (a customer is waiting for the answer) may also use
 * the slots an instance keeps for them, so they never wait behind a backlog of `background` work.
 */
export const JOB_PRIORITY = { interactive: 100, scheduled: 50, background: 0 } as const;

export interface EnqueueOptions {
  /** The same work enqueued twice (a replayed webhook, a double click) is one job. */
  dedupeKey?: string;
  /** `JOB_PRIORITY.*` (default background). */
  priority?: number;
  /** Whose work it is (a user id): one owner's backlog in a queue is claimed in turns with other owners' jobs. */
  owner?: string;
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
}

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the lease runs out (another instance may take the job) or the app closes. */
  signal: AbortSignal;
}

/**
 * Runs one job. It may run more than once — a retry after a throw, or after its instance died mid-run — so it
 * must be idempotent. Throw to retry with backoff; throw a `PermanentJobError` to fail at once.
 */
export type JobHandler = (payload: JobPayload, context: JobContext) => Promise<void>;

/** A failure no retry can fix (bad payload, unreadable input): the job is marked failed at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface RunSummary {
  claimed: number;
  done: number;
  /** Failed this time, queued again for later. */
  retried: number;
  failed: number;
}

export interface JobQueueOptions {
  orm: Orm;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs; 0 = no worker (`runDue()` by hand). */
  pollIntervalMs: number;
  /** Jobs of any priority this instance runs at once. */
  concurrency: number;
  /** More jobs of `JOB_PRIORITY.interactive` or higher this instance runs at once, beside `concurrency` (default 0). */
  reservedConcurrency?: number;
  /** Names this instance in `locked_by` (default: a random id). */
  instanceId?: string;
  /** How long a claimed job is this instance's; past it, any instance may claim it again. */
  leaseMs?: number;
  /**
   * Whether requests of this instance are waiting for the event loop the worker shares with them (see
   * `requestsWaiting` in index.ts). While they are, the worker runs one job at a time and pauses `busyPauseMs`
   * between jobs, so a burst of webhooks is answered before the answers to it are written. Default: never.
   */
  busy?: () => boolean;
  /** The pause between jobs while `busy` (default `BUSY_PAUSE_MS`). */
  busyPauseMs?: number;
  /**
   * Refreshes the planner's statistics of those tables that grew (`Database.analyzeGrown`), called with `jobs` at
   * most every `statisticsCheckMs` while jobs are added (see `nudge`). Default: never.
   */
  analyzeGrown?: (tables: readonly string[]) => Promise<string[]>;
  /** Default `STATISTICS_CHECK_MS`. */
  statisticsCheckMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
/** Longer than any handler runs (a parse is cut at 20 s); a job still running past it is presumed dead. */
export const DEFAULT_LEASE_MS = 5 * 60_000;
/** Retry delays grow 2, 4, 8… seconds up to this, plus up to a quarter more at random (no thundering herd). */
export const MAX_BACKOFF_SECONDS = 3600;
const LAST_ERROR_MAX_CHARS = 2000;
/** Between two jobs while the instance's requests wait (`JobQueueOptions.busy`): the worker's share of a saturated loop stays small. */
export const BUSY_PAUSE_MS = 20;
/**
 * How often, at most, an instance that adds jobs looks whether `jobs` grew by a tenth since its statistics were taken.
 * On an empty table's statistics (PGlite has no autovacuum; a PostgreSQL server's may be off, or a minute away) the
 * planner takes the waiting jobs for none: the claim and every enqueue's turn then read and sort the whole backlog
 * instead of the first entries of an index.
 */
export const STATISTICS_CHECK_MS = 5_000;
/** `runDue()` stops after this many claim rounds even if handlers keep enqueueing due work. */
const RUN_DUE_MAX_ROUNDS = 100;

export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(2 ** attempt, MAX_BACKOFF_SECONDS) * 1000;
  return Math.round(base * (1 + random() * 0.25));
}

/** Slots of the worker: how many jobs at once, and the least priority a job needs to take one. */
interface Lane {
  size: number;
  minPriority: number | undefined;
  running: Set<Promise<unknown>>;
}

/**
 * Durable jobs in the `jobs` table, claimed with `FOR UPDATE SKIP LOCKED` so any number of instances on one
 * PostgreSQL run each job once. No transaction is held while a handler runs (PGlite has a single
 * connection): the claim stamps a lease, and completion only counts if this instance still holds it.
 *
 * Claims take the highest priority first, then the lowest turn (owners of a queue alternate: see `turnSql`),
 * then the oldest. The worker keeps `reservedConcurrency` slots for interactive jobs on top of `concurrency`.
 * Measured beside pg-boss (`bench/job-queues.ts`); why this queue stays: server/README.md, "Jobs".
 */
export class JobQueue {
  readonly instanceId: string;
  private readonly orm: Orm;
  private readonly statements: JobStatements;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly busy: () => boolean;
  private readonly busyPauseMs: number;
  private readonly analyzeGrown: ((tables: readonly string[]) => Promise<string[]>) | undefined;
  private readonly statisticsCheckMs: number;
  /** When this instance last looked at the statistics of `jobs` (`performance.now()`), and the look in flight. */
  private statisticsCheckedAt = Number.NEGATIVE_INFINITY;
  private statisticsCheck: Promise<void> | undefined;
  private readonly handlers = new Map<string, JobHandler>();
  /** Reserved slots first: an interactive job takes one of those before a shared one. */
  private readonly lanes: Lane[];
  private readonly closing = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private currentTick: Promise<void> | undefined;
  private ticking = false;
  private tickAgain = false;
  /** The timer is a pause between jobs while requests wait (`busy`): `nudge()` leaves it alone. */
  private pausing = false;
  private started = false;

  constructor(options: JobQueueOptions) {
    this.orm = options.orm;
    this.statements = createJobStatements(options.orm);
    this.clock = options.clock;
    this.log = options.log;
    this.pollIntervalMs = options.pollIntervalMs;
    this.concurrency = options.concurrency;
    this.lanes = [
      { size: options.reservedConcurrency ?? 0, minPriority: JOB_PRIORITY.interactive, running: new Set() },
      { size: options.concurrency, minPriority: undefined, running: new Set() },
    ];
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.busy = options.busy ?? (() => false);
    this.busyPauseMs = options.busyPauseMs ?? BUSY_PAUSE_MS;
    this.analyzeGrown = options.analyzeGrown;
    this.statisticsCheckMs = options.statisticsCheckMs ?? STATISTICS_CHECK_MS;
    this.instanceId = options.instanceId ?? `instance-${randomUUID()}`;
  }

  /**
   * Adds a job; with `tx`, inside the caller's transaction (then call `nudge()` after it commits). A
   * `dedupeKey` already used answers the existing job's id with `created: false`.
   */
  async enqueue(queue: string, payload: JobPayload, options: EnqueueOptions = {}, tx?: Transaction): Promise<{ id: string; created: boolean }> {
    const db = tx ?? this.orm;
    const now = this.clock.now();
    const id = timeOrderedUuid();
    const inserted = await db
      .insert(jobs)
      .values({
        id,
        queue,
        payload,
        dedupeKey: options.dedupeKey ?? null,
        priority: options.priority ?? JOB_PRIORITY.background,
        owner: options.owner ?? null,
        turn: this.turnSql(queue, options.owner === undefined ? null : sql`${options.owner}`, sql`${now.toISOString()}::timestamptz`),
        status: 'queued',
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        runAt: options.runAt ?? now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey })
      .returning({ id: jobs.id });
    if (inserted.length > 0) {
      if (!tx) this.nudge();
      return { id, created: true };
    }
    const [existing] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, options.dedupeKey ?? ''));
    if (!existing) throw new Error(`job with dedupe key ${options.dedupeKey ?? ''} vanished`);
    return { id: existing.id, created: false };
  }

  /**
   * The turn of an owner's next job in `queue`: one after the owner's last waiting job, and no earlier than the
   * round the queue is serving (the lowest turn running or due). Owners alternate: a newcomer's first job comes
   * right after the jobs of the current round, not after another owner's whole backlog. `owner` and `at` are SQL
   * (values or expressions of the enclosing statement).
   */
  private turnSql(queue: string, owner: SQL | null, at: SQL): SQL {
    const waiting = sql`${jobs.queue} = ${queue} and ${jobs.status} in ('queued', 'running')`;
    // The owner as a range of one value, ordered by owner then turn: only jobs_waiting_turns gives that order. With
    // `owner = …` the order is turn alone, and a planner whose statistics still show one owner reads
    // jobs_waiting_by_turn backwards instead, through every other owner's backlog above this owner's last turn.
    const ofOwner = owner === null ? sql`${jobs.owner} is null` : sql`${jobs.owner} >= ${owner} and ${jobs.owner} <= ${owner}`;
    // Two index lookups (jobs_waiting_turns, jobs_waiting_by_turn), not an aggregate over the queue's backlog.
    return sql`greatest(
      coalesce((select ${jobs.turn} from ${jobs} where ${waiting} and ${ofOwner} order by ${jobs.owner} desc, ${jobs.turn} desc limit 1), 0) + 1,
      coalesce((select ${jobs.turn} from ${jobs} where ${waiting} and (${jobs.status} = 'running' or ${jobs.runAt} <= ${at}) order by ${jobs.turn} limit 1), 0)
    )`;
  }

  /**
   * The job insert of a statement that records a row and queues its work in one round trip (a data-modifying
   * `WITH` part): one job of `queue`, due at once, for each row of `from` that `where` keeps; a `dedupeKey` already
   * used inserts nothing. Every part is SQL of the enclosing statement (placeholders, or columns of `from`).
   * Returns the new jobs' ids. Call `nudge()` after the statement.
   */
  insertSql(
    queue: string,
    parts: { id: SQL; payload: SQL; dedupeKey: SQL; owner: SQL; now: SQL; from: SQL; where: SQL },
    options: { priority?: number; maxAttempts?: number } = {},
  ): SQL {
    const { id, payload, dedupeKey, owner, now, from, where } = parts;
    return sql`insert into ${jobs} (id, queue, payload, dedupe_key, priority, owner, turn, status, max_attempts, run_at, created_at, updated_at)
      select ${id}, ${queue}::text, ${payload}, ${dedupeKey}, ${options.priority ?? JOB_PRIORITY.background}::int, ${owner}, ${this.turnSql(queue, owner, now)},
        'queued', ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int, ${now}, ${now}, ${now}
      from ${from} where ${where}
      on conflict (dedupe_key) do nothing
      returning id`;
  }

  /** Registers the handler of a queue; this instance claims only jobs of queues it handles. */
  handle(queue: string, handler: JobHandler): void {
    if (this.handlers.has(queue)) throw new Error(`queue ${queue} already has a handler`);
    this.handlers.set(queue, handler);
  }

  /** The queues this instance has handlers for. */
  handledQueues(): string[] {
    return [...this.handlers.keys()];
  }

  /** Starts the worker loop (no-op when `pollIntervalMs` is 0). */
  start(): void {
    if (this.pollIntervalMs <= 0 || this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Wakes the worker now instead of at its next poll (after an enqueue committed), and keeps the statistics of `jobs` fresh. */
  nudge(): void {
    this.checkStatistics();
    // A pause between jobs while requests wait is kept: requests that enqueue (each webhook delivery) would
    // otherwise end it at once, and the worker would take its next job right after the last one.
    if (this.started && !this.closing.signal.aborted && !this.pausing) this.schedule(0);
  }

  /**
   * Every commit that added jobs calls `nudge()`: at most every `statisticsCheckMs`, the planner's statistics of
   * `jobs` are refreshed if it grew (`analyzeGrown`), in the background. A failure is only logged: the queue still
   * works, on older statistics.
   */
  private checkStatistics(): void {
    const now = performance.now();
    if (!this.analyzeGrown || this.statisticsCheck || this.closing.signal.aborted || now - this.statisticsCheckedAt < this.statisticsCheckMs) return;
    this.statisticsCheckedAt = now;
    this.statisticsCheck = this.analyzeGrown(['jobs'])
      .then((analysed) => {
        if (analysed.length > 0) this.log.info({ tables: analysed }, 'planner statistics refreshed');
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'planner statistics of jobs not refreshed'))
      .finally(() => {
        this.statisticsCheck = undefined;
      });
  }

  /** Stops claiming, aborts nothing, waits for the jobs running now to finish. */
  async stop(): Promise<void> {
    this.closing.abort();
    clearTimeout(this.timer);
    await this.statisticsCheck;
    // A claim in flight still hands its jobs to `running`; wait for it, then for them.
    await this.currentTick;
    const running = () => this.lanes.flatMap((lane) => [...lane.running]);
    while (running().length > 0) await Promise.allSettled(running());
  }

  /** Claims and runs everything due now, of every handled queue or only of `queues` (tests; the worker does the same on its own). */
  async runDue(queues?: readonly string[]): Promise<RunSummary> {
    const summary: RunSummary = { claimed: 0, done: 0, retried: 0, failed: 0 };
    for (let round = 0; round < RUN_DUE_MAX_ROUNDS; round += 1) {
      const claimed = await this.claim(Math.max(this.concurrency, 10), undefined, queues);
      if (claimed.length === 0) break;
      summary.claimed += claimed.length;
      const outcomes = await Promise.all(claimed.map((job) => this.run(job)));
      for (const outcome of outcomes) summary[outcome] += 1;
    }
    return summary;
  }

  /** The jobs of a queue, oldest first (tests and diagnostics). */
  list(queue: string): Promise<JobRow[]> {
    return this.orm.select().from(jobs).where(eq(jobs.queue, queue)).orderBy(asc(jobs.createdAt), asc(jobs.id));
  }

  /** Claims up to `limit` due jobs of the handled queues (or of those of `only`) of at least `minPriority` (see `JobStatements.claim`). */
  private async claim(limit: number, minPriority?: number, only?: readonly string[]): Promise<JobRow[]> {
    const queues = [...this.handlers.keys()].filter((queue) => !only || only.includes(queue));
    if (queues.length === 0 || limit <= 0 || this.closing.signal.aborted) return [];
    const now = this.clock.now();
    return this.statements.claim({ queues, minPriority, limit, now, lockedUntil: new Date(now.getTime() + this.leaseMs), instanceId: this.instanceId });
  }

  /** Runs one claimed job and records the outcome, if the lease is still ours. */
  private async run(job: JobRow): Promise<'done' | 'retried' | 'failed'> {
    const handler = this.handlers.get(job.queue);
    if (job.attempts > job.maxAttempts || !handler) {
      // Its instance died during the last attempt (or nobody handles it any more): nothing left to try.
      await this.finish(job, 'failed', job.lastError ?? 'the last attempt did not finish (lease expired)');
      return 'failed';
    }
    const lease = new AbortController();
    const leaseTimer = setTimeout(() => lease.abort(new Error('job lease expired')), this.leaseMs);
    leaseTimer.unref();
    const signal = AbortSignal.any([lease.signal, this.closing.signal]);
    try {
      await handler(job.payload, { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, signal });
      await this.finish(job, 'done');
      return 'done';
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.attempts >= job.maxAttempts) {
        this.log.error({ err: error, jobId: job.id, queue: job.queue, attempt: job.attempts }, 'job failed');
        await this.finish(job, 'failed', message);
        return 'failed';
      }
      const runAt = new Date(this.clock.now().getTime() + retryDelayMs(job.attempts));
      this.log.warn({ err: error, jobId: job.id, queue: job.queue, attempt: job.attempts, runAt }, 'job failed; will retry');
      await this.finish(job, 'queued', message, runAt);
      return 'retried';
    } finally {
      clearTimeout(leaseTimer);
    }
  }

  /** Conditional on the claim (instance and attempt): a job re-claimed by another instance is not touched. */
  private async finish(job: JobRow, status: 'done' | 'failed' | 'queued', lastError?: string, runAt?: Date): Promise<void> {
    const kept = await this.statements.finish({ job, instanceId: this.instanceId, status, now: this.clock.now(), lastError: lastError?.slice(0, LAST_ERROR_MAX_CHARS), runAt });
    if (!kept) this.log.warn({ jobId: job.id, queue: job.queue }, 'job lease lost before it finished; its outcome is ignored');
  }

  private schedule(delayMs: number, pause = false): void {
    if (this.closing.signal.aborted) return;
    clearTimeout(this.timer);
    this.pausing = pause;
    this.timer = setTimeout(() => {
      this.pausing = false;
      if (this.ticking) this.tickAgain = true;
      else this.currentTick = this.tick();
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Fills free slots with due jobs; polls again when idle, at once when a slot frees or a batch was full. While the
   * instance is busy, one job at a time: a slot is filled only when none runs, the reserved (interactive) one first.
   */
  private async tick(): Promise<void> {
    this.ticking = true;
    let full = false;
    const yielding = this.busy();
    try {
      for (const lane of this.lanes) {
        const running = this.lanes.reduce((sum, each) => sum + each.running.size, 0);
        const free = yielding ? Math.min(1 - running, lane.size - lane.running.size) : lane.size - lane.running.size;
        if (free <= 0) continue;
        const claimed = await this.claim(free, lane.minPriority);
        if (claimed.length === free) full = true;
        for (const job of claimed) this.launch(job, lane);
      }
    } catch (error) {
      this.log.error({ err: error }, 'claiming jobs failed');
    } finally {
      this.ticking = false;
      if (this.tickAgain || full) {
        this.tickAgain = false;
        this.schedule(yielding ? this.busyPauseMs : 0, yielding);
      } else if (this.lanes.some((lane) => lane.running.size < lane.size)) {
        this.schedule(this.pollIntervalMs);
      }
    }
  }

  private launch(job: JobRow, lane: Lane): void {
    const task: Promise<unknown> = this.run(job)
      .catch((error: unknown) => this.log.error({ err: error, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        lane.running.delete(task);
        const yielding = this.busy();
        this.schedule(yielding ? this.busyPauseMs : 0, yielding);
      });
    lane.running.add(task);
  }
}
