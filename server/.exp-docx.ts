import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './src/app.ts';
import { loadConfig } from './src/config.ts';
import { users } from './src/db/schema/index.ts';
import { buildDocx } from './src/documents/fixtures/builders.ts';
const app = await buildApp({ config: loadConfig({ PGLITE_DATA_DIR: 'memory://', FILES_DIR: mkdtempSync(join(tmpdir(), 'x')), JOBS_POLL_INTERVAL_MS: '0', PAYMENT_RECONCILE_INTERVAL_SECONDS: '0', LOG_LEVEL: 'silent' }) });
await app.ready();
const userId = randomUUID();
await app.db.orm.insert(users).values({ id: userId, username: 'bench', email: 'b@example.test', passwordHash: 'x', role: 'user' });
const docx = buildDocx({ paragraphs: Array.from({ length: 9_000 }, (_, i) => ({ text: `Giá bán áo thun ${i} là 150.000 VNĐ, miễn phí giao hàng nội thành cho đơn từ 500.000 VNĐ. Mã ${randomUUID().slice(0, 8)}.` })), extraEntries: { 'word/media/photo1.jpg': randomBytes(900_000) } });
await new Promise((r) => setTimeout(r, 1500));
for (let k = 0; k < 2; k++) {
  let t = performance.now(); let cpu = process.cpuUsage();
  const lap = (l: string) => { const c = process.cpuUsage(cpu); console.log(l, 'wall', (performance.now() - t).toFixed(0), 'cpu', ((c.user + c.system) / 1000).toFixed(0)); t = performance.now(); cpu = process.cpuUsage(); };
  await app.documents.upload(userId, { collectionName: 'B', language: 'auto' }, `c${k}.docx`, docx); lap('upload');
  while ((await app.jobs.runDue()).claimed > 0) {} lap('index job');
  await new Promise((r) => setTimeout(r, 1500));
}
await app.close();
