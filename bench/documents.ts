/**
 * Documents: how long an upload takes to become searchable — a 1 MB docx and a 5 MB xlsx — with the
 * raw parse time of the same bytes beside it, and retrieval latency (p50/p95) over 1,000 indexed documents.
 * Runs the real server modules in-process (nothing listens, nothing leaves the machine) on an embedded PGlite in
 * memory by default; with DATABASE_URL, on a throw-away database created on that PostgreSQL server and dropped
 * afterwards.
 * DOCUMENTS_MEASURES (comma-separated, all by default) runs only some of them: `upload` (upload → searchable),
 * `stages` (each stage of the index job alone), `retrieval`.
 * Reproduce: `npx tsx bench/documents.ts`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { documentChunks, documentFiles, users } from '../server/src/db/schema/index.ts';
import { buildDocx, buildWorkbook } from '../server/src/documents/fixtures/builders.ts';
import { chunkDocument } from '../server/src/documents/chunk.ts';
import { passageRows } from '../server/src/documents/passage-rows.ts';
import { parseDocument } from '../server/src/documents/parse.ts';
import { parseBytes } from '../server/src/documents/parsers/index.ts';
import { passageVector } from '../server/src/documents/search-vector.ts';
import { createDatabase, type ScratchDatabase } from './server-harness.ts';
import { table } from './support.ts';

const PRODUCTS = ['áo thun cotton', 'quần jean nữ', 'váy hoa', 'giày thể thao', 'túi xách da', 'mũ lưỡi trai', 'áo khoác gió', 'khăn lụa'];
const SENTENCES = [
  'Giá bán {p} là {n}.000 VNĐ, miễn phí giao hàng nội thành cho đơn từ 500.000 VNĐ.',
  'Khách hàng có thể đổi trả {p} trong vòng 7 ngày nếu còn nguyên tem mác.',
  'Chất liệu của {p} được chọn lọc kỹ, phù hợp khí hậu nóng ẩm của Việt Nam.',
  'Cửa hàng mở cửa từ 8 giờ sáng đến 10 giờ tối, kể cả thứ Bảy và Chủ nhật.',
];

function sentence(i: number): string {
  const template = SENTENCES[i % SENTENCES.length] ?? '';
  return template.replace('{p}', PRODUCTS[i % PRODUCTS.length] ?? '').replace('{n}', String(100 + (i % 900)));
}

const ms = (from: number) => performance.now() - from;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Calls `request` one after another until stopped: how long another shop's small request waits while an upload is
 * indexed (on PGlite one connection serves every shop, and a transaction holds it). Latencies sorted.
 */
function probeOtherShop(request: () => Promise<unknown>): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await request();
      latencies.push(ms(started));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies.sort((a, b) => a - b);
    },
  };
}

const MEASURES = new Set((process.env.DOCUMENTS_MEASURES ?? 'upload,stages,retrieval').split(',').map((name) => name.trim()));

