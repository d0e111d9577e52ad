import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
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
