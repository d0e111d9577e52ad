import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import type { CollectionFile } from '@pagemate/shared-contracts/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks, documentFiles } from '../db/schema/index.js';
import { type FakeS3, startFakeS3 } from '../test/fake-s3.js';
import { type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { S3FileStorage } from './s3-file-storage.js';
import { dataOf, multipart } from '../test/multipart.js';

const uploadDocument = (t: TestApp, user: SignedIn, name: string, text: string) => {
  const form = multipart({ user_id: user.userId, collection_name: 'Chung', language: 'auto' }, { name, bytes: Buffer.from(text) });
  return t.app.inject({ method: 'POST', url: '/api/v1/documents/upload', headers: { ...user.headers, ...form.headers }, payload: form.payload });
};

const uploadImage = (t: TestApp, user: SignedIn, bytes: Buffer) => {
  const form = multipart({ user_id: user.userId }, { name: 'banh-mi.png', bytes });
  return t.app.inject({ method: 'POST', url: '/api/v1/facebook/post/image', headers: { ...user.headers, ...form.headers }, payload: form.payload });
};

describe.each(testDatabases)('uploads in S3 (%s)', (kind) => {
  let s3: FakeS3;
  let t: TestApp;
  let lan: SignedIn;
  const env = () => ({ ...s3.env, ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600), RATE_LIMIT_IP_MULTIPLIER: '100' });

  const storedNameOf = async (app: TestApp, fileId: string) => {
    const [row] = await app.app.db.orm.select({ storedName: documentFiles.storedName }).from(documentFiles).where(eq(documentFiles.id, fileId));
    return row?.storedName ?? '';
  };
  const chunkTextsOf = async (app: TestApp, fileId: string) =>
    (await app.app.db.orm.select({ text: documentChunks.text }).from(documentChunks).where(eq(documentChunks.fileId, fileId))).map((row) => row.text);

  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await buildTestApp(kind, { env: env() });
    lan = await signedInUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('S3_BUCKET set: an uploaded document lands in the bucket (not on disk), is indexed from it, and is deleted from it', async () => {
    expect(t.app.files).toBeInstanceOf(S3FileStorage);
    const text = 'Cửa hàng mở cửa lúc 8 giờ sáng, nghỉ trưa từ 12 giờ.';
    const file = dataOf<CollectionFile>(await uploadDocument(t, lan, 'gio-mo-cua.txt', text));
    const storedName = await storedNameOf(t, file.file_id ?? '');
    expect(s3.objects.get(storedName)?.toString()).toBe(text);
    await expect(access(t.app.config.filesDir)).rejects.toMatchObject({ code: 'ENOENT' });

    expect(await t.app.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });
    expect((await chunkTextsOf(t, file.file_id ?? '')).join('\n')).toContain('Cửa hàng mở cửa lúc 8 giờ sáng');

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents/delete-file',
      headers: lan.headers,
      payload: { user_id: lan.userId, file_id: file.file_id },
    });
    expect(deleted.json()).toEqual({ status: 200, data: { ok: true } });
    expect(s3.objects.has(storedName)).toBe(false);
  });

  it('the secret never reaches the log', () => {
    const lines = JSON.stringify(t.logs);
    expect(lines).toContain('files: S3 bucket pagemate-test');
    expect(lines).not.toContain(s3.secretAccessKey);
  });

  it.runIf(kind === 'postgres')('two instances on one database and one bucket serve and index each other’s uploads', async () => {
    const second = await buildTestApp(kind, { env: env(), databaseUrl: t.databaseUrl ?? '' });
    try {
      // A post image uploaded through instance 1 is served by instance 2 (Facebook may fetch it from either).
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
      const image = dataOf<{ media_id: string }>(await uploadImage(t, lan, png));
      const served = await second.app.inject({ method: 'GET', url: `/media/${image.media_id}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(png)).toBe(true);

      // A document uploaded through instance 2 is indexed by instance 1's worker, reading the bytes from the bucket.
      const file = dataOf<CollectionFile>(await uploadDocument(second, lan, 'doi-tra.txt', 'Đổi trả miễn phí trong 7 ngày.'));
      expect(await t.app.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });
      expect(await chunkTextsOf(t, file.file_id ?? '')).toEqual(['Đổi trả miễn phí trong 7 ngày.']);
    } finally {
      await second.close();
    }
  });
});