async function main() {
  const database: ScratchDatabase | undefined = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL, 'pagemate_documents') : undefined;
  const engine = database ? 'PostgreSQL' : 'PGlite in memory';
  const filesDir = mkdtempSync(join(tmpdir(), 'pagemate-bench-files-'));
  const config = loadConfig({
    ...(database ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: 'memory://' }),
    FILES_DIR: filesDir,
    JOBS_POLL_INTERVAL_MS: '0',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config }).catch(async (error: unknown) => {
    await database?.drop();
    throw error;
  });
  try {
    const userId = randomUUID();
    await app.db.orm.insert(users).values({ id: userId, username: 'bench', email: 'bench@example.test', passwordHash: 'x', role: 'user' });
    const otherShopId = randomUUID();
    await app.db.orm.insert(users).values({ id: otherShopId, username: 'bench-other', email: 'bench-other@example.test', passwordHash: 'x', role: 'user' });

    // 1. Upload → searchable, beside the raw parse of the same bytes.
    // A typical 1 MB catalogue: ~9,000 paragraphs of text plus a photo (random bytes: photos do not compress).
    const docx = buildDocx({
      paragraphs: Array.from({ length: 9_000 }, (_, i) => ({ text: `${sentence(i)} Mã ${randomUUID().slice(0, 8)}.` })),
      extraEntries: { 'word/media/photo1.jpg': randomBytes(900_000) },
    });
    const rows = Array.from({ length: 60_000 }, (_, i) => [`SP${i}`, PRODUCTS[i % PRODUCTS.length] ?? '', 100_000 + (i % 900) * 1_000, i % 50, sentence(i)]);
    const xlsx = buildWorkbook([{ name: 'Bảng giá', rows: [['Mã', 'Sản phẩm', 'Giá bán', 'Tồn kho', 'Ghi chú'], ...rows] }], 'xlsx');
    const uploads: Record<string, string | number>[] = [];
    for (const [name, kind, bytes, question] of MEASURES.has('upload') ? ([
      ['catalogue.docx', 'docx', docx, 'gia ban ao thun cotton'],
      ['bang-gia.xlsx', 'xlsx', xlsx, 'SP12345'],
    ] as const) : []) {
      const parseStarted = performance.now();
      await parseDocument(kind, bytes);
      const parseMs = ms(parseStarted);

      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const file = await app.documents.upload(userId, { collectionName: 'Bench', language: 'auto' }, name, bytes);
      const acceptedMs = ms(started);
      // Another shop lists its documents, one request after another, while this upload is indexed.
      const probe = probeOtherShop(() => app.documents.list(otherShopId));
      while ((await app.jobs.runDue()).claimed > 0) {
        // the index job runs in this loop (no background worker in the bench)
      }
      const cpu = process.cpuUsage(cpuStarted);
      const other = await probe.stop();
      const searchable = (await app.retrieval.search(userId, question, { fileIds: [file.file_id ?? ''], limit: 3 })).length > 0;
      const listed = (await app.documents.list(userId)).find((f) => f.file_id === file.file_id);
      uploads.push({
        file: name,
        'size MB': (bytes.length / 1_048_576).toFixed(2),
        'raw parse ms': parseMs.toFixed(0),
        'upload answered ms': acceptedMs.toFixed(0),
        'upload → searchable ms': ms(started).toFixed(0),
        // Every thread of the process (parse worker and PGlite included): what the upload costs, whatever else the machine runs.
        'CPU ms': ((cpu.user + cpu.system) / 1_000).toFixed(0),
        passages: listed?.chunk_count ?? 0,
        status: listed?.index_status ?? '?',
        'question found': searchable ? 'yes' : 'NO',
        'other shop p50 / max ms': `${percentile(other, 50).toFixed(0)} / ${(other.at(-1) ?? 0).toFixed(0)}`,
      });
    }
    if (uploads.length > 0) {
      console.log(`Upload → searchable (real upload service + index job, ${engine}):`);
      table(uploads);
    }

    // Where the time goes: each stage of the index job on the same bytes, one after another in this thread (the
    // job parses, chunks, computes vectors and writes the statements' JSON in a worker while the first passages are
    // stored).
    const stages: Record<string, string | number>[] = [];
    for (const [name, kind, bytes] of MEASURES.has('stages') ? ([
      ['catalogue.docx', 'docx', docx],
      ['bang-gia.xlsx', 'xlsx', xlsx],
    ] as const) : []) {
      let at = performance.now();
      let cpuAt = process.cpuUsage();
      const cpuLaps: string[] = [];
      // Wall time of the stage; its CPU time (this process, no worker running) goes to `cpuLaps`.
      const lap = () => {
        const took = ms(at);
        const cpu = process.cpuUsage(cpuAt);
        cpuLaps.push(((cpu.user + cpu.system) / 1_000).toFixed(0));
        at = performance.now();
        cpuAt = process.cpuUsage();
        return took.toFixed(0);
      };
      const parsed = await parseBytes(kind, bytes);
      const parseMs = lap();
      const chunks = chunkDocument(parsed);
      const chunkMs = lap();
      const passages = chunks.map((chunk) => ({ ordinal: chunk.ordinal, text: chunk.text, title: chunk.title ?? null, locator: chunk.locator, tsv: passageVector(chunk) }));
      const vectorMs = lap();
      const statements = passageRows(passages);
      const rowsMs = lap();
      const now = new Date();
      const [row] = await app.db.orm
        .insert(documentFiles)
        .values({ id: randomUUID(), userId, collectionName: 'Stages', fileName: name, storedName: randomUUID(), extension: `.${kind}`, kind, sizeBytes: bytes.length, language: 'vi', status: 'indexing', createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('file row not inserted');
      lap();
      await app.documentsRepository.completeIndex(row, [statements], { outcome: () => ({ count: passages.length, language: 'vi' }), now: () => new Date() });
      await app.documentsRepository.deleteOwn(userId, row.id);
      const storeMs = lap();
      const [parseCpu, chunkCpu, vectorCpu, rowsCpu, , storeCpu] = cpuLaps;
      stages.push({
        file: name,
        'parse ms (CPU)': `${parseMs} (${parseCpu})`,
        'chunk ms (CPU)': `${chunkMs} (${chunkCpu})`,
        'search vectors ms (CPU)': `${vectorMs} (${vectorCpu})`,
        'statement JSON ms (CPU)': `${rowsMs} (${rowsCpu})`,
        'store ms (CPU)': `${storeMs} (${storeCpu})`,
        passages: passages.length,
      });
    }
    if (stages.length > 0) {
      console.log('\nWhere the time goes (each stage of the index job alone, in this thread; CPU ms of the process beside):');
      table(stages);
    }

    if (MEASURES.has('retrieval')) {
      // 2. Retrieval over 1,000 indexed documents of 5 passages each (rows written as the index job writes them, tsvector included).
      const seedStarted = performance.now();
      for (let batch = 0; batch < 10; batch += 1) {
        const files = Array.from({ length: 100 }, (_, i) => ({ id: randomUUID(), n: batch * 100 + i }));
        const now = new Date();
        await app.db.orm.insert(documentFiles).values(
          files.map(({ id, n }) => ({
            id, userId, collectionName: `Kho ${n % 10}`, fileName: `tai-lieu-${n}.txt`, storedName: randomUUID(), extension: '.txt', kind: 'text',
            sizeBytes: 2_000, language: 'vi', status: 'ready' as const, chunkCount: 5, createdAt: now, updatedAt: now,
          })),
        );
        await app.db.orm.insert(documentChunks).values(
          files.flatMap(({ id, n }) =>
            Array.from({ length: 5 }, (_, ordinal) => {
              const text = [0, 1, 2].map((k) => sentence(n * 7 + ordinal * 3 + k)).join(' ');
              return { id: randomUUID(), fileId: id, userId, ordinal, text, locator: `paragraph ${ordinal + 1}`, tsv: passageVector({ text }) };
            }),
          ),
        );
      }
      const seedMs = ms(seedStarted);
      const questions = ['gia ban quan jean nu', 'doi tra trong bao lau', 'giờ mở cửa thứ Bảy', 'chat lieu vay hoa', 'miễn phí giao hàng', 'túi xách da giá bao nhiêu'];
      for (const question of questions) await app.retrieval.search(userId, question); // warm-up
      const timings: number[] = [];
      for (let i = 0; i < 200; i += 1) {
        const started = performance.now();
        await app.retrieval.search(userId, questions[i % questions.length] ?? '');
        timings.push(ms(started));
      }
      timings.sort((a, b) => a - b);
      const passages = await app.db.orm.$count(documentChunks);
      const documents = await app.db.orm.$count(documentFiles);
      console.log(`\nRetrieval over ${documents} documents / ${passages} passages (1,000 seeded in ${seedMs.toFixed(0)} ms), 200 queries:`);
      table([{ 'p50 ms': percentile(timings, 50).toFixed(1), 'p95 ms': percentile(timings, 95).toFixed(1), 'max ms': (timings.at(-1) ?? 0).toFixed(1) }]);
    }
  } finally {
    await app.close();
    await database?.drop();
    rmSync(filesDir, { recursive: true, force: true });
  }
  console.log(`Reproduce: npx tsx ${join('bench', 'documents.ts')}${database ? ' (DATABASE_URL set)' : ''}`);
}

await main();
