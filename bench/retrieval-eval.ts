/**
 * The retrieval evaluation set (server/src/ai/eval): the shop's documents uploaded and indexed by the real
 * services on an embedded PGlite, every question asked; prints recall@5, the share the embedded engine answers
 * correctly, and each question that misses. Reproduce: `npx tsx bench/retrieval-eval.ts`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexShopDocuments, runEvaluation } from '../server/src/ai/eval/run-eval.ts';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { users } from '../server/src/db/schema/index.ts';
import { table } from './support.ts';

const filesDir = mkdtempSync(join(tmpdir(), 'pagemate-eval-files-'));
const app = await buildApp({
  config: loadConfig({ PGLITE_DATA_DIR: 'memory://', FILES_DIR: filesDir, JOBS_POLL_INTERVAL_MS: '0', PAYMENT_RECONCILE_INTERVAL_SECONDS: '0', LOG_LEVEL: 'silent' }),
});
try {
  const userId = randomUUID();
  await app.db.orm.insert(users).values({ id: userId, username: 'eval', email: 'eval@example.test', passwordHash: 'x', role: 'user' });
  await indexShopDocuments(app, userId);
  const report = await runEvaluation(app, userId);
  for (const outcome of report.outcomes.filter((item) => !item.found || !item.correct)) {
    console.log(`${outcome.found ? 'found, answer wrong' : 'NOT FOUND'}: ${outcome.question}\n  reply: ${outcome.reply}\n  quote: ${outcome.quote.replace(/\n/g, ' ')}`);
  }
  table([{ questions: report.cases, 'recall@5': report.recallAt5.toFixed(3), 'answered correctly': report.correctShare.toFixed(3) }]);
} finally {
  await app.close();
  rmSync(filesDir, { recursive: true, force: true });
}
console.log(`Reproduce: npx tsx ${join('bench', 'retrieval-eval.ts')}`);
