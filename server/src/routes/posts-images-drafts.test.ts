import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenTransactions } from '../db/schema/index.js';
import { insertDocument } from '../test/chat.js';
import { ManualClock } from '../test/clock.js';
import { type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';
import { JPEG, postsApp, postSteps, type PostsUser } from '../test/posts.js';

/**
 * What a post is made from: uploaded images (checked by bytes and size, served publicly at /media/<id>) and AI
 * drafts from an idea (charged once, refused without balance).
 */
describe.each(testDatabases)('scheduled posts: images and drafts (%s)', (kind) => {
  // Wednesday 29 January 2031, 08:00 in Vietnam.
  const clock = new ManualClock(new Date('2031-01-29T01:00:00Z'));
  let t: TestApp;
  let lan: PostsUser;
  const { call, newUser, pagesOf, uploadImage } = postSteps(clock, () => t);

  beforeAll(async () => {
    t = await postsApp(kind, clock);
    lan = await newUser();
  });
  afterAll(() => t?.close());

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
});
