import { randomBytes } from 'node:crypto';
import type { CollectionFile, PostImage } from '@pagemate/shared-contracts/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_REFUSALS } from '../plugins/app/documents/documents-service.js';
import { imageQuotaRefusal } from '../plugins/app/posts/posts-media.js';
import { errorOf } from '../test/accounts.js';
import { ManualClock } from '../test/clock.js';
import { api, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { dataOf, multipart } from '../test/multipart.js';

const DAY_SECONDS = 24 * 3600;
const ENV = {
  DOCUMENT_QUOTA_FILES: '3',
  DOCUMENT_QUOTA_MB: '1',
  POST_IMAGE_QUOTA_FILES: '2',
  POST_IMAGE_QUOTA_MB: '1',
  UPLOAD_RATE_LIMIT_PER_MINUTE: '5',
  // The clock moves a month on: tokens and sessions must outlive it.
  ACCESS_TOKEN_TTL_SECONDS: String(90 * DAY_SECONDS),
  SESSION_ABSOLUTE_LIFETIME_SECONDS: String(90 * DAY_SECONDS),
  REFRESH_TOKEN_TTL_SECONDS: String(90 * DAY_SECONDS),
};
const QUOTA = { maxFiles: 3, maxBytes: 1024 * 1024 };
const IMAGE_QUOTA = { maxFiles: 2, maxBytes: 1024 * 1024 };
const KIB = 1024;

const png = (bytes = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes)]);
const text = (bytes: number) => Buffer.from('Giá bán áo thun. '.repeat(Math.ceil(bytes / 20)).slice(0, bytes));

describe.each(testDatabases)('upload quotas and rate limits (%s)', (kind) => {
  const clock = new ManualClock(new Date('2031-03-01T01:00:00Z'));
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: ENV, clock });
  });
  afterAll(() => t?.close());

  const uploadDocument = (user: SignedIn, bytes: Buffer, name = `notes-${(serial += 1)}.txt`) =>
    t.app.inject({ method: 'POST', url: '/api/v1/documents/upload', ...withAuth(user, multipart({ user_id: user.userId, collection_name: 'Shop' }, { name, bytes })) });
  const uploadImage = (user: SignedIn, bytes = png()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/facebook/post/image', ...withAuth(user, multipart({ user_id: user.userId }, { name: `photo-${(serial += 1)}.png`, bytes })) });
  const withAuth = (user: SignedIn, body: ReturnType<typeof multipart>) => ({ payload: body.payload, headers: { ...user.headers, ...body.headers } });
  const files = async (user: SignedIn) => dataOf<CollectionFile[]>(await api(t, user, 'GET', `/api/v1/facebook/get-collection/${user.userId}`));

  it('refuses a document past the quota of files (403 QUOTA_EXCEEDED, nothing stored); another user is unaffected; a delete frees room', async () => {
    const [shop, other] = [await signedInUser(t), await signedInUser(t)];
    const kept: CollectionFile[] = [];
    for (let i = 0; i < QUOTA.maxFiles; i += 1) kept.push(dataOf<CollectionFile>(await uploadDocument(shop, text(100))));

    const refused = await uploadDocument(shop, text(100));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'QUOTA_EXCEEDED', message: UPLOAD_REFUSALS.quota(QUOTA) });
    expect(await files(shop)).toHaveLength(QUOTA.maxFiles);
    expect((await t.app.jobs.list('document.index')).filter((job) => job.owner === shop.userId)).toHaveLength(QUOTA.maxFiles);

    expect(dataOf<CollectionFile>(await uploadDocument(other, text(100))).file_name).toMatch(/^notes-/);

    const [first] = kept;
    expect((await api(t, shop, 'POST', '/api/v1/documents/delete-file', { user_id: shop.userId, file_id: first?.file_id })).statusCode).toBe(200);
    expect((await uploadDocument(shop, text(100))).statusCode).toBe(200);
  });

  it('refuses a document that would take the user past the quota of bytes', async () => {
    const shop = await signedInUser(t);
    expect((await uploadDocument(shop, text(600 * KIB))).statusCode).toBe(200);
    const refused = await uploadDocument(shop, text(600 * KIB));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('QUOTA_EXCEEDED');
    expect((await uploadDocument(shop, text(300 * KIB))).statusCode).toBe(200);
    expect((await files(shop)).reduce((sum, file) => sum + (file.size_bytes ?? 0), 0)).toBeLessThanOrEqual(QUOTA.maxBytes);
  });

  it('lets no burst of concurrent uploads through past the quota', async () => {
    const shop = await signedInUser(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => uploadDocument(shop, text(100))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 403, 403]);
    expect(await files(shop)).toHaveLength(QUOTA.maxFiles);
  });

  it('counts post images over the last 30 days: refused past the quota, another user unaffected, allowed again a month later', async () => {
    const [shop, other] = [await signedInUser(t), await signedInUser(t)];
    for (let i = 0; i < IMAGE_QUOTA.maxFiles; i += 1) dataOf<PostImage>(await uploadImage(shop));
    const refused = await uploadImage(shop);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'QUOTA_EXCEEDED', message: imageQuotaRefusal(IMAGE_QUOTA) });
    dataOf<PostImage>(await uploadImage(other));

    clock.advanceSeconds(31 * DAY_SECONDS);
    dataOf<PostImage>(await uploadImage(shop));
  });

  it('refuses a post image that would take the month past the quota of bytes', async () => {
    const shop = await signedInUser(t);
    dataOf<PostImage>(await uploadImage(shop, png(700 * KIB)));
    const refused = await uploadImage(shop, png(400 * KIB));
    expect(errorOf(refused).code).toBe('QUOTA_EXCEEDED');
  });

  it('limits uploads per user and minute (429 with Retry-After), documents and images apart; another user is unaffected', async () => {
    const [shop, other] = [await signedInUser(t), await signedInUser(t)];
    // Quota refusals count too: the limit is on requests.
    for (let i = 0; i < 5; i += 1) expect((await uploadDocument(shop, text(100))).statusCode).not.toBe(429);
    const limited = await uploadDocument(shop, text(100));
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

    expect((await uploadImage(shop)).statusCode).toBe(200);
    expect((await uploadDocument(other, text(100))).statusCode).toBe(200);
  });
});
