import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentChunks } from '../../../db/schema/index.js';
import { buildWorkbook } from '../../../documents/fixtures/builders.js';
import { ROWS_PER_PIECE } from '../../../documents/parsers/xlsx.js';
import { type SignedIn, signedInUser } from '../../../test/facebook.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../../../test/helper.js';
import { INDEX_FAILURES } from './documents-service.js';

/** How many of the next index runs fail once their worker has given its first passages. */
const failing = vi.hoisted(() => ({ runs: 0 }));

vi.mock(import('../../../documents/index.js'), async (importOriginal) => {
  const actual = await importOriginal();
  /** The worker's passages up to its first step, then the failure of a workbook found corrupt further on. */
  async function* failAfterFirst(batches: AsyncIterable<unknown>) {
    for await (const batch of batches) {
      yield batch;
      throw new actual.ParseError('corrupt', 'a later row could not be read');
    }
  }
  return {
    ...actual,
    indexDocument: vi.fn(async (...args: Parameters<typeof actual.indexDocument>) => {
      const indexed = await actual.indexDocument(...args);
      if (failing.runs === 0) return indexed;
      failing.runs -= 1;
      return { ...indexed, batches: failAfterFirst(indexed.batches) as typeof indexed.batches };
    }),
  };
});

/** A workbook of more rows than one piece: its first passages are stored while the rest are read. */
const workbook = buildWorkbook(
  [{ name: 'Bảng giá', rows: [['Mã', 'Sản phẩm', 'Giá bán'], ...Array.from({ length: ROWS_PER_PIECE + 700 }, (_, i) => [`SP${i}`, `Áo thun mẫu ${i}`, 100_000 + i])] }],
  'xlsx',
);

describe.each(testDatabases)('indexing a workbook while it is read (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let minh: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    lan = await signedInUser(t);
    minh = await signedInUser(t);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t?.close());

  const chunksOf = (fileId: string) =>
    t.app.db.orm.select({ userId: documentChunks.userId, ordinal: documentChunks.ordinal }).from(documentChunks).where(eq(documentChunks.fileId, fileId));

  it('keeps none of the rows stored before the reading failed, and another shop’s workbook is stored whole and its own', async () => {
    failing.runs = 1;
    const failed = await t.app.documents.upload(lan.userId, { collectionName: 'Kho', language: 'auto' }, 'gia.xlsx', workbook);
    expect(await t.app.jobs.runDue()).toMatchObject({ claimed: 1, failed: 1 });
    const [lanFile] = await t.app.documents.list(lan.userId);
    expect(lanFile).toMatchObject({ file_id: failed.file_id, index_status: 'failed', index_error: INDEX_FAILURES.corrupt('xlsx'), chunk_count: 0 });
    expect(await chunksOf(failed.file_id ?? '')).toEqual([]);

    const whole = await t.app.documents.upload(minh.userId, { collectionName: 'Kho', language: 'auto' }, 'gia.xlsx', workbook);
    expect(await t.app.jobs.runDue()).toMatchObject({ claimed: 1, done: 1 });
    const [minhFile] = await t.app.documents.list(minh.userId);
    expect(minhFile).toMatchObject({ file_id: whole.file_id, index_status: 'ready', language: 'vi' });
    const chunks = await chunksOf(whole.file_id ?? '');
    expect(chunks.map((chunk) => chunk.ordinal).sort((a, b) => a - b)).toEqual(chunks.map((_, i) => i));
    expect(chunks.every((chunk) => chunk.userId === minh.userId)).toBe(true);
    expect(minhFile?.chunk_count).toBe(chunks.length);
    // The last row, read in the last piece, is found by its owner only.
    const last = `SP${ROWS_PER_PIECE + 699}`;
    expect((await t.app.retrieval.search(minh.userId, last, { fileIds: [whole.file_id ?? ''], limit: 1 }))[0]?.text).toContain(`${last} | Áo thun mẫu ${ROWS_PER_PIECE + 699}`);
    expect(await t.app.retrieval.search(lan.userId, last)).toEqual([]);
  });
});
