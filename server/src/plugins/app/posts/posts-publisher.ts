import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors/app-error.js';
import type { JobContext } from '../../../jobs/index.js';
import { GraphApiError } from '../../../meta/graph-client.js';
import type { PostRunRow, ScheduledPostRow } from './posts-repository.js';
import { ContainerNotReady, createInstagramPublisher, InstagramRefusal } from './posts-instagram.js';
import { excerpt } from './posts-rules.js';
import type { PostRuns } from './posts-runs.js';

/** A run that could not start within this long after its time (the server was down) is not published late. */
export const POST_MISSED_AFTER_MS = 6 * 3600 * 1000;
/** A read-back only takes posts made after the run started publishing, less this much clock skew. */
const READ_BACK_SKEW_MS = 5 * 60_000;
const READ_BACK_POSTS = 25;
const ERROR_MAX_CHARS = 500;

/** The `post.publish` job's work: claim the run, publish it at Facebook (or find what a cut-off attempt published), end it. */
export function createPostPublisher(app: FastifyInstance, runs: Pick<PostRuns, 'endRun'>, mediaUrl: (mediaId: string) => string) {
  const repo = app.postsRepository;
  const { meta } = app;
  const now = () => app.clock.now();
  const { endRun } = runs;
  const instagram = createInstagramPublisher(app, mediaUrl);

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

  /** Meta's own words, kept as the details of a failure. */
  const graphMessage = (error: GraphApiError) => excerpt(`${error.graph.message ?? 'no message'} (code ${error.code ?? error.httpStatus})`, ERROR_MAX_CHARS);

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
        await endRun(run, { status: 'failed', reason: 'missed', error: null });
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
      await endRun(run, error.status === 404 ? { status: 'failed', reason: 'page_gone', error: null } : { status: 'failed', reason: 'reconnect', error: excerpt(error.message, ERROR_MAX_CHARS) });
      return;
    }

    try {
      if (run.channel === 'instagram') {
        await endRun(run, { status: 'published', facebookPostId: await instagram.publish(run, post, token), publishedAt: now() });
        return;
      }
      const found = resumed ? await findPublished(run, post, token) : undefined;
      const facebookPostId = found ?? (await publish(run, post, token));
      if (found) app.log.info({ runId: run.id }, 'posts: an earlier attempt had published the run; recorded it');
      await endRun(run, { status: 'published', facebookPostId, publishedAt: now() });
    } catch (error) {
      if (error instanceof InstagramRefusal) return void (await endRun(run, { status: 'failed', reason: error.reason, error: error.detail }));
      if (error instanceof ContainerNotReady) {
        // Left `publishing` with its container: the next attempt (after the queue's backoff) looks again.
        if (context.attempt < context.maxAttempts) throw error;
        return void (await endRun(run, { status: 'failed', reason: 'instagram_timeout', error: null }));
      }
      if (!(error instanceof GraphApiError)) throw error;
      app.log.warn({ kind: error.kind, graphCode: error.code, httpStatus: error.httpStatus, operation: error.operation, runId: run.id }, 'posts: Facebook refused a post');
      switch (error.kind) {
        case 'token':
        case 'permission':
          await app.facebook.flagReconnect(run.userId, run.pageId);
          await endRun(run, { status: 'failed', reason: 'reconnect', error: graphMessage(error) });
          return;
        case 'rate_limit':
        case 'server':
        case 'network':
          // Left `publishing`: the next attempt reads the feed back first.
          if (context.attempt < context.maxAttempts) throw error;
          await endRun(run, { status: 'failed', reason: 'meta_unavailable', error: graphMessage(error) });
          return;
        default:
          await endRun(run, { status: 'failed', reason: 'meta_refused', error: graphMessage(error) });
      }
    }
  }

  return { publishRun };
}
