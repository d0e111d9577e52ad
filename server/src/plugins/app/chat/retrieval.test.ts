import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentChunks, documentFiles } from '../../../db/schema/index.js';
import { insertDocument } from '../../../test/chat.js';
import { type SignedIn, signedInUser } from '../../../test/facebook.js';
import { FAKE_EMBEDDING_DIMENSIONS, type FakeOpenAi, fakeEmbedding, startFakeOpenAi } from '../../../test/fake-openai.js';
import { buildTestApp, type TestApp, testDatabases } from '../../../test/helper.js';

const ENV = { RATE_LIMIT_IP_MULTIPLIER: '100' };

describe.each(testDatabases)('passage retrieval (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let minh: SignedIn;
  let priceList: string;
  let shipping: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: ENV });
    lan = await signedInUser(t);
    minh = await signedInUser(t);
    priceList = (
      await insertDocument(t, lan.userId, 'bang-gia.txt', [
        'Giới thiệu cửa hàng cà phê Hương Quê, mở cửa từ 7 giờ sáng.',
        'Giá bán cà phê sữa đá là 25.000 đồng một ly.',
      ])
    ).fileId;
    shipping = (await insertDocument(t, lan.userId, 'giao-hang.txt', ['Phí giao hàng nội thành là 15.000 đồng, miễn phí cho đơn từ 200.000 đồng.'])).fileId;
    await insertDocument(t, minh.userId, 'bi-mat.txt', ['Giá bán nội bộ của Minh: 10.000 đồng.']);
    await insertDocument(t, lan.userId, 'dang-xu-ly.txt', ['Giá bán sỉ đang được cập nhật.'], { status: 'indexing' });
  });
  afterAll(() => t?.close());

  const search = (...args: Parameters<TestApp['app']['retrieval']['search']>) => t.app.retrieval.search(...args);

  it('"gia ban" without diacritics finds the passage with "giá bán", best match first', async () => {
    const found = await search(lan.userId, 'gia ban ca phe sua bao nhieu');
    expect(found[0]).toMatchObject({ fileName: 'bang-gia.txt', collectionName: 'Tài liệu', locator: 'paragraph 2', text: 'Giá bán cà phê sữa đá là 25.000 đồng một ly.' });
    // Another user's passages and files still indexing are never returned.
    expect(found.map((passage) => passage.fileName)).not.toContain('bi-mat.txt');
    expect(found.map((passage) => passage.fileName)).not.toContain('dang-xu-ly.txt');
    expect((await search(minh.userId, 'gia ban')).map((passage) => passage.fileName)).toEqual(['bi-mat.txt']);
  });

  it('the passages\' word index merges new entries before they are a long list every search reads', async () => {
    // PGlite never vacuums: the GIN pending list is merged only past this limit (kB), and every search scans it.
    const result = await t.app.db.orm.execute<{ options: string[] | null }>(sql`select reloptions as options from pg_class where relname = 'document_chunks_tsv'`);
    expect(result.rows[0]?.options).toContain('gin_pending_list_limit=512');
  });

  it('passages matching more distinct words rank first; the file filter is respected', async () => {
    const both = await search(lan.userId, 'phí giao hàng');
    expect(both[0]?.fileName).toBe('giao-hang.txt');
    expect(await search(lan.userId, 'phí giao', { fileIds: [priceList] })).toEqual([]);
    expect((await search(lan.userId, 'phí giao hàng', { fileIds: [priceList] })).map((passage) => passage.fileName)).toEqual(['bang-gia.txt']);
    expect((await search(lan.userId, 'đồng', { fileIds: [shipping] })).map((passage) => passage.fileName)).toEqual(['giao-hang.txt']);
    // Files that are not ids of anything are simply nothing to search.
    expect(await search(lan.userId, 'đồng', { fileIds: ['not-a-uuid'] })).toEqual([]);
  });

  it('the passages of a file still indexing take no place among the candidates of a ready file', async () => {
    const nam = await signedInUser(t);
    // Stored first, so an index scan meets them first: more than a tier's candidates, all with the word.
    await insertDocument(t, nam.userId, 'dang-nap.txt', Array.from({ length: 150 }, (_, i) => `Bảng màu số ${i}: màu xanh ngọc.`), { status: 'indexing' });
    await insertDocument(t, nam.userId, 'mau-sac.txt', ['Áo có màu xanh ngọc và màu be.']);
    expect((await search(nam.userId, 'xanh ngọc')).map((passage) => passage.fileName)).toEqual(['mau-sac.txt']);
    expect((await search(nam.userId, 'ngọc')).map((passage) => passage.fileName)).toEqual(['mau-sac.txt']);
  });

  it('SQL and tsquery syntax in a question is just text', async () => {
    for (const query of ["giá'; drop table document_chunks; --", 'gia & | ! ( ) : * <-> \\', "' or 1=1 --", '   ', '!!!']) {
      await expect(search(lan.userId, query)).resolves.toBeInstanceOf(Array);
    }
    expect((await search(lan.userId, "giá'; drop table document_chunks; --"))[0]?.fileName).toBe('bang-gia.txt');
    expect((await search(lan.userId, 'gia ban')).length).toBeGreaterThan(0);
  });
});

