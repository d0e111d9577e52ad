import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appMeta } from '../../db/schema/index.js';

/**
 * The app_meta value of `key`, created with `generate()` at the first start: insert … on conflict do nothing,
 * then read back, so racing instances on one database all end up with the same value. `created` says whether
 * this call made it (the caller logs a warning then).
 */
export async function storedAppValue(app: FastifyInstance, key: string, generate: () => string): Promise<{ value: string; created: boolean }> {
  const created = await app.db.orm.insert(appMeta).values({ key, value: generate() }).onConflictDoNothing().returning({ key: appMeta.key });
  const [row] = await app.db.orm.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  if (!row) throw new Error(`app_meta "${key}" could not be read back`);
  return { value: row.value, created: created.length > 0 };
}
