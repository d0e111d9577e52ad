import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestsWaiting } from './busy-gauge.js';
import { JobQueue } from './job-queue.js';

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
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', () => queue.stop());
}

export default fp(jobsPlugin, { name: 'jobs', fastify: '5.x', dependencies: ['config', 'clock', 'db'] });
