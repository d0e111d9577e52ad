import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type CollectionFile, type Passage, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@pagemate/shared-contracts/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentChunks, documentFiles } from '../db/schema/index.js';
import { buildDocx, buildWorkbook, withDeclaredSize } from '../documents/fixtures/builders.js';
import { foldedWords } from '../documents/fold.js';
import { INDEX_FAILURES, INDEX_QUEUE, UPLOAD_REFUSALS } from '../plugins/app/documents/documents-service.js';
import { errorOf } from '../test/accounts.js';
import { api, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectInvalidField } from '../test/invalid-field.js';

const UPLOAD = '/api/v1/documents/upload';

interface FilePart {
  name: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData sends it: the fields in order, then the file. */
function multipart(fields: Record<string, string>, file?: FilePart, fileFirst = false) {
  const boundary = `----pagemate${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      ]
    : [];
  const parts = fileFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const docx = buildDocx({
  paragraphs: [
    { text: 'Bảng giá mùa hè', heading: 1 },
    { text: 'Giá bán áo thun là 150.000 đồng.' },
  ],
});
const sheets = [{ name: 'Bảng giá', rows: [['Sản phẩm', 'Giá bán'], ['Áo thun', 150000], ['Quần jean', '350.000']] }];

/** One small file of every allowed extension, and a phrase of it (folded) that its chunks must hold. */
const EVERY_FORMAT: { name: string; bytes: () => Buffer | Promise<Buffer>; folded: string }[] = [
  { name: 'Bảng giá.docx', bytes: () => docx, folded: 'gia ban ao thun la 150.000 dong' },
  { name: 'sample.doc', bytes: () => readFile(new URL('../documents/fixtures/word97-sample.doc', import.meta.url)), folded: 'parsing the word file' },
  { name: 'gia.xlsx', bytes: () => buildWorkbook(sheets, 'xlsx'), folded: 'quan jean' },
  { name: 'gia.xls', bytes: () => buildWorkbook(sheets, 'biff8'), folded: 'ao thun' },
  { name: 'gia.csv', bytes: () => Buffer.from('Sản phẩm;Giá bán\nÁo thun;150.000\n'), folded: 'ao thun' },
  { name: 'page.html', bytes: () => Buffer.from('<h1>Chính sách</h1><p>Đổi trả trong 7 ngày.</p>'), folded: 'doi tra trong 7 ngay' },
  { name: 'faq.md', bytes: () => Buffer.from('# Hỏi đáp\n\nCửa hàng mở cửa lúc 8 giờ.\n'), folded: 'cua hang mo cua' },
  { name: 'notes.txt', bytes: () => Buffer.from('Ghi chú: khách quen được giảm 10%.'), folded: 'khach quen duoc giam' },
  { name: 'notes.text', bytes: () => Buffer.from('Plain text file.'), folded: 'plain text file' },
  { name: 'app.log', bytes: () => Buffer.from('2024-01-01 INFO order 42 shipped\n'), folded: 'order 42 shipped' },
  ...(
    [
      ['app.js', 'const total = 42;'],
      ['price.py', 'def price(item):\n    return item.base * 1.1\n'],
      ['Main.java', 'class Main { int total() { return 42; } }'],
      ['a.cpp', 'int main() { return 42; }'],
      ['a.cc', 'int cc_total() { return 42; }'],
      ['a.cxx', 'int cxx_total() { return 42; }'],
      ['a.c', 'int c_total(void) { return 42; }'],
      ['A.cs', 'class A { int Total() => 42; }'],
      ['a.php', '<?php echo "tong cong"; ?>'],
      ['a.rb', 'def total = 42'],
      ['a.swift', 'let swiftTotal = 42'],
      ['a.ts', 'export const tsTotal: number = 42;'],
      ['a.go', 'package main\nfunc goTotal() int { return 42 }\n'],
    ] as const
  ).map(([name, text]) => ({ name, bytes: () => Buffer.from(text), folded: text.split('\n')[0]?.toLowerCase().slice(0, 12) ?? '' })),
];

describe.each(testDatabases)('documents: upload → index → collections (%s)', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600), RATE_LIMIT_IP_MULTIPLIER: '100' } });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
  });
  afterAll(() => t?.close());

  const send = (user: SignedIn, body: ReturnType<typeof multipart>) =>
    t.app.inject({ method: 'POST', url: UPLOAD, headers: { ...user.headers, ...body.headers }, payload: body.payload });
  const upload = (user: SignedIn, collection: string, file: FilePart, language = 'auto') =>
    send(user, multipart({ user_id: user.userId, collection_name: collection, language }, file));
  const dataOf = <T>(response: LightMyRequestResponse): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  };
  const collection = async (user: SignedIn) => dataOf<CollectionFile[]>(await api(t, user, 'GET', `/api/v1/facebook/get-collection/${user.userId}`));
  const chunksOf = (fileId: string) => t.app.db.orm.select().from(documentChunks).where(eq(documentChunks.fileId, fileId)).orderBy(documentChunks.ordinal);
  /** The file's passages whose search vector has the words of `text`, folded, side by side (the last one as a prefix: `text` may cut a word). */
  const foundBy = async (fileId: string, text: string) => {
    const phrase = foldedWords(text)
      .map((word, i, words) => `'${word}'${i === words.length - 1 ? ':*' : ''}`)
      .join(' <-> ');
    return t.app.db.orm
      .select({ id: documentChunks.id })
      .from(documentChunks)
      .where(and(eq(documentChunks.fileId, fileId), sql`${documentChunks.tsv} @@ ${phrase}::tsquery`));
  };
  const storedNameOf = async (fileId: string) => {
    const [row] = await t.app.db.orm.select({ storedName: documentFiles.storedName }).from(documentFiles).where(eq(documentFiles.id, fileId));
    return row?.storedName ?? '';
  };

  it('answers at once with the file queued, and indexes it after the request', async () => {
    const response = await upload(alice, 'Bảng giá', { name: 'Bảng giá mùa hè.docx', bytes: docx });
    const file = dataOf<CollectionFile>(response);
    expect(file).toMatchObject({
      collection_name: 'Bảng giá',
      file_name: 'Bảng giá mùa hè.docx',
      language: 'auto',
      size_bytes: docx.length,
      category: 'document',
      index_status: 'queued',
      chunk_count: 0,
    });
    expect(await chunksOf(file.file_id ?? '')).toEqual([]);

    expect(await t.app.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });
    const [listed] = (await collection(alice)).filter((item) => item.file_id === file.file_id);
    expect(listed).toMatchObject({ index_status: 'ready', language: 'vi', chunk_count: 1 });
    const chunks = await chunksOf(file.file_id ?? '');
    expect(chunks[0]?.text).toContain('Giá bán áo thun là 150.000 đồng.');
    expect(await foundBy(file.file_id ?? '', 'gia ban ao thun')).toEqual([{ id: chunks[0]?.id }]);

    const passage = dataOf<Passage>(await api(t, alice, 'GET', `/api/v1/chat/passage/${chunks[0]?.id}?user_id=${alice.userId}`));
    expect(passage).toEqual({
      chunk_id: chunks[0]?.id,
      file_id: file.file_id,
      file_name: 'Bảng giá mùa hè.docx',
      collection_name: 'Bảng giá',
      locator: chunks[0]?.locator,
      text: chunks[0]?.text,
    });
  });

  it('indexes every allowed format, found by its words without diacritics', async () => {
    const uploaded: { id: string; folded: string; name: string }[] = [];
    for (const format of EVERY_FORMAT) {
      const file = dataOf<CollectionFile>(await upload(alice, 'Mọi định dạng', { name: format.name, bytes: await format.bytes() }));
      uploaded.push({ id: file.file_id ?? '', folded: format.folded, name: format.name });
    }
    expect(uploaded).toHaveLength(23);
    expect(await t.app.jobs.runDue()).toMatchObject({ done: 23, failed: 0 });
    const listed = new Map((await collection(alice)).map((item) => [item.file_id, item]));
    for (const { id, folded, name } of uploaded) {
      expect(listed.get(id), name).toMatchObject({ index_status: 'ready' });
      const chunks = await chunksOf(id);
      expect(chunks.length, name).toBeGreaterThan(0);
      expect(listed.get(id)?.chunk_count, name).toBe(chunks.length);
      expect((await foundBy(id, folded)).length, name).toBeGreaterThan(0);
    }
    expect(new Set([...listed.values()].filter((item) => item.collection_name === 'Mọi định dạng').map((item) => item.category))).toEqual(
      new Set(['document', 'spreadsheet', 'web', 'text', 'code']),
    );
    // 23 uploads, each parsed in a worker of its own: more than the default 20 s on a machine busy with other work.
  }, 60_000);

  it('gives the planner statistics of the grown documents tables once a file is indexed, not a minute later', async () => {
    const statsOf = async () =>
      (await t.app.db.orm.execute<{ relname: string; reltuples: number }>(sql`select relname, reltuples from pg_class where relname in ('document_chunks', 'document_files') order by relname`)).rows;
    const lines = ['Mã,Sản phẩm,Ghi chú', ...Array.from({ length: 3_000 }, (_, i) => `SP${i},Áo thun cotton số ${i},Giá bán ${i}.000 đồng; đổi trả trong 7 ngày`)];
    const file = dataOf<CollectionFile>(await upload(alice, 'Thống kê', { name: 'thong-ke.csv', bytes: Buffer.from(lines.join('\n')) }));
    expect(await t.app.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });
    const chunks = (await chunksOf(file.file_id ?? '')).length;
    expect(chunks).toBeGreaterThan(10);
    // Without statistics the planner takes `status = 'ready'` to match a few files, and a question whose words no
    // passage has together reads every passage of every file instead of asking the full-text index.
    const [chunkStats, fileStats] = await statsOf();
    expect(chunkStats?.reltuples).toBeGreaterThanOrEqual(chunks);
    expect(fileStats?.reltuples).toBeGreaterThanOrEqual(1);
  });

  it('refuses what is not an allowed format, with the product message', async () => {
    const windowsExe = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]), Buffer.alloc(54)]);
    const refused: FilePart[] = [
      { name: 'setup.exe', bytes: windowsExe },
      { name: 'setup.exe.txt', bytes: windowsExe },
      { name: 'report.pdf', bytes: Buffer.from('%PDF-1.7\n') },
      { name: 'fake.docx', bytes: Buffer.from('not a zip at all') },
      { name: 'empty.txt', bytes: Buffer.alloc(0) },
      { name: 'noextension', bytes: Buffer.from('hello') },
    ];
    for (const file of refused) {
      const response = await upload(alice, 'Refused', file);
      expect(response.statusCode, file.name).toBe(415);
      expect(errorOf(response), file.name).toMatchObject({ code: 'FILE_FORMAT_NOT_ALLOWED', message: UPLOAD_MESSAGES.invalidFormat });
    }
    expect((await collection(alice)).filter((item) => item.collection_name === 'Refused')).toEqual([]);
  });

  it('refuses a zip bomb and a file over the size limit with 413', async () => {
    const bomb = withDeclaredSize(docx, 'word/document.xml', 0xffff_fff0);
    const bombResponse = await upload(alice, 'Big', { name: 'bomb.docx', bytes: bomb });
    expect(bombResponse.statusCode).toBe(413);
    expect(errorOf(bombResponse)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_REFUSALS.archiveTooLarge });

    const tooLarge = await upload(alice, 'Big', { name: 'huge.txt', bytes: Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1, 0x61) });
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_REFUSALS.tooLarge });
    expect((await collection(alice)).filter((item) => item.collection_name === 'Big')).toEqual([]);
  });

  it('refuses a name that already exists in the collection, not in another collection or for another user', async () => {
    const file = { name: 'faq.txt', bytes: Buffer.from('Câu hỏi thường gặp') };
    expect((await upload(alice, 'Trùng', file)).statusCode).toBe(200);
    const again = await upload(alice, 'Trùng', { ...file, bytes: Buffer.from('other content') });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'FILE_EXISTS', message: UPLOAD_MESSAGES.duplicate });
    // Racing uploads of one name: one wins, the other hears the same refusal.
    const racing = await Promise.all([upload(alice, 'Đua', file), upload(alice, 'Đua', file)]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409]);

    expect((await upload(alice, 'Khác', file)).statusCode).toBe(200);
    expect((await upload(bob, 'Trùng', file)).statusCode).toBe(200);
    await t.app.jobs.runDue();
  });

  it('refuses a user_id that is not the token’s, wherever it sits in the form', async () => {
    const file = { name: 'x.txt', bytes: Buffer.from('hello') };
    for (const fileFirst of [false, true]) {
      const response = await send(alice, multipart({ user_id: bob.userId, collection_name: 'Mine', language: 'auto' }, file, fileFirst));
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({ code: 'FORBIDDEN' });
    }
    const missing = await send(alice, multipart({ collection_name: 'Mine' }, file));
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: 'user_id' })] });
    const noFile = await send(alice, multipart({ user_id: alice.userId, collection_name: 'Mine' }));
    expect(noFile.statusCode).toBe(400);
    const twoFiles = multipart({ user_id: alice.userId, collection_name: 'Mine' }, file);
    const second = Buffer.from(twoFiles.payload.toString('latin1').replace(/--(\S+)--\r\n$/, (_, boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="y.txt"\r\n\r\nsecond\r\n--${boundary}--\r\n`), 'latin1');
    const twice = await send(alice, { payload: second, headers: twoFiles.headers });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).message).toBe('Upload one file at a time.');
    const unauthenticated = await t.app.inject({ method: 'POST', url: UPLOAD, ...multipart({ user_id: alice.userId, collection_name: 'Mine' }, file) });
    expect(unauthenticated.statusCode).toBe(401);
    expect((await collection(alice)).filter((item) => item.collection_name === 'Mine')).toEqual([]);
  });

  it('keeps each user’s files, passages and deletes to themselves', async () => {
    const file = dataOf<CollectionFile>(await upload(alice, 'Riêng', { name: 'secret.md', bytes: Buffer.from('# Bí mật\n\nMật khẩu kho là 1234.\n') }));
    await t.app.jobs.runDue();
    const [chunk] = await chunksOf(file.file_id ?? '');

    expect((await collection(bob)).map((item) => item.file_id)).not.toContain(file.file_id);
    expect((await api(t, bob, 'GET', `/api/v1/facebook/get-collection/${alice.userId}`)).statusCode).toBe(403);
    const passage = await api(t, bob, 'GET', `/api/v1/chat/passage/${chunk?.id}?user_id=${bob.userId}`);
    expect(passage.statusCode).toBe(404);
    expectInvalidField(await api(t, bob, 'GET', `/api/v1/chat/passage/not-a-uuid?user_id=${bob.userId}`), 'id');
    const deleteFile = await api(t, bob, 'POST', '/api/v1/documents/delete-file', { user_id: bob.userId, file_id: file.file_id });
    expect(deleteFile.statusCode).toBe(404);
    const deleteCollection = await api(t, bob, 'POST', '/api/v1/facebook/delete-collection', { user_id: bob.userId, collection_id: 'Riêng' });
    expect(deleteCollection.statusCode).toBe(404);
    expect((await api(t, bob, 'POST', '/api/v1/documents/delete-file', { user_id: alice.userId, file_id: file.file_id })).statusCode).toBe(403);

    expect((await collection(alice)).find((item) => item.file_id === file.file_id)).toMatchObject({ index_status: 'ready' });
    expect(await chunksOf(file.file_id ?? '')).toHaveLength(1);
  });

  it('deletes a file with its passages and stored bytes', async () => {
    const file = dataOf<CollectionFile>(await upload(alice, 'Xoá', { name: 'gone.txt', bytes: Buffer.from('Sẽ bị xoá.') }));
    await t.app.jobs.runDue();
    const storedName = await storedNameOf(file.file_id ?? '');
    expect((await t.app.files.get(storedName)).toString()).toBe('Sẽ bị xoá.');

    const response = await api(t, alice, 'POST', '/api/v1/documents/delete-file', { user_id: alice.userId, file_id: file.file_id });
    expect(response.json()).toEqual({ status: 200, data: { ok: true } });
    expect((await collection(alice)).map((item) => item.file_id)).not.toContain(file.file_id);
    expect(await chunksOf(file.file_id ?? '')).toEqual([]);
    await expect(t.app.files.get(storedName)).rejects.toMatchObject({ name: 'FileNotFoundError' });
    expect((await api(t, alice, 'POST', '/api/v1/documents/delete-file', { user_id: alice.userId, file_id: file.file_id })).statusCode).toBe(404);
  });

  it('deletes a whole collection by name, and only that one', async () => {
    const ids: string[] = [];
    for (const name of ['a.txt', 'b.md']) {
      ids.push(dataOf<CollectionFile>(await upload(alice, 'Bộ sưu tập', { name, bytes: Buffer.from(`Nội dung ${name}`) })).file_id ?? '');
    }
    const kept = dataOf<CollectionFile>(await upload(alice, 'Giữ lại', { name: 'a.txt', bytes: Buffer.from('Còn đây') }));
    await t.app.jobs.runDue();
    const storedNames = await Promise.all(ids.map(storedNameOf));

    const response = await api(t, alice, 'POST', '/api/v1/facebook/delete-collection', { user_id: alice.userId, collection_id: 'Bộ sưu tập' });
    expect(response.json()).toEqual({ status: 200, data: { ok: true } });
    const remaining = await collection(alice);
    expect(remaining.filter((item) => item.collection_name === 'Bộ sưu tập')).toEqual([]);
    expect(remaining.map((item) => item.file_id)).toContain(kept.file_id);
    for (const id of ids) expect(await chunksOf(id)).toEqual([]);
    for (const name of storedNames) await expect(t.app.files.get(name)).rejects.toMatchObject({ name: 'FileNotFoundError' });
  });

  it('marks a file that cannot be parsed as failed with a reason the user can act on, without retrying', async () => {
    const broken = buildDocx({
      paragraphs: [{ text: 'x' }],
      extraEntries: { 'word/document.xml': strToU8('<?xml version="1.0"?><w:document xmlns:w="x"><w:body><w:p') },
    });
    const file = dataOf<CollectionFile>(await upload(alice, 'Hỏng', { name: 'broken.docx', bytes: broken }));
    expect(await t.app.jobs.runDue()).toMatchObject({ claimed: 1, failed: 1 });
    expect((await collection(alice)).find((item) => item.file_id === file.file_id)).toMatchObject({
      index_status: 'failed',
      index_error: INDEX_FAILURES.corrupt('docx'),
      chunk_count: 0,
    });
    const jobs = await t.app.jobs.list(INDEX_QUEUE);
    expect(jobs.find((job) => job.payload.fileId === file.file_id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('fails at once when the stored bytes are gone, and does nothing for a file deleted before its job ran', async () => {
    const missing = dataOf<CollectionFile>(await upload(alice, 'Mất', { name: 'lost.txt', bytes: Buffer.from('lost') }));
    await t.app.files.delete(await storedNameOf(missing.file_id ?? ''));
    const deleted = dataOf<CollectionFile>(await upload(alice, 'Mất', { name: 'deleted.txt', bytes: Buffer.from('deleted') }));
    await api(t, alice, 'POST', '/api/v1/documents/delete-file', { user_id: alice.userId, file_id: deleted.file_id });

    expect(await t.app.jobs.runDue()).toMatchObject({ claimed: 2, done: 1, failed: 1 });
    expect((await collection(alice)).find((item) => item.file_id === missing.file_id)).toMatchObject({
      index_status: 'failed',
      index_error: INDEX_FAILURES.missing,
    });
  });

  it('indexes again from scratch when a job runs twice (a lease that expired mid-run)', async () => {
    const file = dataOf<CollectionFile>(await upload(alice, 'Lặp', { name: 'twice.txt', bytes: Buffer.from('Một lần là đủ.') }));
    await t.app.jobs.runDue();
    const before = await chunksOf(file.file_id ?? '');
    // As if another instance ran the same job again after this one finished: nothing changes.
    await t.app.documents.indexFile({ fileId: file.file_id }, { jobId: 'x', attempt: 2, maxAttempts: 3, signal: new AbortController().signal });
    expect(await chunksOf(file.file_id ?? '')).toEqual(before);
    // And a rerun of an interrupted attempt replaces the chunks it left.
    await t.app.db.orm.update(documentFiles).set({ status: 'indexing' }).where(eq(documentFiles.id, file.file_id ?? ''));
    await t.app.documents.indexFile({ fileId: file.file_id }, { jobId: 'x', attempt: 2, maxAttempts: 3, signal: new AbortController().signal });
    const after = await chunksOf(file.file_id ?? '');
    expect(after.map((chunk) => chunk.text)).toEqual(before.map((chunk) => chunk.text));
  });
});

describe.each(testDatabases)('documents with the job worker running (%s)', (kind) => {
  let t: TestApp;
  let carol: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { JOBS_POLL_INTERVAL_MS: '1000' } });
    carol = await signedInUser(t);
  });
  afterAll(() => t?.close());

  it('makes an upload searchable moments after the answer, without anyone running jobs by hand', async () => {
    const body = multipart({ user_id: carol.userId, collection_name: 'Tự động', language: 'vi' }, { name: 'gia.docx', bytes: docx });
    const response = await t.app.inject({ method: 'POST', url: UPLOAD, headers: { ...carol.headers, ...body.headers }, payload: body.payload });
    expect(response.statusCode, response.body).toBe(200);
    const fileId = (response.json() as { data: CollectionFile }).data.file_id ?? '';
    // The worker was nudged by the upload: ready well before its next 1 s poll would matter.
    await vi.waitFor(
      async () => {
        const [row] = await t.app.db.orm.select().from(documentFiles).where(eq(documentFiles.id, fileId));
        expect(row?.status).toBe('ready');
      },
      { timeout: 15_000, interval: 50 },
    );
  });
});
