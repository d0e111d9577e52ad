import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../test/clock.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { freshQueue } from '../test/jobs.js';
import { JOB_PRIORITY, type JobHandler, JobQueue } from './index.js';

/** Which job a worker claims next: customer replies before indexing, reserved slots, owners in turns. */
describe.each(testDatabases)('claim order (%s)', (kind) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock });
  });
  afterAll(() => t?.close());

  /** A worker running its own loop, like an instance's: `concurrency` shared slots, `reserved` for interactive jobs. */
  const looping = (name: string, concurrency: number, reserved = 0) =>
    new JobQueue({ orm: t.app.db.orm, clock, log: t.app.log, pollIntervalMs: 10, concurrency, reservedConcurrency: reserved, instanceId: name });
  /** Enqueued a millisecond apart, so "oldest first" is well defined. */
  const enqueueInOrder = async (q: JobQueue, queue: string, jobs: { label: string; owner?: string; priority?: number }[]) => {
    for (const { label, owner, priority } of jobs) {
      clock.advanceSeconds(0.001);
      await q.enqueue(queue, { label }, { ...(owner ? { owner } : {}), ...(priority === undefined ? {} : { priority }) });
    }
  };
  const backlog = (owner: string, count: number) => Array.from({ length: count }, (_, i) => ({ label: `${owner}${i + 1}`, owner }));

  it('claims a customer reply before a backlog of one owner\'s indexing', async () => {
    const index = freshQueue('index-backlog');
    const reply = freshQueue('reply');
    const q = looping('order', 1);
    const started: string[] = [];
    const record: JobHandler = async (payload) => {
      started.push(String(payload.label));
    };
    q.handle(index, record);
    q.handle(reply, record);
    await enqueueInOrder(q, index, backlog('a', 20));
    await enqueueInOrder(q, reply, [{ label: 'reply', owner: 'b', priority: JOB_PRIORITY.interactive }]);
    q.start();
    await vi.waitFor(() => expect(started).toHaveLength(21), { timeout: 10_000 });
    await q.stop();
    expect(started[0]).toBe('reply');
    expect(started.slice(1)).toEqual(backlog('a', 20).map((job) => job.label));
  });

  it('runs a reply in its reserved slot while slow indexing holds every shared one', async () => {
    const index = freshQueue('index-slow');
    const reply = freshQueue('reply-reserved');
    const q = looping('reserved', 2, 1);
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const indexing: string[] = [];
    const replied: string[] = [];
    q.handle(index, async (payload) => {
      indexing.push(String(payload.label));
      await slow;
    });
    q.handle(reply, async (payload) => {
      replied.push(String(payload.label));
    });
    await enqueueInOrder(q, index, backlog('a', 10));
    q.start();
    await vi.waitFor(() => expect(indexing).toHaveLength(2));
    await enqueueInOrder(q, reply, [{ label: 'reply', owner: 'b', priority: JOB_PRIORITY.interactive }]);
    q.nudge();
    await vi.waitFor(() => expect(replied).toEqual(['reply']), { timeout: 5_000 });
    // The reserved slot is for interactive work only: indexing still holds just the two shared slots.
    expect(indexing).toHaveLength(2);
    release();
    await vi.waitFor(() => expect(indexing).toHaveLength(10), { timeout: 10_000 });
    await q.stop();
  });

  it('takes two owners\' indexing in turns: the second owner\'s documents do not wait for the first one\'s backlog', async () => {
    const index = freshQueue('index-turns');
    const q = looping('turns', 1);
    const started: string[] = [];
    q.handle(index, async (payload) => {
      started.push(String(payload.label));
    });
    await enqueueInOrder(q, index, backlog('a', 6));
    await enqueueInOrder(q, index, backlog('b', 2));
    q.start();
    await vi.waitFor(() => expect(started).toHaveLength(8), { timeout: 10_000 });
    await q.stop();
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('puts a newcomer\'s job in the round being served, even when another instance runs it', async () => {
    const index = freshQueue('index-busy');
    const busy = looping('busy', 1);
    const other = looping('other', 1);
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: string[] = [];
    busy.handle(index, async (payload) => {
      started.push(`busy:${String(payload.label)}`);
      await slow;
    });
    other.handle(index, async (payload) => {
      started.push(String(payload.label));
    });
    await enqueueInOrder(busy, index, backlog('a', 4));
    busy.start();
    await vi.waitFor(() => expect(started).toEqual(['busy:a1']));
    await enqueueInOrder(other, index, backlog('b', 1));
    other.start();
    await vi.waitFor(() => expect(started).toHaveLength(5), { timeout: 10_000 });
    // a1 is running on the first instance: b1 joins its round, before a2.
    expect(started).toEqual(['busy:a1', 'b1', 'a2', 'a3', 'a4']);
    release();
    await Promise.all([busy.stop(), other.stop()]);
  });
});
