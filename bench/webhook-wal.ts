/**
 * What one webhook message writes to PostgreSQL's WAL right after a checkpoint, when each page a write touches
 * first is logged whole (a full-page image): the shop of bench/floor.ts on a fresh database, BENCH_MESSAGES (8,000)
 * signed Messenger messages recorded through the product's ingest (8 at a time), a CHECKPOINT, then 500 more each
 * run under `EXPLAIN (ANALYZE, WAL)`; prints WAL records, full-page images and bytes per message. A busy
 * PostgreSQL checkpoints every minute or less (max_wal_size), so this is the WAL of much of its day.
 * Reproduce: `npx tsx bench/webhook-wal.ts` (BENCH_PORT_OFFSET moves the port, 18573 by default; BENCH_DATABASE_URL
 * or TEST_DATABASE_URL name the PostgreSQL server).
 */
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { pageEventsOf } from '../server/src/meta/webhook-events.ts';
import { createDatabase, postgresAdminUrl, prepareShop, removeDir, serverEnv, signedMessage } from './server-harness.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 8_000);
const MEASURED = 500;
const PORT = 18_573 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);

interface WalPlan {
  'WAL Records'?: number;
  'WAL FPI'?: number;
  'WAL Bytes'?: number;
}

async function main() {
  const database = await createDatabase(postgresAdminUrl(), 'pagemate_wal');
  const env = serverEnv(PORT, { url: database.url }, { JOBS_POLL_INTERVAL_MS: '0' });
  try {
    const shop = await prepareShop(env, [100_000]);
    const app = await buildApp({ config: loadConfig({ ...env, NODE_ENV: 'development', LOG_LEVEL: 'warn' }) });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // Once measuring, each statement runs under EXPLAIN (which executes it) in place of the product's call.
      const run = app.db.query.bind(app.db);
      let measuring = false;
      const wal = { records: 0, fpi: 0, bytes: 0, statements: 0 };
      (app.db as { query: typeof app.db.query }).query = async (statement, values) => {
        if (!measuring) return run(statement, values);
        const { rows } = await client.query<{ 'QUERY PLAN': { Plan: WalPlan }[] }>(`explain (analyze, wal, format json) ${statement.text}`, [...values]);
        const plan = rows[0]?.['QUERY PLAN'][0]?.Plan ?? {};
        wal.records += plan['WAL Records'] ?? 0;
        wal.fpi += plan['WAL FPI'] ?? 0;
        wal.bytes += plan['WAL Bytes'] ?? 0;
        wal.statements += 1;
        return [];
      };
      let serial = 0;
      const send = async () => {
        serial += 1;
        const { body } = signedMessage(shop.appSecret, shop.pageId, `7${String(serial % 100).padStart(15, '0')}`, `m_wal_${serial}`, 'Bánh mì thịt nướng giá bao nhiêu?');
        await app.inbox.ingest(pageEventsOf(JSON.parse(body), new Date()).events);
      };
      await Promise.all(Array.from({ length: 8 }, async () => {
        for (let i = 0; i < MESSAGES / 8; i += 1) await send();
      }));
      await client.query('checkpoint');
      measuring = true;
      for (let i = 0; i < MEASURED; i += 1) await send();
      const per = (n: number) => n / Math.max(1, wal.statements);
      console.log(
        `After ${MESSAGES} messages and a checkpoint, ${wal.statements} statements of ${MEASURED} messages: per message ${per(wal.records).toFixed(1)} WAL records, ` +
          `${per(wal.fpi).toFixed(2)} full-page images, ${per(wal.bytes).toFixed(0)} bytes`,
      );
    } finally {
      await client.end();
      await app.close();
    }
  } finally {
    await database.drop();
    removeDir(env.FILES_DIR);
  }
  console.log('Reproduce: npx tsx bench/webhook-wal.ts');
}

await main();
