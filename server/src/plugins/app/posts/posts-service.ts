import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  type endpoints,
  occurrenceAt,
  occurrences,
  POST_LIMITS,
  type PostImage,
  type PostRepeat,
  type PostSchedule,
  type ScheduledPost,
  vietnamDay,
} from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { buildPostDraftPrompt } from '../../../ai/post-draft.js';
import { LlmProviderError, type RetrievedPassage } from '../../../ai/provider.js';
import { countTokens } from '../../../ai/tokenizer.js';
import { AppError } from '../../../errors/app-error.js';
import { vietnamDate, vietnamDayStart } from '../../../http/list-query.js';
import { type JobContext, PermanentJobError, type Transaction } from '../../../jobs/index.js';
import { GraphApiError } from '../../../meta/graph-client.js';
import { newStoredName } from '../../../storage/index.js';
import { isUuid } from '../bot/bot-config-service.js';
import postsRepository, { type MediaFileRow, type PostRunRow, type RunOutcome, type ScheduledPostRow } from './posts-repository.js';

export const POST_PUBLISH_QUEUE = 'post.publish';
export const PAGES_HEALTH_QUEUE = 'pages.health';
/** The first post must be at least this far ahead (a post "now" is a post in a minute). */
export const POST_MIN_LEAD_MS = 60_000;
/** A run that could not start within this long after its time (the server was down) is not published late. */
export const POST_MISSED_AFTER_MS = 6 * 3600 * 1000;
/** Publishing a run: tries before it is marked failed (rate limits and 5xx are retried with the queue's backoff). */
const PUBLISH_MAX_ATTEMPTS = 5;
/** A read-back only takes posts made after the run started publishing, less this much clock skew. */
const READ_BACK_SKEW_MS = 5 * 60_000;
const READ_BACK_POSTS = 25;
/** The daily page check runs at this Vietnam hour. */
export const HEALTH_CHECK_HOUR = 8;
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LIST_LIMIT = 500;
const DRAFT_PASSAGES = 4;
const DRAFT_MAX_OUTPUT_TOKENS = 800;
const ERROR_MAX_CHARS = 500;

/** What the create and update calls carry (the contract's post body, without `user_id`). */
export type PostInput = Omit<z.infer<(typeof endpoints)['createPost']['body']>, 'user_id'>;

export interface PostDraft {
  content: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost: number };
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

/** The image type of a file by its first bytes (never by its name or the browser's word). */
export function imageTypeOf(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return undefined;
}

/** The next daily check: `HEALTH_CHECK_HOUR`:00 Vietnam time after `now`, and its dedupe key's day. */
export function nextHealthCheck(now: Date): { runAt: Date; day: string } {
  let runAt = new Date(vietnamDayStart(now).getTime() + HEALTH_CHECK_HOUR * HOUR_MS);
  if (runAt.getTime() <= now.getTime()) runAt = new Date(runAt.getTime() + DAY_MS);
  return { runAt, day: vietnamDate(runAt) };
}

/** Stored repeats were validated by the contract's `postRepeatSchema` when they came in. */
const repeatOf = (post: Pick<ScheduledPostRow, 'repeat'>) => post.repeat as PostRepeat;

const scheduleOf = (post: Pick<ScheduledPostRow, 'firstAt' | 'repeat' | 'iterations' | 'endDate'>): PostSchedule => ({
  first: post.firstAt,
  repeat: repeatOf(post),
  iterations: post.iterations,
  endDate: post.endDate,
});

