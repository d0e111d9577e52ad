import { performance } from 'node:perf_hooks';

/** The event loop counts as saturated when it was busy this much of the last `LOOP_WINDOW_MS`. */
const LOOP_SATURATED = 0.9;
const LOOP_WINDOW_MS = 100;
/**
 * This many requests in flight count as waiting whatever the loop's own load: on a machine whose cores are all taken
 * (the database beside the server), the loop waits on the database rather than computing, yet requests queue. Ten
 * connections delivering webhooks keep about this many in flight; the worker then answers one job at a time.
 */
const REQUESTS_QUEUED = 8;

/**
 * Whether requests are waiting for the event loop: some are in flight (`inFlight`) and the loop was saturated over
 * the last window (`performance.eventLoopUtilization`), or many are in flight (`REQUESTS_QUEUED`). The worker alone
 * never counts: with no request in flight it runs at full concurrency whatever the load it makes itself.
 */
export function requestsWaiting(inFlight: () => number): () => boolean {
  let mark = performance.eventLoopUtilization();
  let saturated = false;
  return () => {
    const since = performance.eventLoopUtilization(mark);
    if (since.idle + since.active >= LOOP_WINDOW_MS) {
      saturated = since.utilization >= LOOP_SATURATED;
      mark = performance.eventLoopUtilization();
    }
    const requests = inFlight();
    return requests >= REQUESTS_QUEUED || (saturated && requests > 0);
  };
}