describe.each(testDatabases)('passages with embeddings from the AI provider (%s)', (kind) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let lan: SignedIn;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await buildTestApp(kind, {
      env: { ...ENV, LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_EMBEDDING_MODEL: 'fake-embed', LLM_TIMEOUT_SECONDS: '1' },
    });
    lan = await signedInUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.embeddingBehaviour = 'ok';
    fake.embeddingRequests.length = 0;
    fake.vectors.clear();
  });

  const chunksOf = (fileId: string) =>
    t.app.db.orm.select({ text: documentChunks.text, embedding: documentChunks.embedding }).from(documentChunks).where(eq(documentChunks.fileId, fileId)).orderBy(documentChunks.ordinal);
  const statusOf = async (fileId: string) => (await t.app.db.orm.select({ status: documentFiles.status }).from(documentFiles).where(eq(documentFiles.id, fileId)))[0]?.status;
  const unit = (dimension: number) => Array.from({ length: FAKE_EMBEDDING_DIMENSIONS }, (_, i) => (i === dimension ? 1 : 0));

  it('indexing stores a vector for every passage once the file is ready', async () => {
    const text = 'Giá bán bánh mì thịt là 20.000 đồng.\n\nCửa hàng mở cửa từ 6 giờ sáng đến 9 giờ tối.';
    const file = await t.app.documents.upload(lan.userId, { collectionName: 'Nhúng', language: 'vi' }, 'banh-mi.txt', Buffer.from(text));
    expect(await t.app.jobs.runDue()).toMatchObject({ claimed: 1, done: 1 });
    expect(await statusOf(file.file_id ?? '')).toBe('ready');
    const chunks = await chunksOf(file.file_id ?? '');
    expect(chunks.length).toBeGreaterThan(0);
    expect(fake.embeddingRequests).toEqual([{ model: 'fake-embed', input: chunks.map((chunk) => chunk.text), encoding_format: 'float' }]);
    for (const chunk of chunks) {
      const expected = fakeEmbedding(chunk.text);
      expect(chunk.embedding).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
      chunk.embedding?.forEach((value, i) => expect(value).toBeCloseTo(expected[i] ?? 0, 5));
    }
  });

  it('an embedding endpoint that fails leaves the file ready and found by its words', async () => {
    fake.embeddingBehaviour = 'error';
    const file = await t.app.documents.upload(lan.userId, { collectionName: 'Nhúng', language: 'vi' }, 'loi.txt', Buffer.from('Bảo hành máy xay sinh tố 12 tháng.'));
    expect(await t.app.jobs.runDue()).toMatchObject({ claimed: 1, done: 1, failed: 0 });
    expect(fake.embeddingRequests.length).toBeGreaterThan(0);
    expect(await statusOf(file.file_id ?? '')).toBe('ready');
    expect((await chunksOf(file.file_id ?? '')).map((chunk) => chunk.embedding)).toEqual([null]);
    // The question cannot be embedded either: the words alone rank.
    expect((await t.app.retrieval.search(lan.userId, 'bảo hành máy xay')).map((passage) => passage.fileName)).toEqual(['loi.txt']);
  });

  it('two passages tied on words are ordered by the vectors', async () => {
    const tea = await insertDocument(t, lan.userId, 'a-tra.txt', ['Khuyến mãi tuần này: trà đào giảm giá.']);
    const bread = await insertDocument(t, lan.userId, 'b-banh.txt', ['Khuyến mãi tuần này: bánh mì giảm giá.']);
    await t.app.db.orm.update(documentChunks).set({ embedding: unit(0) }).where(eq(documentChunks.fileId, tea.fileId));
    await t.app.db.orm.update(documentChunks).set({ embedding: unit(1) }).where(eq(documentChunks.fileId, bread.fileId));
    const order = async () => (await t.app.retrieval.search(lan.userId, 'khuyến mãi tuần này')).map((passage) => passage.fileName);

    // Same words, same positions: a tie, which the vectors settle one way...
    fake.vectors.set('khuyến mãi tuần này', unit(1));
    expect(await order()).toEqual(['b-banh.txt', 'a-tra.txt']);
    // ...or the other.
    fake.vectors.set('khuyến mãi tuần này', unit(0));
    expect(await order()).toEqual(['a-tra.txt', 'b-banh.txt']);
    expect(fake.embeddingRequests.at(-1)).toMatchObject({ input: ['khuyến mãi tuần này'] });
    // Without a question vector (the endpoint fails) the words' order stands: file name breaks the tie.
    fake.vectors.set('khuyến mãi tuần này', unit(1));
    fake.embeddingBehaviour = 'error';
    expect(await order()).toEqual(['a-tra.txt', 'b-banh.txt']);
  });
});
