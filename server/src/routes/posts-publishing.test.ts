import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, postRuns } from '../db/schema/index.js';
import { nextHealthCheck } from '../plugins/app/posts/posts-service.js';
import { ManualClock } from '../test/clock.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { JPEG, PNG, postsApp, postSteps, type PostsUser, unique, WEBP } from '../test/posts.js';

/**
 * Scheduled posts published: once, with their images, read back after a cut-off attempt, once across two
 * instances; a revoked page token, and the daily page check that finds one.
 */
describe.each(testDatabases)('scheduled posts: publishing and page health (%s)', (kind) => {
  // Wednesday 29 January 2031, 08:00 in Vietnam.
  const clock = new ManualClock(new Date('2031-01-29T01:00:00Z'));
  let t: TestApp;
  let lan: PostsUser;
  /** Lan's copies of her demo pages (demo account 100090000000001); every other user has their own (`pagesOf`). */
  let [BAKERY, FASHION, COFFEE] = ['', '', ''];
  const { moveTo, newUser, pagesOf, body, create, listOf, runsOf, postRow, sandboxPosts, uploadImage, revokePage, pageRow, reconnectNotices } = postSteps(clock, () => t);

  beforeAll(async () => {
    t = await postsApp(kind, clock);
    lan = await newUser();
    ({ bakery: BAKERY, fashion: FASHION, coffee: COFFEE } = pagesOf(lan));
  });
  afterAll(() => t?.close());

  it('publishes a due run once, with its image, and plans the next occurrence', async () => {
    const upload = await uploadImage(lan, { name: 'banh-mi.png', bytes: PNG });
    expect(upload.statusCode, upload.body).toBe(200);
    const image = (upload.json() as { data: { media_id: string; url: string } }).data;
    const content = unique('Ảnh bánh mì nóng giòn');
    const [run] = await create(lan, body(lan, { content, media_ids: [image.media_id], repeat: { kind: 'custom', every: 1, unit: 'days' }, iterations: 2 }));
    expect(run?.images).toEqual([{ media_id: image.media_id, url: image.url, file_name: 'banh-mi.png', size_bytes: PNG.length }]);
    clock.advanceSeconds(11 * 60);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const photos = await sandboxPosts(lan, BAKERY, content);
    expect(photos).toHaveLength(1);
    expect(photos[0]?.kind).toBe('photo_post');
    expect(photos[0]?.payload).toMatchObject({ url: image.url, caption: content, published: true });

    const runs = await runsOf(run?.post_id ?? '');
    expect(runs.map((row) => [row.seq, row.status])).toEqual([
      [1, 'published'],
      [2, 'scheduled'],
    ]);
    expect(runs[0]?.facebookPostId).toBe((photos[0]?.payload as { post_id: string }).post_id);
    expect(runs[1]?.runAt.getTime()).toBe((runs[0]?.runAt.getTime() ?? 0) + 24 * 3600 * 1000);
    // Running the job again (a replay) publishes nothing more.
    const [job] = (await t.app.jobs.list('post.publish')).filter((row) => row.dedupeKey === `post.publish:${run?.run_id ?? ''}`);
    expect(job?.status).toBe('done');
    await t.app.posts.publishRun(run?.run_id ?? '', { attempt: 2, maxAttempts: 5 });
    expect(await sandboxPosts(lan, BAKERY, content)).toHaveLength(1);
  });

  it('several images: unpublished photos, then one feed post attaching them', async () => {
    const ids: string[] = [];
    for (const bytes of [PNG, JPEG, WEBP]) {
      const response = await uploadImage(lan, { name: 'anh.bin', bytes });
      expect(response.statusCode, response.body).toBe(200);
      ids.push((response.json() as { data: { media_id: string } }).data.media_id);
    }
    const content = unique('Bộ sưu tập mới');
    const [run] = await create(lan, body(lan, { content, page_ids: [FASHION], media_ids: ids }));
    clock.advanceSeconds(11 * 60);
    await t.app.jobs.runDue();
    const [post] = await sandboxPosts(lan, FASHION, content);
    expect(post?.kind).toBe('feed_post');
    const attached = (post?.payload as { attached_media: { media_fbid: string }[] }).attached_media;
    expect(attached).toHaveLength(3);
    const activity = await t.app.sandboxRepository.activityOf(lan.userId, FASHION, 5000);
    const unpublished = activity.filter((event) => event.kind === 'photo_post' && (event.payload as { published?: boolean }).published === false);
    for (const media of attached) expect(unpublished.some((event) => (event.payload as { id: string }).id === media.media_fbid)).toBe(true);
    const [row] = await runsOf(run?.post_id ?? '');
    expect(row).toMatchObject({ status: 'published', facebookPostId: (post?.payload as { id: string }).id });
  });

  it('a run found publishing (its instance died mid-call) is read back from the feed instead of posted twice', async () => {
    const content = unique('Giao hàng miễn phí hôm nay');
    const [run] = await create(lan, body(lan, { content, page_ids: [COFFEE] }));
    clock.advanceSeconds(11 * 60);
    // The first attempt published, then died before recording it.
    const token = await t.app.facebook.pageToken(lan.userId, COFFEE);
    await t.app.db.orm.update(postRuns).set({ status: 'publishing', updatedAt: clock.now() }).where(eq(postRuns.id, run?.run_id ?? ''));
    const { id } = await t.app.meta.graph.publishPost(COFFEE, token, { message: content });
    // A first attempt finding it publishing leaves it to whoever is publishing it.
    await t.app.posts.publishRun(run?.run_id ?? '', { attempt: 1, maxAttempts: 5 });
    expect((await runsOf(run?.post_id ?? ''))[0]?.status).toBe('publishing');
    await t.app.posts.publishRun(run?.run_id ?? '', { attempt: 2, maxAttempts: 5 });
    expect(await sandboxPosts(lan, COFFEE, content)).toHaveLength(1);
    expect((await runsOf(run?.post_id ?? ''))[0]).toMatchObject({ status: 'published', facebookPostId: id });
  });

  it.runIf(kind === 'postgres')('two instances on one database publish a due run exactly once', async () => {
    const second = await buildTestApp(kind, { clock, env: { RATE_LIMIT_DISABLED: 'true' }, databaseUrl: t.databaseUrl ?? '' });
    try {
      const contents = [unique('Hai máy chủ, một bài'), unique('Hai máy chủ, bài thứ hai')];
      const created = [];
      for (const content of contents) created.push(...(await create(lan, body(lan, { content, page_ids: [BAKERY, COFFEE] }))));
      clock.advanceSeconds(11 * 60);
      await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue(), t.app.jobs.runDue(), second.app.jobs.runDue()]);
      for (const content of contents) {
        expect(await sandboxPosts(lan, BAKERY, content)).toHaveLength(1);
        expect(await sandboxPosts(lan, COFFEE, content)).toHaveLength(1);
      }
      for (const run of created) expect((await runsOf(run.post_id)).every((row) => row.status === 'published')).toBe(true);

      // Even handed the same run at once (bypassing the queue), the conditional claim lets one publish.
      const content = unique('Cùng lúc');
      const [run] = await create(lan, body(lan, { content }));
      clock.advanceSeconds(11 * 60);
      await Promise.all([t.app.posts.publishRun(run?.run_id ?? '', { attempt: 1, maxAttempts: 5 }), second.app.posts.publishRun(run?.run_id ?? '', { attempt: 1, maxAttempts: 5 })]);
      expect(await sandboxPosts(lan, BAKERY, content)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('a revoked page token: the run fails without retries, the page needs reconnecting, the user is told', async () => {
    const user = await newUser();
    const own = pagesOf(user);
    await revokePage(user, own.fashion);
    const content = unique('Áo mới về');
    const [run] = await create(user, body(user, { content, page_ids: [own.fashion] }));
    clock.advanceSeconds(11 * 60);
    const summary = await t.app.jobs.runDue();
    expect(summary.retried).toBe(0);
    const [row] = await runsOf(run?.post_id ?? '');
    expect(row?.status).toBe('failed');
    expect(row).toMatchObject({ errorCode: 'reconnect', error: expect.stringContaining('(code 190)') });
    expect((await pageRow(user, own.fashion))?.needsReconnect).toBe(true);
    expect(await reconnectNotices(user, own.fashion)).toHaveLength(1);
    const [listed] = (await listOf(user, own.fashion)).filter((item) => item.run_id === run?.run_id);
    expect(listed).toMatchObject({ status: 'failed', facebook_post_id: null, error_code: 'reconnect' });
    expect((await postRow(run?.post_id ?? ''))?.status).toBe('finished');
  });

  it('the daily page check flags a revoked page and leaves good ones alone; it schedules itself at 08:00 Vietnam time', async () => {
    const user = await newUser();
    const own = pagesOf(user);
    await revokePage(user, own.coffee);
    const result = await t.app.posts.checkPages();
    expect(result.flagged).toContain(own.coffee);
    expect((await pageRow(user, own.coffee))?.needsReconnect).toBe(true);
    expect((await pageRow(user, own.bakery))?.needsReconnect).toBe(false);
    expect((await pageRow(user, own.fashion))?.needsReconnect).toBe(false);
    expect(await reconnectNotices(user, own.coffee)).toHaveLength(1);
    expect(await reconnectNotices(user, own.bakery)).toHaveLength(0);
    // Checked again (flagged pages are skipped): no second notice.
    await t.app.posts.checkPages();
    expect(await reconnectNotices(user, own.coffee)).toHaveLength(1);

    // Tests run the queue by hand (JOBS_POLL_INTERVAL_MS=0): nothing scheduled itself.
    expect(await t.app.db.orm.select().from(jobs).where(eq(jobs.queue, 'pages.health'))).toHaveLength(0);
    // With a worker, the app enqueues the next 08:00 (Vietnam) check when ready; each run enqueues the next day's.
    const worker = await buildTestApp(kind, { clock, env: { JOBS_POLL_INTERVAL_MS: '60000' } });
    try {
      const next = nextHealthCheck(clock.now());
      const healthJobs = () => worker.app.jobs.list('pages.health');
      expect((await healthJobs()).map((job) => [job.dedupeKey, job.runAt.toISOString()])).toEqual([[`pages.health:${next.day}`, next.runAt.toISOString()]]);
      moveTo(next.runAt);
      // The worker's own poller may take the due job first (then runDue finds nothing to claim and returns while the
      // poller's run is still going): wait for the job to be done, whoever runs it; it runs once (checked below).
      await worker.app.jobs.runDue();
      const following = nextHealthCheck(clock.now());
      expect(following.runAt.getTime() - next.runAt.getTime()).toBe(24 * 3600 * 1000);
      await vi.waitFor(async () => expect((await healthJobs())[0]?.status).toBe('done'), { timeout: 15_000, interval: 50 });
      expect((await healthJobs()).map((job) => [job.dedupeKey, job.status])).toEqual([
        [`pages.health:${next.day}`, 'done'],
        [`pages.health:${following.day}`, 'queued'],
      ]);
    } finally {
      await worker.close();
    }
    expect(nextHealthCheck(new Date('2031-05-01T00:30:00Z'))).toEqual({ runAt: new Date('2031-05-01T01:00:00Z'), day: '2031-05-01' });
    expect(nextHealthCheck(new Date('2031-05-01T01:00:00Z'))).toEqual({ runAt: new Date('2031-05-02T01:00:00Z'), day: '2031-05-02' });
    expect(nextHealthCheck(new Date('2031-05-01T20:00:00Z'))).toEqual({ runAt: new Date('2031-05-02T01:00:00Z'), day: '2031-05-02' });
  });
});
