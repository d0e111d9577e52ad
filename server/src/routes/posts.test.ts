import { randomBytes } from 'node:crypto';
import type { ScheduledPost } from '@pagemate/shared-contracts/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookPages, jobs, notifications, postRuns, scheduledPosts, tokenTransactions } from '../db/schema/index.js';
import { nextHealthCheck } from '../plugins/app/posts/posts-service.js';
import { bearer, GOOD_PASSWORD, login } from '../test/accounts.js';
import { insertDocument } from '../test/chat.js';
import { ManualClock } from '../test/clock.js';
import { api, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';

/** Lan's copies of her demo pages (demo account 100090000000001), set once she connected; every other user has their own (`pagesOf`). */
let [BAKERY, FASHION, COFFEE] = ['', '', ''];

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(32)]);

/** A multipart/form-data body as a browser's FormData sends it: the fields, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----pagemate${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let serial = 0;
const unique = (text: string) => `${text} (${++serial}-${randomBytes(3).toString('hex')})`;

interface User extends SignedIn {
  signedAt: number;
}

describe.each(testDatabases)('scheduled posts (%s)', (kind) => {
  // Wednesday 29 January 2031, 08:00 in Vietnam: month ends ahead.
  const clock = new ManualClock(new Date('2031-01-29T01:00:00Z'));
  let t: TestApp;
  let lan: User;

  const moveTo = (instant: Date | string) => clock.advanceSeconds((new Date(instant).getTime() - clock.now().getTime()) / 1000);
  const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

  /** Access tokens live 15 minutes of the (moving) clock: sign in again when it moved on. */
  async function fresh(user: User): Promise<User> {
    if (clock.now().getTime() - user.signedAt < 60_000) return user;
    const { accessToken } = await login(t, user.username, GOOD_PASSWORD);
    Object.assign(user, { accessToken, headers: bearer(accessToken), signedAt: clock.now().getTime() });
    return user;
  }
  const call = async (user: User, method: 'GET' | 'POST', url: string, payload?: object) => api(t, await fresh(user), method, url, payload);
  const newUser = async (connect = true): Promise<User> => {
    const user = { ...(await signedInUser(t)), signedAt: clock.now().getTime() };
    if (connect) await connectThroughSandbox(t, user);
    return user;
  };
  const pagesOf = (user: SignedIn) => ({
    bakery: sandboxPageId(t, user, '109000000000011'),
    fashion: sandboxPageId(t, user, '109000000000012'),
    coffee: sandboxPageId(t, user, '109000000000013'),
  });
  const body = (user: User, overrides: Record<string, unknown> = {}) => ({
    user_id: user.userId,
    idea: '',
    content: unique('Bánh mì mới ra lò'),
    page_ids: [pagesOf(user).bakery],
    time: inMinutes(10),
    repeat: { kind: 'none' },
    ...overrides,
  });
  async function create(user: User, payload: Record<string, unknown>): Promise<ScheduledPost[]> {
    const response = await call(user, 'POST', '/api/v1/facebook/post/create', payload);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: ScheduledPost[] }).data;
  }
  async function listOf(user: User, pageId: string): Promise<ScheduledPost[]> {
    const response = await call(user, 'POST', '/api/v1/facebook/get-posts', { user_id: user.userId, page_id: pageId });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: ScheduledPost[] }).data;
  }
  const runsOf = (postId: string) => t.app.db.orm.select().from(postRuns).where(eq(postRuns.postId, postId)).orderBy(asc(postRuns.pageId), asc(postRuns.seq));
  const postRow = async (postId: string) => (await t.app.db.orm.select().from(scheduledPosts).where(eq(scheduledPosts.id, postId)))[0];
  /** What the sandbox received on the user's page carrying this text (feed posts and photos). */
  const sandboxPosts = async (user: User, pageId: string, text: string) =>
    (await t.app.sandboxRepository.activityOf(user.userId, pageId, 5000)).filter((event) => {
      const payload = event.payload as { message?: unknown; caption?: unknown };
      return (event.kind === 'feed_post' || event.kind === 'photo_post') && (payload.message === text || payload.caption === text);
    });
  async function uploadImage(user: User, file: { name: string; bytes: Buffer }) {
    const form = multipart({ user_id: user.userId }, file);
    return t.app.inject({ method: 'POST', url: '/api/v1/facebook/post/image', headers: { ...(await fresh(user)).headers, ...form.headers }, payload: form.payload });
  }
  const revokePage = (user: User, pageId: string) =>
    t.app.db.orm
      .update(facebookPages)
      .set({ pageTokenEncrypted: t.app.meta.tokens.encrypt('EAASrevoked.token') })
      .where(and(eq(facebookPages.userId, user.userId), eq(facebookPages.pageId, pageId)));
  const pageRow = async (user: User, pageId: string) =>
    (await t.app.db.orm.select().from(facebookPages).where(and(eq(facebookPages.userId, user.userId), eq(facebookPages.pageId, pageId))))[0];
  const reconnectNotices = async (user: User, pageId: string) =>
    (await t.app.db.orm.select().from(notifications).where(eq(notifications.userId, user.userId))).filter(
      (row) => row.kind === 'page_reconnect' && (row.params as { page_id?: string }).page_id === pageId,
    );

  beforeAll(async () => {
    // Many sign-ins from one address within the test clock's minutes: the account rate limits are not under test here.
    t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_DISABLED: 'true' } });
    lan = await newUser();
    ({ bakery: BAKERY, fashion: FASHION, coffee: COFFEE } = pagesOf(lan));
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

  it('image uploads: checked by their bytes and size, served publicly at /media/<id>', async () => {
    const notImage = await uploadImage(lan, { name: 'fake.png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>') });
    expect(notImage.statusCode).toBe(400);
    expect((notImage.json() as { message: string }).message).toContain('JPEG, PNG, WebP or GIF');

    const tooBig = await uploadImage(lan, { name: 'big.jpg', bytes: Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(tooBig.statusCode).toBe(413);

    const gif = Buffer.concat([Buffer.from('GIF89a'), randomBytes(40)]);
    const upload = await uploadImage(lan, { name: '../../etc/anim.gif', bytes: gif });
    expect(upload.statusCode, upload.body).toBe(200);
    const image = (upload.json() as { data: { media_id: string; url: string; file_name: string; size_bytes: number } }).data;
    expect(image).toMatchObject({ file_name: 'anim.gif', size_bytes: gif.length });
    expect(image.url).toBe(`${t.app.config.publicApiUrl}/media/${image.media_id}`);

    const served = await t.app.inject({ method: 'GET', url: `/media/${image.media_id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(gif)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/media/${crypto.randomUUID()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);

    const otherUser = await call(lan, 'POST', '/api/v1/facebook/post/image', {});
    expect(otherUser.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('drafts a post from an idea: charged once; refused before the model without balance', async () => {
    const user = await newUser();
    const own = pagesOf(user);
    await insertDocument(t, user.userId, 'menu.txt', ['Bánh mì thịt nướng giá 25.000đ một ổ, giao hàng miễn phí trong bán kính 3 km.']);
    const broke = await call(user, 'POST', '/api/v1/facebook/post/draft', { user_id: user.userId, idea: 'Giới thiệu bánh mì thịt nướng', page_id: own.bakery });
    expect(broke.statusCode).toBe(402);
    expect(broke.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const txCount = async () => (await t.app.db.orm.select({ n: count() }).from(tokenTransactions).where(eq(tokenTransactions.userId, user.userId)))[0]?.n ?? 0;
    expect(await txCount()).toBe(0);

    await t.app.ledger.credit(user.userId, 50_000, `posts-test-credit-${user.userId}`, 'deposit');
    const before = await t.app.ledger.balanceOf(user.userId);
    const response = await call(user, 'POST', '/api/v1/facebook/post/draft', { user_id: user.userId, idea: 'Giới thiệu bánh mì thịt nướng', page_id: own.bakery });
    expect(response.statusCode, response.body).toBe(200);
    const draft = (response.json() as { data: { content: string; usage: { cost: number; total_tokens: number } } }).data;
    expect(draft.content).toContain('25.000đ');
    expect(draft.content).toMatch(/#\S+/);
    expect(draft.content).not.toMatch(/^#+\s/m);
    expect(draft.usage.cost).toBeGreaterThan(0);
    expect(await t.app.ledger.balanceOf(user.userId)).toBe(before - draft.usage.cost);
    const charges = await t.app.db.orm.select().from(tokenTransactions).where(eq(tokenTransactions.userId, user.userId));
    expect(charges).toHaveLength(1);
    expect(charges[0]?.message).toBe('Post draft: Giới thiệu bánh mì thịt nướng');
    await expectLedgerConsistent(t);

    const foreign = await call(user, 'POST', '/api/v1/facebook/post/draft', { user_id: user.userId, idea: 'x', page_id: '109000000000021' });
    expect(foreign.statusCode).toBe(404);
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
      // The worker's own poller may take the due job first; either way it runs once (checked below).
      await worker.app.jobs.runDue();
      const following = nextHealthCheck(clock.now());
      expect(following.runAt.getTime() - next.runAt.getTime()).toBe(24 * 3600 * 1000);
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
