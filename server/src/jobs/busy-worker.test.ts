import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../test/clock.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { JOB_PRIORITY, JobQueue, requestsWaiting } from './index.js';

let queueCounter = 0;
const freshQueue = (label: string) => `test.busy.${label}.${(queueCounter += 1)}`;

describe.each(testDatabases)('a worker whose instance is busy (%s)', (kind) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock });
  });
  afterAll(() => t?.close());

  it('runs one job at a time while requests wait, the customer reply first, and still runs them all', async () => {
    let busy = true;
    const q = new JobQueue({ orm: t.app.db.orm, clock, log: t.app.log, pollIntervalMs: 20, concurrency: 4, reservedConcurrency: 1, instanceId: 'busy', busy: () => busy });
    const index = freshQueue('index');
    const reply = freshQueue('reply');
    let active = 0;
    let most = 0;
    const started: string[] = [];
    const handler = async (payload: Record<string, unknown>) => {
      started.push(String(payload.label));
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 2));
      active -= 1;
    };
    q.handle(index, handler);
    q.handle(reply, handler);
    for (let n = 0; n < 6; n += 1) await q.enqueue(index, { label: `index${n}` }, { owner: 'a' });
    await q.enqueue(reply, { label: 'reply' }, { owner: 'b', priority: JOB_PRIORITY.interactive });
    q.start();
    // Busy the whole time: every job runs, one at a time, the reply first.
    await vi.waitFor(() => expect(started).toHaveLength(7), { timeout: 20_000 });
    expect(most).toBe(1);
    expect(started[0]).toBe('reply');
    expect(new Set(started).size).toBe(7);

    // The requests are answered: the worker takes its full concurrency again (jobs held open until several run).
    busy = false;
    const held = freshQueue('held');
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let heldActive = 0;
    let heldMost = 0;
    let heldDone = 0;
    q.handle(held, async () => {
      heldActive += 1;
      heldMost = Math.max(heldMost, heldActive);
      await gate;
      heldActive -= 1;
      heldDone += 1;
    });
    for (let n = 0; n < 3; n += 1) await q.enqueue(held, { n }, { owner: 'a' });
    await vi.waitFor(() => expect(heldMost).toBeGreaterThan(1), { timeout: 20_000 });
    release();
    await vi.waitFor(() => expect(heldDone).toBe(3), { timeout: 20_000 });
    await q.stop();
    expect((await q.list(index)).every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  });

  it('keeps its pause between jobs while requests wait, however many of them enqueue', async () => {
    const pauseMs = 60_000;
    const q = new JobQueue({ orm: t.app.db.orm, clock, log: t.app.log, pollIntervalMs: 20, concurrency: 2, instanceId: 'busy-nudged', busy: () => true, busyPauseMs: pauseMs });
    const queue = freshQueue('nudged');
    const started: string[] = [];
    q.handle(queue, async (payload) => void started.push(String(payload.label)));
    await q.enqueue(queue, { label: 'first' }, { owner: 'a' });
    await q.enqueue(queue, { label: 'second' }, { owner: 'a' });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      q.start();
      // One job claimed, then the pause before the next: the only timer of that length.
      await vi.waitFor(() => expect(timers.mock.calls.some(([, delay]) => delay === pauseMs)).toBe(true), { timeout: 20_000 });
      timers.mockClear();
      // What every webhook delivery does after recording its messages: the pause stands, no new tick is set.
      q.nudge();
      q.nudge();
      expect(timers).not.toHaveBeenCalled();
      expect(started).not.toContain('second');
    } finally {
      timers.mockRestore();
      await q.stop();
    }
  });

  it('counts requests waiting only while the loop is saturated and some request is in flight', () => {
    let inFlight = 0;
    const waiting = requestsWaiting(() => inFlight);
    // The loop held for longer than the gauge's window.
    const until = performance.now() + 150;
    while (performance.now() < until) {
      // saturating the loop
    }
    expect(waiting()).toBe(false);
    inFlight = 1;
    expect(waiting()).toBe(true);
  });

  it('counts eight requests in flight as waiting even while the loop idles', () => {
    let inFlight = 7;
    const waiting = requestsWaiting(() => inFlight);
    expect(waiting()).toBe(false);
    inFlight = 8;
    expect(waiting()).toBe(true);
  });
});