const invalid = (field: string, message: string) => new AppError(400, 'VALIDATION_FAILED', message, [{ path: field, message }]);
const postNotFound = () => new AppError(404, 'NOT_FOUND', 'Post not found');
const excerpt = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

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
  const { ledger, meta } = app;
  const now = () => app.clock.now();
  const mediaUrl = (mediaId: string) => `${app.config.publicApiUrl}/media/${mediaId}`;

  const toImage = (row: MediaFileRow): PostImage => ({ media_id: row.id, url: mediaUrl(row.id), file_name: row.fileName, size_bytes: row.sizeBytes });

  async function present(userId: string, rows: { run: PostRunRow; post: ScheduledPostRow }[]): Promise<ScheduledPost[]> {
    const mediaIds = [...new Set(rows.flatMap((row) => row.post.mediaIds))];
    const media = new Map((await repo.mediaOf(userId, mediaIds)).map((row) => [row.id, row]));
    const sandbox = await repo.sandboxPages(userId, [...new Set(rows.map((row) => row.run.pageId))]);
    return rows.map(({ run, post }) => ({
      post_id: post.id,
      run_id: run.id,
      page_id: run.pageId,
      seq: run.seq,
      idea: post.idea,
      content: post.content,
      page_ids: post.pageIds,
      time: run.runAt.toISOString(),
      first_time: post.firstAt.toISOString(),
      repeat: repeatOf(post),
      iterations: post.iterations,
      end_date: post.endDate,
      images: post.mediaIds.flatMap((id) => {
        const row = media.get(id);
        return row ? [toImage(row)] : [];
      }),
      status: run.status as ScheduledPost['status'],
      facebook_post_id: run.facebookPostId,
      facebook_url: run.facebookPostId && !sandbox.has(run.pageId) ? `https://www.facebook.com/${run.facebookPostId}` : null,
      error: run.error,
    }));
  }

  /** Every rule of a post body the contract cannot check alone: the user's pages and images, the dates. */
  async function checkInput(userId: string, input: PostInput, options: { requireFuture: boolean }): Promise<{ pageIds: string[]; mediaIds: string[]; schedule: PostSchedule }> {
    const first = new Date(input.time);
    if (options.requireFuture && first.getTime() < now().getTime() + POST_MIN_LEAD_MS) {
      throw invalid('time', 'The post time must be in the future (at least a minute from now).');
    }
    const pageIds = [...new Set(input.page_ids)];
    const owned = await app.facebookRepository.ownedPageIds(userId, pageIds);
    const foreign = pageIds.find((pageId) => !owned.has(pageId));
    if (foreign !== undefined) throw new AppError(404, 'NOT_FOUND', `Page ${foreign} is not among your connected Facebook pages`);
    const mediaIds = [...new Set(input.media_ids)];
    const mine = new Set((await repo.mediaOf(userId, mediaIds.filter(isUuid))).map((row) => row.id));
    const unknownImage = mediaIds.find((id) => !mine.has(id));
    if (unknownImage !== undefined) throw new AppError(404, 'NOT_FOUND', `Image ${unknownImage} is not among your uploaded images`);
    if (input.end_date !== null) {
      if (Number.isNaN(Date.parse(`${input.end_date}T00:00:00Z`))) throw invalid('end_date', 'The end date is not a calendar date (YYYY-MM-DD).');
      if (input.end_date < vietnamDay(first)) throw invalid('end_date', `The end date cannot be before the first post's day (${vietnamDay(first)}, Vietnam time).`);
    }
    const schedule: PostSchedule = { first, repeat: input.repeat, iterations: input.iterations, endDate: input.end_date };
    if (occurrenceAt(schedule, 1) === null) throw invalid('repeat', 'This schedule has no post: no chosen weekday falls before the end date.');
    return { pageIds, mediaIds, schedule };
  }

  /** The first run of the plan on every page (schedule occurrence `index`), with its job, in the caller's transaction. */
  async function planRuns(tx: Transaction, post: ScheduledPostRow, index: number, at: Date, pageIds: readonly string[]): Promise<PostRunRow[]> {
    const planned: PostRunRow[] = [];
    for (const pageId of pageIds) {
      const run = await repo.insertRun(tx, {
        id: randomUUID(),
        postId: post.id,
        userId: post.userId,
        pageId,
        seq: post.seqBase + index,
        runAt: at,
        status: 'scheduled',
        facebookPostId: null,
        error: null,
        publishedAt: null,
        createdAt: now(),
        updatedAt: now(),
      });
      if (!run) continue;
      await app.jobs.enqueue(POST_PUBLISH_QUEUE, { runId: run.id }, { dedupeKey: `${POST_PUBLISH_QUEUE}:${run.id}`, runAt: at, maxAttempts: PUBLISH_MAX_ATTEMPTS }, tx);
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
      const at = run.seq > post.seqBase && post.pageIds.includes(run.pageId) ? occurrenceAt(scheduleOf(post), index) : null;
      if (at) {
        await planRuns(tx, post, index, at, [run.pageId]);
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

  /** The post's own text in the page's feed, made after this run started publishing and not another run's. */
  async function findPublished(run: PostRunRow, post: ScheduledPostRow, token: string): Promise<string | undefined> {
    const since = run.updatedAt.getTime() - READ_BACK_SKEW_MS;
    const taken = await repo.publishedIds(post.id, run.pageId);
    const feed = await meta.graph.pageFeed(run.pageId, token, READ_BACK_POSTS);
    return feed.find((item) => {
      const created = item.created_time ? Date.parse(item.created_time.replace(/\+0000$/, 'Z')) : Number.NaN;
      return item.message.trim() === post.content.trim() && !taken.has(item.id) && (Number.isNaN(created) || created >= since);
    })?.id;
  }

  async function publish(run: PostRunRow, post: ScheduledPostRow, token: string): Promise<string> {
    const images = await repo.mediaOf(post.userId, post.mediaIds);
    const byId = new Map(images.map((row) => [row.id, row]));
    const urls = post.mediaIds.filter((id) => byId.has(id)).map(mediaUrl);
    if (urls.length === 0) return (await meta.graph.publishPost(run.pageId, token, { message: post.content })).id;
    if (urls.length === 1) {
      const photo = await meta.graph.publishPhoto(run.pageId, token, { url: urls[0] ?? '', caption: post.content });
      return photo.post_id ?? photo.id;
    }
    return (await meta.graph.publishPhotos(run.pageId, token, { message: post.content, urls })).id;
  }

  const graphMessage = (error: GraphApiError) => excerpt(`Facebook: ${error.graph.message ?? 'no message'} (code ${error.code ?? error.httpStatus})`, ERROR_MAX_CHARS);

  async function publishRun(runId: string, context: Pick<JobContext, 'attempt' | 'maxAttempts'>): Promise<void> {
    let run = await repo.run(runId);
    if (!run) return;
    const post = await repo.post(run.postId);
    if (!post) return;
    let resumed = false;
    if (run.status === 'scheduled') {
      if (post.status === 'cancelled') return;
      const claimed = await repo.claimRun(run.id, now());
      // Another instance took it, or it was cancelled a moment ago: nothing to do here.
      if (!claimed) return;
      run = claimed;
      if (now().getTime() - run.runAt.getTime() > POST_MISSED_AFTER_MS) {
        await endRun(run, { status: 'failed', error: 'Missed: the server was not running at the planned time, so this post was not published late.' });
        return;
      }
    } else if (run.status === 'publishing') {
      // A first attempt finding it publishing: someone else is publishing it right now (the job is the only way in).
      if (context.attempt <= 1) return;
      // An earlier attempt was cut off (instance died, network, 5xx): it may have reached Facebook.
      resumed = true;
    } else {
      return;
    }

    let token: string;
    try {
      token = await app.facebook.pageToken(run.userId, run.pageId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.status === 409) await app.facebook.flagReconnect(run.userId, run.pageId);
      await endRun(run, { status: 'failed', error: error.status === 404 ? 'The page is no longer connected.' : error.message });
      return;
    }

    try {
      const found = resumed ? await findPublished(run, post, token) : undefined;
      const facebookPostId = found ?? (await publish(run, post, token));
      if (found) app.log.info({ runId: run.id }, 'posts: an earlier attempt had published the run; recorded it');
      await endRun(run, { status: 'published', facebookPostId, publishedAt: now() });
    } catch (error) {
      if (!(error instanceof GraphApiError)) throw error;
      app.log.warn({ kind: error.kind, graphCode: error.code, httpStatus: error.httpStatus, operation: error.operation, runId: run.id }, 'posts: Facebook refused a post');
      switch (error.kind) {
        case 'token':
        case 'permission':
          await app.facebook.flagReconnect(run.userId, run.pageId);
          await endRun(run, { status: 'failed', error: graphMessage(error) });
          return;
        case 'rate_limit':
        case 'server':
        case 'network':
          // Left `publishing`: the next attempt reads the feed back first.
          if (context.attempt < context.maxAttempts) throw error;
          await endRun(run, { status: 'failed', error: graphMessage(error) });
          return;
        default:
          await endRun(run, { status: 'failed', error: graphMessage(error) });
      }
    }
  }

  async function enqueueHealthCheck(): Promise<void> {
    const next = nextHealthCheck(now());
    await app.jobs.enqueue(PAGES_HEALTH_QUEUE, {}, { dedupeKey: `${PAGES_HEALTH_QUEUE}:${next.day}`, runAt: next.runAt, maxAttempts: 3 });
  }
  const selfScheduling = app.config.jobs.pollIntervalMs > 0;

  const service: PostsService = {
    async list(userId, pageId) {
      if (!(await app.facebookRepository.ownedPageIds(userId, [pageId])).has(pageId)) {
        throw new AppError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
      }
      return present(userId, await repo.runsOfPage(userId, pageId, LIST_LIMIT));
    },

    async create(userId, input) {
      const { pageIds, mediaIds, schedule } = await checkInput(userId, input, { requireFuture: true });
      const at = occurrenceAt(schedule, 1);
      if (!at) throw invalid('repeat', 'This schedule has no post.');
      const created = now();
      const post: ScheduledPostRow = {
        id: randomUUID(),
        userId,
        idea: input.idea,
        content: input.content,
        pageIds,
        firstAt: schedule.first,
        repeat: input.repeat,
        iterations: input.iterations,
        endDate: input.end_date,
        mediaIds,
        seqBase: 0,
        status: 'active',
        createdAt: created,
        updatedAt: created,
      };
      const runs = await app.db.orm.transaction(async (tx) => {
        await repo.insertPost(tx, post);
        return planRuns(tx, post, 1, at, pageIds);
      });
      app.jobs.nudge();
      return present(userId, runs.map((run) => ({ run, post })));
    },

    async update(userId, postId, input) {
      const existing = isUuid(postId) ? await repo.findPost(userId, postId) : undefined;
      if (!existing) throw postNotFound();
      // The same first time is the same schedule going on: plan from its next future occurrence. A new time must be ahead.
      const sameStart = new Date(input.time).getTime() === existing.firstAt.getTime();
      const { pageIds, mediaIds, schedule } = await checkInput(userId, input, { requireFuture: !sameStart });
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
          idea: input.idea,
          content: input.content,
          pageIds,
          firstAt: schedule.first,
          repeat: input.repeat,
          iterations: input.iterations,
          endDate: input.end_date,
          mediaIds,
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
      const existing = isUuid(postId) ? await repo.findPost(userId, postId) : undefined;
      if (!existing) throw postNotFound();
      await app.db.orm.transaction(async (tx) => {
        const post = await repo.lockPost(tx, existing.id);
        if (!post || post.status === 'cancelled') return;
        await repo.updatePost(tx, post.id, { status: 'cancelled', updatedAt: now() });
        await repo.cancelScheduledRuns(tx, post.id, now());
      });
    },

    async draft(userId, idea, pageId) {
      let fileIds: string[] | undefined;
      if (pageId !== undefined) {
        if (!(await app.facebookRepository.ownedPageIds(userId, [pageId])).has(pageId)) {
          throw new AppError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
        }
        const [manager] = await app.facebookRepository.listManagers(userId, [pageId]);
        // The page's chosen documents; none chosen → every document of the user.
        if (manager && manager.files.length > 0) fileIds = await repo.documentFileIds(userId, manager.files);
      }
      let passages: RetrievedPassage[] = [];
      try {
        passages = fileIds?.length === 0 ? [] : await app.retrieval.search(userId, idea, { ...(fileIds ? { fileIds } : {}), limit: DRAFT_PASSAGES });
      } catch (error) {
        app.log.warn({ err: error }, 'posts: retrieval failed; drafting without documents');
      }
      const { system, messages } = buildPostDraftPrompt(idea, passages);
      const maxOutputTokens = Math.min(DRAFT_MAX_OUTPUT_TOKENS, app.config.llm.maxOutputTokens);
      const promptTokens = countTokens(system) + messages.reduce((sum, message) => sum + countTokens(message.content), 0);
      const chargeKey = `post-draft:${randomUUID()}`;
      // The hold first: a refused draft (402) never reaches the model.
      const { reservationId } = await ledger.reserve(userId, Math.max(1, ledger.costOf(promptTokens + maxOutputTokens)), `${chargeKey}:hold`, pageId ? { pageId } : {});
      let produced = '';
      let usage;
      try {
        const stream = app.llm.stream({ system, messages, temperature: 0.7, maxOutputTokens, signal: AbortSignal.timeout(120_000), context: passages, task: { mode: 'post_draft' } });
        for await (const piece of stream.deltas) produced += piece;
        usage = stream.usage();
      } catch (error) {
        await ledger.release(reservationId, `${chargeKey}:release`);
        const failure = error instanceof LlmProviderError ? error : new LlmProviderError('The AI model failed.', { cause: error });
        app.log.warn({ err: failure.cause ?? failure }, 'posts: the draft model failed');
        throw new AppError(503, 'UNAVAILABLE', 'The AI could not write the post right now. Please try again.');
      }
      const content = produced.trim().slice(0, POST_LIMITS.contentMaxChars);
      if (content === '') {
        await ledger.release(reservationId, `${chargeKey}:release`);
        throw new AppError(503, 'UNAVAILABLE', 'The AI wrote nothing for this idea. Please try again.');
      }
      const settlement = await ledger.settle(reservationId, { ...usage, message: `Post draft: ${excerpt(idea, 60)}` }, chargeKey);
      return {
        content,
        usage: { prompt_tokens: settlement.promptTokens, completion_tokens: settlement.completionTokens, total_tokens: settlement.totalTokens, cost: settlement.charged },
      };
    },

    async uploadImage(userId, fileName, bytes) {
      if (bytes.length === 0) throw new AppError(400, 'BAD_REQUEST', 'The image is empty.');
      if (bytes.length > POST_LIMITS.imageMaxBytes) {
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The image is larger than ${POST_LIMITS.imageMaxBytes / (1024 * 1024)} MB.`);
      }
      const contentType = imageTypeOf(bytes);
      if (!contentType) throw new AppError(400, 'FILE_FORMAT_NOT_ALLOWED', 'Only JPEG, PNG, WebP or GIF images can be posted.');
      const storedName = newStoredName();
      await app.files.put(storedName, bytes);
      const row: MediaFileRow = {
        id: randomUUID(),
        userId,
        fileName: excerpt(path.basename(fileName.replaceAll('\\', '/')), 200) || 'image',
        storedName,
        contentType,
        sizeBytes: bytes.length,
        createdAt: now(),
      };
      try {
        await repo.insertMedia(row);
      } catch (error) {
        await app.files.delete(storedName).catch(() => undefined);
        throw error;
      }
      return toImage(row);
    },

    async media(mediaId) {
      if (!isUuid(mediaId)) return undefined;
      const row = await repo.findMedia(mediaId);
      if (!row) return undefined;
      try {
        return { contentType: row.contentType, bytes: await app.files.get(row.storedName) };
      } catch (error) {
        app.log.warn({ err: error, mediaId }, 'posts: an image row has no bytes');
        return undefined;
      }
    },

    publishRun,

    async checkPages() {
      const pages = await repo.connectedPages();
      const flagged: string[] = [];
      for (const page of pages) {
        // Already waiting for a reconnect: the user was told; reconnecting clears the flag.
        if (page.needsReconnect) continue;
        try {
          const token = await app.facebook.pageToken(page.userId, page.pageId);
          await meta.graph.me(token);
          await meta.graph.subscribedFields(page.pageId, token);
        } catch (error) {
          const refused = (error instanceof GraphApiError && (error.kind === 'token' || error.kind === 'permission')) || (error instanceof AppError && error.status === 409);
          if (refused) {
            await app.facebook.flagReconnect(page.userId, page.pageId);
            flagged.push(page.pageId);
          } else {
            app.log.warn({ err: error, pageId: page.pageId }, 'posts: the daily page check could not reach Facebook');
          }
        }
      }
      app.log.info({ checked: pages.length, flagged: flagged.length }, 'posts: daily page check done');
      return { checked: pages.length, flagged };
    },
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
