import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_TIMEOUT_MS } from '../test/helper.js';
import { migratedPgliteTemplate } from '../test/databases.js';
import { openPglite } from './pglite.js';
import { appMeta } from './schema/index.js';

describe('file-backed PGlite', () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'pagemate-pglite-'));
    dataDir = path.join(root, 'pglite');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps data across restarts and refuses a second opener meanwhile', async () => {
    const first = await openPglite({ dataDir, loadDataDir: await migratedPgliteTemplate() });
    try {
      await first.orm.insert(appMeta).values({ key: 'survives', value: 'restart' });
      await expect(openPglite({ dataDir })).rejects.toThrow(new RegExp(`in use by process ${process.pid}`));
    } finally {
      await first.close();
    }

    const second = await openPglite({ dataDir });
    try {
      const rows = await second.orm.select().from(appMeta).where(eq(appMeta.key, 'survives'));
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, BOOT_TIMEOUT_MS);

  it('takes over the lock of a process that died without releasing it', async () => {
    await writeFile(`${dataDir}.lock`, '2147483646');
    const database = await openPglite({ dataDir });
    await database.ping();
    await database.close();
  }, BOOT_TIMEOUT_MS);
});

describe('PGlite session', () => {
  it('creates WAL segments without filling them with zeros first', async () => {
    const database = await openPglite({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate() });
    try {
      expect((await database.orm.execute<{ wal_init_zero: string }>(sql`show wal_init_zero`)).rows).toEqual([{ wal_init_zero: 'off' }]);
    } finally {
      await database.close();
    }
  }, BOOT_TIMEOUT_MS);
});

describe('PGlite planner statistics', () => {
  it('analyses a table that has rows and was never analysed, or grew by a tenth since, and leaves it alone otherwise', async () => {
    const database = await openPglite({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate() });
    try {
      const statsOf = async () =>
        (await database.orm.execute<{ reltuples: number }>(sql`select reltuples from pg_class where relname = 'app_meta'`)).rows[0]?.reltuples;
      const add = (from: number, count: number) =>
        database.orm.insert(appMeta).values(Array.from({ length: count }, (_, i) => ({ key: `k${from + i}`, value: 'v'.repeat(200) })));
      expect(await database.analyzeGrown(['app_meta'])).toEqual([]);
      await add(-1, 1);
      expect(await database.analyzeGrown(['app_meta'])).toEqual(['app_meta']);
      expect(await database.analyzeGrown(['app_meta'])).toEqual([]);
      await add(0, 2_000);
      expect(await database.analyzeGrown(['app_meta', 'no_such_table'])).toEqual(['app_meta']);
      expect(await statsOf()).toBeGreaterThanOrEqual(2_000);
      expect(await database.analyzeGrown(['app_meta'])).toEqual([]);
      await add(2_000, 50);
      expect(await database.analyzeGrown(['app_meta'])).toEqual([]);
      await add(2_050, 400);
      expect(await database.analyzeGrown(['app_meta'])).toEqual(['app_meta']);
      expect(await statsOf()).toBeGreaterThanOrEqual(2_450);
    } finally {
      await database.close();
    }
  }, BOOT_TIMEOUT_MS);
});
