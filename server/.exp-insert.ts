import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './src/app.ts';
import { loadConfig } from './src/config.ts';
import { documentFiles, users } from './src/db/schema/index.ts';
import { buildWorkbook } from './src/documents/fixtures/builders.ts';
import { parseBytes } from './src/documents/parsers/index.ts';
import { chunkDocument } from './src/documents/chunk.ts';
import { foldVietnamese } from './src/documents/fold.ts';
const app = await buildApp({ config: loadConfig({ PGLITE_DATA_DIR: 'memory://', FILES_DIR: mkdtempSync(join(tmpdir(), 'x')), JOBS_POLL_INTERVAL_MS: '0', PAYMENT_RECONCILE_INTERVAL_SECONDS: '0', LOG_LEVEL: 'silent' }) });
const userId = randomUUID();
await app.db.orm.insert(users).values({ id: userId, username: 'bench', email: 'b@example.test', passwordHash: 'x', role: 'user' });
const rows = Array.from({ length: 60_000 }, (_, i) => [`SP${i}`, 'áo thun', 100_000 + (i % 900) * 1_000, i % 50, `Giá bán áo thun là ${i}.000 VNĐ, miễn phí giao hàng nội thành cho đơn từ 500.000 VNĐ.`]);
const xlsx = buildWorkbook([{ name: 'Bảng giá', rows: [['Mã', 'Sản phẩm', 'Giá bán', 'Tồn kho', 'Ghi chú'], ...rows] }], 'xlsx');
const parsed = await parseBytes('xlsx', xlsx);
const chunks = chunkDocument(parsed).map((c) => ({ ordinal: c.ordinal, text: c.text, title: c.title ?? null, locator: c.locator, searchText: foldVietnamese(c.text) }));
import { sql } from 'drizzle-orm';
const orm = app.db.orm;
const texts = JSON.stringify(chunks.map((c) => c.searchText));
const variants: [string, string][] = [
  ['text only', 'create table x (s text)'],
  ['tsv generated', "create table x (s text, tsv tsvector generated always as (to_tsvector('simple', s)) stored)"],
  ['tsv + gin', "create table x (s text, tsv tsvector generated always as (to_tsvector('simple', s)) stored); create index on x using gin (tsv)"],
  ['tsv + gin fastupdate off', "create table x (s text, tsv tsvector generated always as (to_tsvector('simple', s)) stored); create index on x using gin (tsv) with (fastupdate = off)"],
];
for (const [label, ddl] of variants) {
  await orm.execute(sql.raw('drop table if exists x'));
  for (const stmt of ddl.split('; ')) await orm.execute(sql.raw(stmt));
  const cpu = process.cpuUsage(); const t = performance.now();
  await orm.execute(sql`insert into x (s) select value from jsonb_array_elements_text(${texts}::jsonb)`);
  const c = process.cpuUsage(cpu);
  console.log(label, 'wall', (performance.now() - t).toFixed(0), 'cpu', ((c.user + c.system) / 1000).toFixed(0));
}
await app.close();
