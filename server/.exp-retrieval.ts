import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './src/app.ts';
import { loadConfig } from './src/config.ts';
import { documentChunks, documentFiles, users } from './src/db/schema/index.ts';
import { foldVietnamese } from './src/documents/fold.ts';

const PRODUCTS = ['áo thun cotton', 'quần jean nữ', 'váy hoa', 'giày thể thao', 'túi xách da', 'mũ lưỡi trai', 'áo khoác gió', 'khăn lụa'];
const SENTENCES = [
  'Giá bán {p} là {n}.000 VNĐ, miễn phí giao hàng nội thành cho đơn từ 500.000 VNĐ.',
  'Khách hàng có thể đổi trả {p} trong vòng 7 ngày nếu còn nguyên tem mác.',
  'Chất liệu của {p} được chọn lọc kỹ, phù hợp khí hậu nóng ẩm của Việt Nam.',
  'Cửa hàng mở cửa từ 8 giờ sáng đến 10 giờ tối, kể cả thứ Bảy và Chủ nhật.',
];
const sentence = (i: number) => (SENTENCES[i % 4] ?? '').replace('{p}', PRODUCTS[i % 8] ?? '').replace('{n}', String(100 + (i % 900)));
const app = await buildApp({ config: loadConfig({ PGLITE_DATA_DIR: 'memory://', FILES_DIR: mkdtempSync(join(tmpdir(), 'x')), JOBS_POLL_INTERVAL_MS: '0', PAYMENT_RECONCILE_INTERVAL_SECONDS: '0', LOG_LEVEL: 'silent' }) });
const userId = randomUUID();
await app.db.orm.insert(users).values({ id: userId, username: 'bench', email: 'b@example.test', passwordHash: 'x', role: 'user' });
const now = new Date();
for (let batch = 0; batch < 10; batch += 1) {
  const files = Array.from({ length: 100 }, (_, i) => ({ id: randomUUID(), n: batch * 100 + i }));
  await app.db.orm.insert(documentFiles).values(files.map(({ id, n }) => ({ id, userId, collectionName: `Kho ${n % 10}`, fileName: `tai-lieu-${n}.txt`, storedName: randomUUID(), extension: '.txt', kind: 'text', sizeBytes: 2000, language: 'vi', status: 'ready' as const, chunkCount: 5, createdAt: now, updatedAt: now })));
  await app.db.orm.insert(documentChunks).values(files.flatMap(({ id, n }) => Array.from({ length: 5 }, (_, ordinal) => { const text = [0, 1, 2].map((k) => sentence(n * 7 + ordinal * 3 + k)).join(' '); return { id: randomUUID(), fileId: id, userId, ordinal, text, locator: 'p', searchText: foldVietnamese(text) }; })));
}
// an xlsx-like file: 6,666 passages of 9 rows with the header
const xid = randomUUID();
await app.db.orm.insert(documentFiles).values({ id: xid, userId, collectionName: 'B', fileName: 'bang-gia.xlsx', storedName: randomUUID(), extension: '.xlsx', kind: 'xlsx', sizeBytes: 1, language: 'vi', status: 'ready', chunkCount: 7485, createdAt: now, updatedAt: now });
for (let start = 0; start < 7485; start += 500) {
  await app.db.orm.insert(documentChunks).values(Array.from({ length: Math.min(500, 7485 - start) }, (_, k) => { const o = start + k; const text = 'Mã | Sản phẩm | Giá bán | Tồn kho | Ghi chú\n' + Array.from({ length: 9 }, (_, r) => { const i = o * 9 + r; return `SP${i} | ${PRODUCTS[i % 8]} | ${100000 + (i % 900) * 1000} | ${i % 50} | ${sentence(i)}`; }).join('\n'); return { id: randomUUID(), fileId: xid, userId, ordinal: o, text, locator: 'r', searchText: foldVietnamese(text) }; }));
}
await app.db.orm.execute(sql`analyze`);
const questions = ['gia ban quan jean nu', 'doi tra trong bao lau', 'giờ mở cửa thứ Bảy', 'chat lieu vay hoa', 'miễn phí giao hàng', 'túi xách da giá bao nhiêu'];
for (const q of questions) await app.retrieval.search(userId, q);
const t: number[] = [];
for (let i = 0; i < 120; i++) { const s = performance.now(); await app.retrieval.search(userId, questions[i % 6] ?? ''); t.push(performance.now() - s); }
t.sort((a, b) => a - b);
console.log('p50', t[60]?.toFixed(1), 'p95', t[Math.floor(0.95 * 120)]?.toFixed(1));
const per: Record<string, number> = {};
for (const q of questions) { const s = performance.now(); for (let i = 0; i < 5; i++) await app.retrieval.search(userId, q); per[q] = (performance.now() - s) / 5; }
console.log(per);
const orig = app.db.orm.execute.bind(app.db.orm);
for (const q of (process.env.EXPLAIN ?? '').split(',').filter(Boolean)) {
  (app.db.orm as any).execute = async (query: any) => { const r: any = await orig(sql`explain analyze ${query}`); console.log('== ' + q); console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n')); return { rows: [] }; };
  await app.retrieval.search(userId, q);
}

await app.close();
