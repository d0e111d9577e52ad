import { randomUUID } from 'node:crypto';
import { occurrenceAt, occurrences, type PostImage, type ScheduledPost } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../errors/app-error.js';
import { type JobContext, PermanentJobError } from '../../../jobs/index.js';
import { createPostDrafter, type PostDraft } from './posts-draft.js';
import { createPageHealth, PAGES_HEALTH_QUEUE } from './posts-health.js';
import { createPostMapping } from './posts-mapping.js';
import { createPostMedia } from './posts-media.js';
import { createPostPublisher } from './posts-publisher.js';
import postsRepository, { type ScheduledPostRow } from './posts-repository.js';
import { invalid, POST_MIN_LEAD_MS, POST_PUBLISH_QUEUE, type PostInput, postNotFound } from './posts-rules.js';
import { createPostRuns } from './posts-runs.js';

// The module's public names, re-exported so importers take them all from here.
export { type PostDraft } from './posts-draft.js';
export { HEALTH_CHECK_HOUR, nextHealthCheck, PAGES_HEALTH_QUEUE } from './posts-health.js';
export { imageTypeOf } from './posts-media.js';
export { POST_MISSED_AFTER_MS } from './posts-publisher.js';
export { POST_MIN_LEAD_MS, POST_PUBLISH_QUEUE, type PostInput } from './posts-rules.js';

const LIST_LIMIT = 500;

type CheckedInput = Awaited<ReturnType<ReturnType<typeof createPostMapping>['checkInput']>>;

/** What the author chose, as the post row keeps it: texts, pages, schedule, images and channels. */
function chosenFields(input: PostInput, { pageIds, mediaIds, channels, schedule }: CheckedInput) {
  return {
    idea: input.idea,
    content: input.content,
    pageIds,
    firstAt: schedule.first,
    repeat: input.repeat,
    iterations: input.iterations,
    endDate: input.end_date,
    mediaIds,
    channels,
  };
}

export interface PostsService {
  /** A page's runs: scheduled and publishing first (soonest first), then published, failed and cancelled (newest first). */
  list(userId: string, pageId: string): Promise<ScheduledPost[]>;
  /** Plans the first run on every page (one transaction, with their jobs); answers those runs. */
  create(userId: string, input: PostInput): Promise<ScheduledPost[]>;
  /** Cancels the runs still waiting and plans again from the new schedule; published runs stay. */
  update(userId: string, postId: string, input: PostInput): Promise<ScheduledPost[]>;
  /** Cancels the post and its waiting runs (their jobs find them cancelled). */
  remove(userId: string, postId: string): Promise<void>;
  /** The AI writes a post from the idea (and the page's documents); charged to the balance. */
  draft(userId: string, idea: string, pageId: string | undefined): Promise<PostDraft>;
  uploadImage(userId: string, fileName: string, bytes: Buffer): Promise<PostImage>;
  /** An image's bytes and type for `GET /media/{id}`; undefined when there is none. */
  media(mediaId: string): Promise<{ contentType: string; bytes: Buffer } | undefined>;
  /** The `post.publish` job's work (exported for tests). */
  publishRun(runId: string, context: Pick<JobContext, 'attempt' | 'maxAttempts'>): Promise<void>;
  /** The daily page check: every connected page's token read at Facebook; refused ones are flagged. */
  checkPages(): Promise<{ checked: number; flagged: string[] }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    posts: PostsService;
  }
}

/**
 * Scheduled posts. A post is planned one run at a time per page: the first run when it is created, the next one
 * when a run ends (published or failed), from the shared `occurrenceAt` rules. Each run is a `post.publish` job
 * (dedupe key = run id); `scheduled → publishing` is a conditional update, so one instance publishes it, and a
 * run found `publishing` (its instance died mid-call, or Facebook answered 5xx) is looked up in the page's feed
 * before it is published again.
 */
