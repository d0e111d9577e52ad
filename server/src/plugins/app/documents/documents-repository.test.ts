import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks, documentFiles } from '../../../db/schema/index.js';
import { type IndexedPassage, passageRows, passageVector } from '../../../documents/index.js';
import { type SignedIn, signedInUser } from '../../../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../../../test/helper.js';
import type { DocumentFileRow } from './documents-repository.js';

/** The statements' rows of passages `from`…`from + count - 1`. */
const passages = (count: number, from = 0) =>
  passageRows(
    Array.from({ length: count }, (_, i): IndexedPassage => {
      const text = `Dòng ${from + i}: giá bán áo thun ${from + i}.000 đồng.`;
      return { ordinal: from + i, text, title: null, locator: `row ${from + i + 2}`, tsv: passageVector({ text }) };
    }),
  );

describe.each(testDatabases)('storing a document\'s passages (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    lan = await signedInUser(t);
  });
  afterAll(() => t?.close());

  async function indexingFile(): Promise<DocumentFileRow> {
    const id = randomUUID();
    const now = new Date();
    const [row] = await t.app.db.orm
      .insert(documentFiles)
      .values({ id, userId: lan.userId, collectionName: 'Kho', fileName: `${id}.xlsx`, storedName: id, extension: '.xlsx', kind: 'xlsx', sizeBytes: 1, language: 'vi', status: 'indexing', createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('file row not inserted');
    return row;
  }
  const chunksOf = async (fileId: string) => (await t.app.db.orm.select({ ordinal: documentChunks.ordinal }).from(documentChunks).where(eq(documentChunks.fileId, fileId))).length;
  const statusOf = async (fileId: string) => (await t.app.documentsRepository.findById(fileId))?.status;
  /** An index attempt whose worker dies after making `made` of the file's `count` passages. */
  const interruptedAttempt = (file: DocumentFileRow, made: number, count: number) =>
    expect(
      t.app.documentsRepository.completeIndex(file, (async function* () {
        yield passages(made);
        throw new Error('worker died');
      })(), { outcome: () => ({ count, language: 'vi' }), now: () => new Date() }),
    ).rejects.toThrow('worker died');

  it('stores every passage in statements of its own, replaces an earlier attempt\'s, and only then makes the file ready', async () => {
    const file = await indexingFile();
    const repo = t.app.documentsRepository;
    // An interrupted attempt left some passages behind.
    await interruptedAttempt(file, 300, 900);
    expect(await statusOf(file.id)).toBe('indexing');
    expect(await t.app.retrieval.search(lan.userId, 'gia ban ao thun', { fileIds: [file.id] })).toEqual([]);

    const ready = await repo.completeIndex(file, [passages(600), passages(300, 600)], { outcome: () => ({ count: 900, language: 'vi' }), now: () => new Date() });
    expect(ready).toMatchObject({ status: 'ready', chunkCount: 900 });
    expect(await chunksOf(file.id)).toBe(900);
    expect((await t.app.retrieval.search(lan.userId, 'ao thun 899', { fileIds: [file.id], limit: 1 }))[0]?.locator).toBe('row 901');
  });

  it('a failed file keeps none of the passages stored before the failure; a ready one is never marked failed', async () => {
    const file = await indexingFile();
    const repo = t.app.documentsRepository;
    await interruptedAttempt(file, 400, 800);
    expect(await chunksOf(file.id)).toBe(400);
    await repo.markFailed(file.id, 'The file could not be read. Please upload it again.', new Date());
    expect(await statusOf(file.id)).toBe('failed');
    expect(await chunksOf(file.id)).toBe(0);

    const done = await indexingFile();
    await repo.completeIndex(done, [passages(3)], { outcome: () => ({ count: 3, language: 'vi' }), now: () => new Date() });
    await repo.markFailed(done.id, 'late failure of another run', new Date());
    expect(await statusOf(done.id)).toBe('ready');
    expect(await chunksOf(done.id)).toBe(3);
  });

  it('a file deleted while its passages are stored ends with nothing stored and nothing thrown', async () => {
    const file = await indexingFile();
    const repo = t.app.documentsRepository;
    const outcome = await repo.completeIndex(file, (async function* () {
      yield passages(300);
      await repo.deleteOwn(lan.userId, file.id);
      yield passages(300, 300);
    })(), { outcome: () => ({ count: 600, language: 'vi' }), now: () => new Date() });
    expect(outcome).toBeUndefined();
    expect(await chunksOf(file.id)).toBe(0);
  });

  it('a count that does not match what was stored leaves the file not ready', async () => {
    const file = await indexingFile();
    await expect(t.app.documentsRepository.completeIndex(file, [passages(5)], { outcome: () => ({ count: 6, language: 'vi' }), now: () => new Date() })).rejects.toThrow('5 chunks stored of 6');
    expect(await statusOf(file.id)).toBe('indexing');
  });
});
