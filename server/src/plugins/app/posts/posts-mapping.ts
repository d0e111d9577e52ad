import { occurrenceAt, type PostImage, type PostSchedule, type ScheduledPost, vietnamDay } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors/app-error.js';
import type { MediaFileRow, PostRunRow, ScheduledPostRow } from './posts-repository.js';
import { invalid, POST_MIN_LEAD_MS, type PostInput, repeatOf } from './posts-rules.js';

/** Between the contract and the rows: the runs as the API answers them, and the checks of an incoming post body. */
export function createPostMapping(app: FastifyInstance, toImage: (row: MediaFileRow) => PostImage) {
  const repo = app.postsRepository;
  const now = () => app.clock.now();

  async function present(userId: string, rows: { run: PostRunRow; post: ScheduledPostRow }[]): Promise<ScheduledPost[]> {
    const mediaIds = [...new Set(rows.flatMap((row) => row.post.mediaIds))];
    const media = new Map((await repo.mediaOf(userId, mediaIds)).map((row) => [row.id, row]));
    const sandbox = await repo.sandboxPages(userId, [...new Set(rows.map((row) => row.run.pageId))]);
    return rows.map(({ run, post }) => ({
      post_id: post.id,
      run_id: run.id,
      page_id: run.pageId,
      channel: run.channel as ScheduledPost['channel'],
      channels: post.channels,
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
      // An Instagram media id is not an address (its permalink would take a Graph call).
      facebook_url: run.facebookPostId && run.channel === 'facebook' && !sandbox.has(run.pageId) ? `https://www.facebook.com/${run.facebookPostId}` : null,
      error_code: (run.errorCode as ScheduledPost['error_code']) ?? null,
      error: run.error,
    }));
  }

  /** Every rule of a post body the contract cannot check alone: the user's pages and images, the dates. */
  async function checkInput(
    userId: string,
    input: PostInput,
    options: { requireFuture: boolean },
  ): Promise<{ pageIds: string[]; mediaIds: string[]; channels: ('facebook' | 'instagram')[]; schedule: PostSchedule }> {
    const first = new Date(input.time);
    if (options.requireFuture && first.getTime() < now().getTime() + POST_MIN_LEAD_MS) {
      throw invalid('time', 'The post time must be in the future (at least a minute from now).');
    }
    const pageIds = [...new Set(input.page_ids)];
    const owned = await app.facebookRepository.ownedPageIds(userId, pageIds);
    const foreign = pageIds.find((pageId) => !owned.has(pageId));
    if (foreign !== undefined) throw new AppError(404, 'NOT_FOUND', `Page ${foreign} is not among your connected Facebook pages`);
    const mediaIds = [...new Set(input.media_ids)];
    const mine = new Set((await repo.mediaOf(userId, mediaIds)).map((row) => row.id));
    const unknownImage = mediaIds.find((id) => !mine.has(id));
    if (unknownImage !== undefined) throw new AppError(404, 'NOT_FOUND', `Image ${unknownImage} is not among your uploaded images`);
    const channels = [...new Set(input.channels)];
    if (channels.includes('instagram')) {
      if (mediaIds.length === 0) throw invalid('media_ids', 'An Instagram post needs at least one image.');
      // A linked account PageMate is allowed on: its posts need the Instagram permissions.
      const [pages, accounts] = await Promise.all([app.facebookRepository.listPages(userId), app.facebookRepository.listAccounts(userId)]);
      const allowed = new Set(accounts.filter((account) => account.instagramAllowed).map((account) => account.id));
      const linked = new Set(pages.filter((page) => page.igUserId && allowed.has(page.accountId)).map((page) => page.pageId));
      const unlinked = pageIds.find((pageId) => !linked.has(pageId));
      if (unlinked !== undefined) throw invalid('channels', `Page ${unlinked} has no linked Instagram professional account that PageMate is allowed on.`);
    }
    if (input.end_date !== null) {
      if (Number.isNaN(Date.parse(`${input.end_date}T00:00:00Z`))) throw invalid('end_date', 'The end date is not a calendar date (YYYY-MM-DD).');
      if (input.end_date < vietnamDay(first)) throw invalid('end_date', `The end date cannot be before the first post's day (${vietnamDay(first)}, Vietnam time).`);
    }
    const schedule: PostSchedule = { first, repeat: input.repeat, iterations: input.iterations, endDate: input.end_date };
    if (occurrenceAt(schedule, 1) === null) throw invalid('repeat', 'This schedule has no post: no chosen weekday falls before the end date.');
    return { pageIds, mediaIds, channels, schedule };
  }

  return { present, checkInput };
}
