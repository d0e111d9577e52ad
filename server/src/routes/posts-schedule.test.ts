import type { ScheduledPost } from '@pagemate/shared-contracts/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../test/clock.js';
import { type TestApp, testDatabases } from '../test/helper.js';
import { PNG, postsApp, postSteps, type PostsUser, unique } from '../test/posts.js';

/**
 * Scheduled posts planned: the first run on every page, each next one as runs end (monthly across month ends,
 * weekdays across the month end), what cannot be planned refused with reasons, update and delete.
 */
describe.each(testDatabases)('scheduled posts: planning, update and delete (%s)', (kind) => {
  // Wednesday 29 January 2031, 08:00 in Vietnam: month ends ahead.
  const clock = new ManualClock(new Date('2031-01-29T01:00:00Z'));
  let t: TestApp;
  let lan: PostsUser;
  /** Lan's copies of her demo pages (demo account 100090000000001); every other user has their own (`pagesOf`). */
  let [BAKERY, FASHION] = ['', ''];
  const { moveTo, inMinutes, call, newUser, body, create, listOf, runsOf, postRow, sandboxPosts, uploadImage, pagesOf } = postSteps(clock, () => t);

  beforeAll(async () => {
    t = await postsApp(kind, clock);
    lan = await newUser();
    ({ bakery: BAKERY, fashion: FASHION } = pagesOf(lan));
  });
  afterAll(() => t?.close());

  it('plans the first run on every page, then each next one as runs end: a monthly repeat across month ends', async () => {
    const content = unique('Khuyến mãi cuối tháng');
    // Friday 31 January 2031, 10:00 in Vietnam, every month, three times.
    const runs = await create(lan, body(lan, { content, page_ids: [BAKERY, FASHION], time: '2031-01-31T03:00:00.000Z', repeat: { kind: 'custom', every: 1, unit: 'months' }, iterations: 3 }));
    expect(runs.map((run) => [run.page_id, run.seq, run.time, run.status])).toEqual([
      [BAKERY, 1, '2031-01-31T03:00:00.000Z', 'scheduled'],
      [FASHION, 1, '2031-01-31T03:00:00.000Z', 'scheduled'],
    ]);
    const postId = runs[0]?.post_id ?? '';
    const jobsOf = await t.app.jobs.list('post.publish');
    expect(jobsOf.filter((job) => runs.some((run) => job.dedupeKey === `post.publish:${run.run_id}`)).map((job) => job.runAt.toISOString())).toEqual([
      '2031-01-31T03:00:00.000Z',
      '2031-01-31T03:00:00.000Z',
    ]);
    // Nothing before its time.
    await t.app.jobs.runDue();
    expect(await sandboxPosts(lan, BAKERY, content)).toHaveLength(0);

    for (const due of ['2031-01-31T03:00:00.000Z', '2031-02-28T03:00:00.000Z', '2031-03-31T03:00:00.000Z']) {
      moveTo(due);
      await t.app.jobs.runDue();
    }
    const all = await runsOf(postId);
    // Runs come by page id, then sequence.
    const [first, second] = [BAKERY, FASHION].sort();
    expect(all.map((run) => [run.pageId, run.seq, run.runAt.toISOString(), run.status])).toEqual([
      [first, 1, '2031-01-31T03:00:00.000Z', 'published'],
      [first, 2, '2031-02-28T03:00:00.000Z', 'published'],
      [first, 3, '2031-03-31T03:00:00.000Z', 'published'],
      [second, 1, '2031-01-31T03:00:00.000Z', 'published'],
      [second, 2, '2031-02-28T03:00:00.000Z', 'published'],
      [second, 3, '2031-03-31T03:00:00.000Z', 'published'],
    ]);
    expect(await sandboxPosts(lan, BAKERY, content)).toHaveLength(3);
    expect(await sandboxPosts(lan, FASHION, content)).toHaveLength(3);
    expect((await postRow(postId))?.status).toBe('finished');

    const listed = (await listOf(lan, BAKERY)).filter((run) => run.post_id === postId);
    expect(listed.map((run) => run.seq)).toEqual([3, 2, 1]);
    expect(listed[0]).toMatchObject({ status: 'published', content, facebook_url: null, error: null });
    expect(listed[0]?.facebook_post_id).toMatch(new RegExp(`^${BAKERY}_`));
  });

  it('a weekday repeat walks over the month end at the same time of day', async () => {
    const content = unique('Thứ hai và thứ sáu có bánh mới');
    // From Thursday 3 April 2031 (Vietnam) on Mondays and Fridays: Fri 4, Mon 7, Fri 11… stopping at the end date.
    moveTo('2031-04-01T01:00:00.000Z');
    const runs = await create(lan, body(lan, { content, time: '2031-04-03T02:30:00.000Z', repeat: { kind: 'days', days: ['mon', 'fri'] }, end_date: '2031-04-07' }));
    expect(runs.map((run) => run.time)).toEqual(['2031-04-04T02:30:00.000Z']);
    moveTo('2031-04-04T02:30:00.000Z');
    await t.app.jobs.runDue();
    moveTo('2031-04-07T02:30:00.000Z');
    await t.app.jobs.runDue();
    const postId = runs[0]?.post_id ?? '';
    expect((await runsOf(postId)).map((run) => [run.seq, run.runAt.toISOString(), run.status])).toEqual([
      [1, '2031-04-04T02:30:00.000Z', 'published'],
      [2, '2031-04-07T02:30:00.000Z', 'published'],
    ]);
    expect((await postRow(postId))?.status).toBe('finished');
  });

  it('refuses what cannot be planned, with messages that say why', async () => {
    const past = await call(lan, 'POST', '/api/v1/facebook/post/create', body(lan, { time: inMinutes(-5) }));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The post time must be in the future (at least a minute from now).' });

    const endless = await call(lan, 'POST', '/api/v1/facebook/post/create', body(lan, { repeat: { kind: 'custom', every: 1, unit: 'days' } }));
    expect(endless.statusCode).toBe(400);
    expect(JSON.stringify(endless.json())).toContain('A repeating post needs a number of posts or an end date');

    const time = '2031-04-20T03:00:00.000Z';
    const backwards = await call(lan, 'POST', '/api/v1/facebook/post/create', body(lan, { time, repeat: { kind: 'custom', every: 1, unit: 'days' }, end_date: '2031-04-19' }));
    expect(backwards.statusCode).toBe(400);
    expect((backwards.json() as { message: string }).message).toContain("The end date cannot be before the first post's day (2031-04-20");

    const stranger = await newUser(false);
    const foreignPage = await call(stranger, 'POST', '/api/v1/facebook/post/create', body(stranger, { page_ids: [BAKERY] }));
    expect(foreignPage.statusCode).toBe(404);
    expect((foreignPage.json() as { message: string }).message).toContain(`Page ${BAKERY} is not among your connected Facebook pages`);
    const foreignList = await call(stranger, 'POST', '/api/v1/facebook/get-posts', { user_id: stranger.userId, page_id: BAKERY });
    expect(foreignList.statusCode).toBe(404);

    const image = await uploadImage(stranger, { name: 'theirs.png', bytes: PNG });
    expect(image.statusCode, image.body).toBe(200);
    const theirs = (image.json() as { data: { media_id: string } }).data.media_id;
    const foreignMedia = await call(lan, 'POST', '/api/v1/facebook/post/create', body(lan, { media_ids: [theirs] }));
    expect(foreignMedia.statusCode).toBe(404);
    expect((foreignMedia.json() as { message: string }).message).toContain('is not among your uploaded images');

    const missing = await call(lan, 'POST', '/api/v1/facebook/post/update', { ...body(lan), post_id: crypto.randomUUID() });
    expect(missing.statusCode).toBe(404);
  });

  it('update re-plans the runs still waiting and keeps the published ones; delete cancels', async () => {
    const content = unique('Mỗi ngày một ổ bánh');
    const [first] = await create(lan, body(lan, { content, repeat: { kind: 'custom', every: 1, unit: 'days' }, iterations: 5 }));
    const postId = first?.post_id ?? '';
    clock.advanceSeconds(11 * 60);
    await t.app.jobs.runDue();
    expect((await runsOf(postId)).map((run) => [run.seq, run.status])).toEqual([
      [1, 'published'],
      [2, 'scheduled'],
    ]);

    const changed = unique('Nội dung đã sửa');
    const newTime = inMinutes(120);
    const updated = await call(lan, 'POST', '/api/v1/facebook/post/update', { ...body(lan, { content: changed, time: newTime, repeat: { kind: 'custom', every: 2, unit: 'days' }, iterations: 2 }), post_id: postId });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((updated.json() as { data: ScheduledPost[] }).data.map((run) => [run.seq, run.time, run.status, run.content])).toEqual([[3, newTime, 'scheduled', changed]]);
    expect((await runsOf(postId)).map((run) => [run.seq, run.status])).toEqual([
      [1, 'published'],
      [2, 'cancelled'],
      [3, 'scheduled'],
    ]);
    // The cancelled run's job finds it cancelled and does nothing; the new one publishes the new text.
    clock.advanceSeconds(121 * 60);
    await t.app.jobs.runDue();
    expect(await sandboxPosts(lan, BAKERY, changed)).toHaveLength(1);
    expect(await sandboxPosts(lan, BAKERY, content)).toHaveLength(1);
    const afterUpdate = await runsOf(postId);
    expect(afterUpdate.map((run) => [run.seq, run.status])).toEqual([
      [1, 'published'],
      [2, 'cancelled'],
      [3, 'published'],
      [4, 'scheduled'],
    ]);
    expect(afterUpdate[3]?.runAt.toISOString()).toBe(new Date(new Date(newTime).getTime() + 2 * 24 * 3600 * 1000).toISOString());

    const deleted = await call(lan, 'POST', '/api/v1/facebook/post/delete', { user_id: lan.userId, post_id: postId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await postRow(postId))?.status).toBe('cancelled');
    expect((await runsOf(postId)).map((run) => run.status)).toEqual(['published', 'cancelled', 'published', 'cancelled']);
    clock.advanceSeconds(3 * 24 * 3600);
    await t.app.jobs.runDue();
    expect(await sandboxPosts(lan, BAKERY, changed)).toHaveLength(1);
    const again = await call(lan, 'POST', '/api/v1/facebook/post/update', { ...body(lan, { content: changed }), post_id: postId });
    expect(again.statusCode).toBe(409);

    // The page's list: waiting runs first (soonest first), then the others newest first.
    const waiting = await create(lan, body(lan, { time: inMinutes(30) }));
    const sooner = await create(lan, body(lan, { time: inMinutes(20) }));
    const listed = await listOf(lan, BAKERY);
    expect(listed.slice(0, 2).map((run) => run.run_id)).toEqual([sooner[0]?.run_id, waiting[0]?.run_id]);
    const rest = listed.slice(2);
    expect(rest.every((run) => run.status !== 'scheduled' && run.status !== 'publishing')).toBe(true);
    const times = rest.map((run) => Date.parse(run.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
