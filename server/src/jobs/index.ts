import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestsWaiting } from './busy-gauge.js';
import { JobQueue } from './job-queue.js';
import { deleteFinishedJobs, JOBS_RETENTION_QUEUE, nextRetentionRun } from './job-retention.js';

export {
  BUSY_PAUSE_MS,
  DEFAULT_MAX_ATTEMPTS,
  JOB_PRIORITY,
  JobQueue,
  PermanentJobError,
  retryDelayMs,
  STATISTICS_CHECK_MS,
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  type JobPayload,
  type JobRow,
  type RunSummary,
  type Transaction,
} from './job-queue.js';
export { requestsWaiting } from './busy-gauge.js';
export { deleteFinishedJobs, FINISHED_JOBS_KEPT_MS, JOBS_RETENTION_QUEUE, nextRetentionRun, RETENTION_BATCH } from './job-retention.js';

/** Counts the requests of `app` in flight (from arrival until the response is sent or cut off). */
function countRequests(app: FastifyInstance): () => number {
  let inFlight = 0;
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight += 1;
    // 'close' comes once for every response, sent or cut off.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
  return () => inFlight;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable background jobs (docs/architecture.md §4): `enqueue`, `handle`, `nudge`, `runDue` (tests). */
    jobs: JobQueue;
  }
}

/**
 * The job queue of this instance. Services register handlers while the app boots; the worker starts once the
 * app is ready (every handler known) unless JOBS_POLL_INTERVAL_MS is 0, and stops with the app after the
 * jobs it is running finish.
 */
function jobsPlugin(app: FastifyInstance) {
  const queue = new JobQueue({
    orm: app.db.orm,
    clock: app.clock,
    log: app.log.child({ module: 'jobs' }),
    pollIntervalMs: app.config.jobs.pollIntervalMs,
    concurrency: app.config.jobs.concurrency,
    reservedConcurrency: app.config.jobs.replyConcurrency,
    leaseMs: app.config.jobs.leaseMs,
    busy: requestsWaiting(countRequests(app)),
    analyzeGrown: (tables) => app.db.analyzeGrown(tables),
  });
  app.decorate('jobs', queue);

  // Finished jobs are deleted past their retention once an hour (job-retention.ts), by whichever instance claims
  // the hour's job; an instance without a worker schedules nothing.
  const selfScheduling = app.config.jobs.pollIntervalMs > 0;
  const enqueueRetention = async () => {
    const next = nextRetentionRun(app.clock.now());
    await queue.enqueue(JOBS_RETENTION_QUEUE, {}, { dedupeKey: next.dedupeKey, runAt: next.runAt, maxAttempts: 3 });
  };
  queue.handle(JOBS_RETENTION_QUEUE, async () => {
    const deleted = await deleteFinishedJobs(app.db, queue.handledQueues(), app.clock.now());
    if (deleted > 0) app.log.info({ module: 'jobs', deleted }, 'jobs: finished jobs past their retention deleted');
    if (selfScheduling) await enqueueRetention();
  });
  if (selfScheduling) app.addHook('onReady', enqueueRetention);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', () => queue.stop());
}

export default fp(jobsPlugin, { name: 'jobs', fastify: '5.x', dependencies: ['config', 'clock', 'db'] });
