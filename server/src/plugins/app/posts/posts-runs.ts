import { randomUUID } from 'node:crypto';
import { occurrenceAt } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { JOB_PRIORITY, type Transaction } from '../../../jobs/index.js';
import type { PostRunRow, RunOutcome, ScheduledPostRow } from './posts-repository.js';
import { POST_PUBLISH_QUEUE, scheduleOf } from './posts-rules.js';

/** Publishing a run: tries before it is marked failed (rate limits and 5xx are retried with the queue's backoff). */
const PUBLISH_MAX_ATTEMPTS = 5;

export type PostRuns = ReturnType<typeof createPostRuns>;

/** The plan of a post, one run at a time per page: a run and its `post.publish` job, then the next when it ends. */
export function createPostRuns(app: FastifyInstance) {
  const repo = app.postsRepository;
  const now = () => app.clock.now();

  /**
   * The first run of the plan on every page and channel (schedule occurrence `index`), with its job, in the
   * caller's transaction.
   */
  async function planRuns(
    tx: Transaction,
    post: ScheduledPostRow,
    index: number,
    at: Date,
    pageIds: readonly string[],
    channels: readonly ('facebook' | 'instagram')[] = post.channels,
  ): Promise<PostRunRow[]> {
    const planned: PostRunRow[] = [];
    for (const pageId of pageIds) for (const channel of channels) {
      const run = await repo.insertRun(tx, {
        id: randomUUID(),
        postId: post.id,
        userId: post.userId,
        pageId,
        channel,
        seq: post.seqBase + index,
        runAt: at,
        status: 'scheduled',
        facebookPostId: null,
        igContainerId: null,
        errorCode: null,
        error: null,
        publishedAt: null,
        createdAt: now(),
        updatedAt: now(),
      });
      if (!run) continue;
      await app.jobs.enqueue(POST_PUBLISH_QUEUE, { runId: run.id }, { dedupeKey: `${POST_PUBLISH_QUEUE}:${run.id}`, runAt: at, maxAttempts: PUBLISH_MAX_ATTEMPTS, priority: JOB_PRIORITY.scheduled, owner: post.userId }, tx);
      planned.push(run);
    }
    return planned;
  }

  /**
   * After a run ended: the page's next occurrence, if the schedule has one and the run belongs to the post's
   * current plan; the post is `finished` once nothing is left to publish. The post row is locked meanwhile, so an
   * update (which re-plans) and this take turns, and (post, page, seq) is unique, so planning twice plans once.
   */
  async function afterRun(run: PostRunRow): Promise<void> {
    const planned = await app.db.orm.transaction(async (tx) => {
      const post = await repo.lockPost(tx, run.postId);
      if (!post || post.status === 'cancelled') return false;
      const index = run.seq - post.seqBase + 1;
      const channel = run.channel as 'facebook' | 'instagram';
      const at = run.seq > post.seqBase && post.pageIds.includes(run.pageId) && post.channels.includes(channel) ? occurrenceAt(scheduleOf(post), index) : null;
      if (at) {
        await planRuns(tx, post, index, at, [run.pageId], [channel]);
        return true;
      }
      if (post.status === 'active' && (await repo.openRuns(tx, post.id)) === 0) await repo.updatePost(tx, post.id, { status: 'finished', updatedAt: now() });
      return false;
    });
    if (planned) app.jobs.nudge();
  }

  async function endRun(run: PostRunRow, outcome: RunOutcome): Promise<void> {
    if (await repo.finishRun(run.id, outcome, now())) await afterRun(run);
  }

  return { planRuns, endRun };
}