async function postsServicePlugin(app: FastifyInstance) {
  await app.register(postsRepository);
  const repo = app.postsRepository;
  const now = () => app.clock.now();

  const { mediaUrl, toImage, uploadImage, media } = createPostMedia(app);
  const { present, checkInput } = createPostMapping(app, toImage);
  const planner = createPostRuns(app);
  const { planRuns } = planner;
  const { publishRun } = createPostPublisher(app, planner, mediaUrl);
  const { draft } = createPostDrafter(app);
  const { checkPages, enqueueHealthCheck } = createPageHealth(app);
  const selfScheduling = app.config.jobs.pollIntervalMs > 0;

  const service: PostsService = {
    async list(userId, pageId) {
      if (!(await app.facebookRepository.ownedPageIds(userId, [pageId])).has(pageId)) {
        throw new AppError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
      }
      return present(userId, await repo.runsOfPage(userId, pageId, LIST_LIMIT));
    },

    async create(userId, input) {
      const checked = await checkInput(userId, input, { requireFuture: true });
      const at = occurrenceAt(checked.schedule, 1);
      if (!at) throw invalid('repeat', 'This schedule has no post.');
      const created = now();
      const post: ScheduledPostRow = {
        id: randomUUID(),
        userId,
        ...chosenFields(input, checked),
        seqBase: 0,
        status: 'active',
        createdAt: created,
        updatedAt: created,
      };
      const runs = await app.db.orm.transaction(async (tx) => {
        await repo.insertPost(tx, post);
        return planRuns(tx, post, 1, at, checked.pageIds);
      });
      app.jobs.nudge();
      return present(userId, runs.map((run) => ({ run, post })));
    },

    async update(userId, postId, input) {
      const existing = await repo.findPost(userId, postId);
      if (!existing) throw postNotFound();
      // The same first time is the same schedule going on: plan from its next future occurrence. A new time must be ahead.
      const sameStart = new Date(input.time).getTime() === existing.firstAt.getTime();
      const checked = await checkInput(userId, input, { requireFuture: !sameStart });
      const { pageIds, schedule } = checked;
      const horizon = now().getTime() + POST_MIN_LEAD_MS;
      const index = occurrences(schedule).findIndex((at) => at.getTime() >= horizon) + 1;
      if (index === 0) throw invalid('time', 'No post of this schedule is left in the future: choose a new time.');
      const at = occurrenceAt(schedule, index);
      if (!at) throw invalid('time', 'No post of this schedule is left in the future: choose a new time.');
      const runs = await app.db.orm.transaction(async (tx) => {
        const post = await repo.lockPost(tx, existing.id);
        if (!post) throw postNotFound();
        if (post.status === 'cancelled') throw new AppError(409, 'CONFLICT', 'This post was deleted; schedule a new one.');
        await repo.cancelScheduledRuns(tx, post.id, now());
        const fields = {
          ...chosenFields(input, checked),
          seqBase: await repo.maxSeq(tx, post.id),
          status: 'active',
          updatedAt: now(),
        };
        await repo.updatePost(tx, post.id, fields);
        const updated = { ...post, ...fields };
        return (await planRuns(tx, updated, index, at, pageIds)).map((run) => ({ run, post: updated }));
      });
      app.jobs.nudge();
      return present(userId, runs);
    },

    async remove(userId, postId) {
      const existing = await repo.findPost(userId, postId);
      if (!existing) throw postNotFound();
      await app.db.orm.transaction(async (tx) => {
        const post = await repo.lockPost(tx, existing.id);
        if (!post || post.status === 'cancelled') return;
        await repo.updatePost(tx, post.id, { status: 'cancelled', updatedAt: now() });
        await repo.cancelScheduledRuns(tx, post.id, now());
      });
    },

    draft,
    uploadImage,
    media,
    publishRun,
    checkPages,
  };
  app.decorate('posts', service);

  app.jobs.handle(POST_PUBLISH_QUEUE, async (payload, context) => {
    if (typeof payload.runId !== 'string') throw new PermanentJobError('post.publish needs a runId');
    await publishRun(payload.runId, context);
  });
  app.jobs.handle(PAGES_HEALTH_QUEUE, async () => {
    await service.checkPages();
    if (selfScheduling) await enqueueHealthCheck();
  });
  // Today's (or tomorrow's) check; every instance asks, the dedupe key keeps one.
  if (selfScheduling) app.addHook('onReady', enqueueHealthCheck);
}

export default fp(postsServicePlugin, {
  name: 'posts-service',
  fastify: '5.x',
  dependencies: ['config', 'clock', 'db', 'jobs', 'files', 'meta-app', 'facebook-repository', 'facebook-service', 'ledger-service', 'llm-provider', 'retrieval'],
});
