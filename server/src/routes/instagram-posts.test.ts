import { randomBytes } from 'node:crypto';
import type { ScheduledPost } from '@pagemate/shared-contracts/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookAccounts, postRuns } from '../db/schema/index.js';
import { SANDBOX_CONTAINER_READY_MS, SANDBOX_PUBLISHING_QUOTA } from '../meta-sandbox/instagram-routes.js';
import { bearer, GOOD_PASSWORD, login } from '../test/accounts.js';
import { ManualClock } from '../test/clock.js';
import { api, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = `----pagemate${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let serial = 0;
const unique = (text: string) => `${text} (${++serial}-${randomBytes(3).toString('hex')})`;

describe.each(testDatabases)('scheduled posts to Instagram (%s)', (kind) => {
  const clock = new ManualClock(new Date('2031-03-04T01:00:00Z'));
  let t: TestApp;
  let lan: SignedIn & { signedAt: number };
  let BAKERY = '';
  let FASHION = '';
  let COFFEE = '';

  const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();
  async function fresh() {
    if (clock.now().getTime() - lan.signedAt >= 60_000) {
      const { accessToken } = await login(t, lan.username, GOOD_PASSWORD);
      Object.assign(lan, { accessToken, headers: bearer(accessToken), signedAt: clock.now().getTime() });
    }
    return lan;
  }
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => api(t, await fresh(), method, url, payload);
  async function image(): Promise<string> {
    const form = multipart({ user_id: lan.userId }, { name: 'banh-mi.jpg', bytes: JPEG });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/facebook/post/image', headers: { ...(await fresh()).headers, ...form.headers }, payload: form.payload });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { media_id: string } }).data.media_id;
  }
  const body = (overrides: Record<string, unknown>) => ({ user_id: lan.userId, idea: '', content: unique('Bánh mì mới ra lò'), page_ids: [BAKERY], time: inMinutes(10), repeat: { kind: 'none' }, ...overrides });
  async function create(payload: Record<string, unknown>): Promise<ScheduledPost[]> {
    const response = await call('POST', '/api/v1/facebook/post/create', payload);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: ScheduledPost[] }).data;
  }
  const runRow = async (runId: string) => (await t.app.db.orm.select().from(postRuns).where(eq(postRuns.id, runId)))[0];
  const sandbox = async (pageId: string, kindOf: 'ig_container' | 'ig_media' | 'photo_post') =>
    (await t.app.sandboxRepository.activityOf(lan.userId, pageId, 5000)).filter((event) => event.kind === kindOf);
  const igOf = (demoPageId: string) => t.app.metaSandbox.instagramIdOf(lan.userId, demoPageId);

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_DISABLED: 'true' } });
    lan = { ...(await signedInUser(t)), signedAt: clock.now().getTime() };
    await connectThroughSandbox(t, lan, undefined, { instagram: true });
    [BAKERY, FASHION, COFFEE] = ['109000000000011', '109000000000012', '109000000000013'].map((id) => sandboxPageId(t, lan, id)) as [string, string, string];
  });
  afterAll(() => t?.close());

  it('refuses an Instagram post without an image, or for a page without a linked account, saying why', async () => {
    const noImage = await call('POST', '/api/v1/facebook/post/create', body({ channels: ['instagram'] }));
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'An Instagram post needs at least one image.' });
    const unlinked = await call('POST', '/api/v1/facebook/post/create', body({ channels: ['instagram'], page_ids: [COFFEE], media_ids: [await image()] }));
    expect(unlinked.statusCode).toBe(400);
    expect((unlinked.json() as { message: string }).message).toContain('no linked Instagram');
    // A linked account the user has not allowed PageMate on is refused the same way.
    const allowedOf = (instagramAllowed: boolean) => t.app.db.orm.update(facebookAccounts).set({ instagramAllowed }).where(eq(facebookAccounts.userId, lan.userId));
    await allowedOf(false);
    try {
      const notAllowed = await call('POST', '/api/v1/facebook/post/create', body({ channels: ['instagram'], page_ids: [BAKERY], media_ids: [await image()] }));
      expect(notAllowed.statusCode).toBe(400);
      expect((notAllowed.json() as { message: string }).message).toContain('that PageMate is allowed on');
    } finally {
      await allowedOf(true);
    }
  });

  it('container → not ready yet → FINISHED → media_publish, once; the same post also goes to the page feed', async () => {
    const content = unique('Bánh mì nướng giòn');
    const runs = await create(body({ content, media_ids: [await image()], channels: ['facebook', 'instagram'] }));
    expect(runs.map((run) => run.channel).sort()).toEqual(['facebook', 'instagram']);
    const instagramRun = runs.find((run) => run.channel === 'instagram');
    clock.advanceSeconds(11 * 60);

    // First attempt: the container is made and still IN_PROGRESS; nothing is published, the run waits.
    await expect(t.app.posts.publishRun(instagramRun?.run_id ?? '', { attempt: 1, maxAttempts: 5 })).rejects.toThrow(/still processing/);
    const waiting = await runRow(instagramRun?.run_id ?? '');
    expect(waiting).toMatchObject({ status: 'publishing', channel: 'instagram' });
    const containers = await sandbox(BAKERY, 'ig_container');
    expect(containers.map((event) => (event.payload as { id: string }).id)).toContain(waiting?.igContainerId);
    expect(containers.find((event) => (event.payload as { id: string }).id === waiting?.igContainerId)?.payload).toMatchObject({ caption: content, ig_user_id: igOf('109000000000011') });
    expect(await sandbox(BAKERY, 'ig_media')).toHaveLength(0);

    // Meta finishes processing: the next attempt publishes that container, and only once.
    clock.advanceSeconds(SANDBOX_CONTAINER_READY_MS / 1000 + 1);
    await t.app.posts.publishRun(instagramRun?.run_id ?? '', { attempt: 2, maxAttempts: 5 });
    const media = await sandbox(BAKERY, 'ig_media');
    expect(media).toHaveLength(1);
    expect(media[0]?.payload).toMatchObject({ creation_id: waiting?.igContainerId, caption: content });
    expect(await runRow(instagramRun?.run_id ?? '')).toMatchObject({ status: 'published', facebookPostId: (media[0]?.payload as { id: string }).id });
    await t.app.posts.publishRun(instagramRun?.run_id ?? '', { attempt: 3, maxAttempts: 5 });
    expect(await sandbox(BAKERY, 'ig_media')).toHaveLength(1);

    // The Facebook run of the same post is an ordinary photo post.
    await t.app.jobs.runDue();
    expect((await sandbox(BAKERY, 'photo_post')).filter((event) => (event.payload as { caption?: string }).caption === content)).toHaveLength(1);
    const listed = await call('POST', '/api/v1/facebook/get-posts', { user_id: lan.userId, page_id: BAKERY });
    const mine = (listed.json() as { data: ScheduledPost[] }).data.filter((run) => run.content === content);
    expect(mine.map((run) => [run.channel, run.status, run.facebook_url]).sort()).toEqual([
      ['facebook', 'published', null],
      ['instagram', 'published', null],
    ]);
  });

  it('several images make a carousel; a publish whose answer was lost is found, not published twice', async () => {
    const content = unique('Combo bánh mì và cà phê');
    const [run] = await create(body({ content, page_ids: [FASHION], media_ids: [await image(), await image()], channels: ['instagram'] }));
    clock.advanceSeconds(11 * 60);
    await expect(t.app.posts.publishRun(run?.run_id ?? '', { attempt: 1, maxAttempts: 5 })).rejects.toThrow(/still processing/);
    const containerId = (await runRow(run?.run_id ?? ''))?.igContainerId ?? '';
    const containers = (await sandbox(FASHION, 'ig_container')).map((event) => event.payload as { id: string; is_carousel_item?: boolean; media_type?: string; children?: string[] });
    const parent = containers.find((container) => container.id === containerId);
    expect(parent).toMatchObject({ media_type: 'CAROUSEL' });
    expect(parent?.children).toHaveLength(2);
    expect(containers.filter((container) => parent?.children?.includes(container.id)).every((child) => child.is_carousel_item)).toBe(true);

    // The instance published it at Meta and died before recording it.
    clock.advanceSeconds(SANDBOX_CONTAINER_READY_MS / 1000 + 1);
    const token = await t.app.facebook.pageToken(lan.userId, FASHION);
    const published = await t.app.meta.graph.publishInstagramContainer(igOf('109000000000012'), token, containerId);
    await t.app.posts.publishRun(run?.run_id ?? '', { attempt: 2, maxAttempts: 5 });
    expect(await sandbox(FASHION, 'ig_media')).toHaveLength(1);
    expect(await runRow(run?.run_id ?? '')).toMatchObject({ status: 'published', facebookPostId: published.id });
  });

  it("respects the account's publishing limit: a run over the quota fails with Instagram's reason, nothing is published", async () => {
    const ig = igOf('109000000000011');
    const already = (await sandbox(BAKERY, 'ig_media')).length;
    for (let i = already; i < SANDBOX_PUBLISHING_QUOTA; i += 1) {
      await t.app.sandboxRepository.record({ userId: lan.userId, pageId: BAKERY, kind: 'ig_media', summary: 'earlier post', payload: { id: `17${i}`, creation_id: `c${i}`, ig_user_id: ig, caption: '' } }, clock.now());
    }
    const [run] = await create(body({ media_ids: [await image()], channels: ['instagram'] }));
    clock.advanceSeconds(11 * 60);
    await t.app.posts.publishRun(run?.run_id ?? '', { attempt: 1, maxAttempts: 5 });
    const row = await runRow(run?.run_id ?? '');
    // The reason is a code the screen says in the user's language; the details are Meta's figures.
    expect(row).toMatchObject({ status: 'failed', errorCode: 'instagram_quota', error: `${SANDBOX_PUBLISHING_QUOTA}/${SANDBOX_PUBLISHING_QUOTA}` });
    expect(row?.igContainerId).toBeNull();
    expect(await sandbox(BAKERY, 'ig_media')).toHaveLength(SANDBOX_PUBLISHING_QUOTA);
    const runs = await t.app.db.orm.select().from(postRuns).where(eq(postRuns.postId, run?.post_id ?? '')).orderBy(asc(postRuns.seq));
    expect(runs.map((item) => item.status)).toEqual(['failed']);
  });
});
