import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { UploadQuota } from '../../config.js';
import type { Orm } from '../../db/database.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { Transaction } from '../../jobs/index.js';

/** What a user's uploads of one kind take now. */
export interface Usage {
  files: number;
  bytes: number;
}

const MEBIBYTE = 1024 * 1024;
export const megabytes = (bytes: number) => Math.floor(bytes / MEBIBYTE);

/** The files and bytes of the rows of `size`'s table matching `where` (the user's, within a window…). */
export async function usageOf(db: Orm | Transaction, size: PgColumn, where: SQL | undefined): Promise<Usage> {
  const [row] = await db
    .select({ files: count(), bytes: sql`coalesce(sum(${size}), 0)`.mapWith(Number) })
    .from(size.table)
    .where(where);
  return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

/** Throws `refusal` (403 QUOTA_EXCEEDED) when one more file of `bytes` would take `usage` past `quota`. */
export function assertWithinQuota(usage: Usage, quota: UploadQuota, bytes: number, refusal: string): void {
  if (usage.files + 1 > quota.maxFiles || usage.bytes + bytes > quota.maxBytes) throw new AppError(403, 'QUOTA_EXCEEDED', refusal);
}

/**
 * Inside `tx`, before the insert: takes the user's upload lock, then checks the quota against what is committed.
 * The lock is the user's row `FOR NO KEY UPDATE`: one user's concurrent uploads count and insert one at a time (no
 * race past the quota), while rows that merely reference the user, and every other user, go on unblocked.
 */
export async function admitWithinQuota(
  tx: Transaction,
  userId: string,
  usage: (tx: Transaction) => Promise<Usage>,
  check: (usage: Usage) => void,
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  check(await usage(tx));
}

/** A route's per-user upload limit: UPLOAD_RATE_LIMIT_PER_MINUTE a minute, counted apart per `bucket` (kind of upload). */
export function uploadRateLimit(app: FastifyInstance, bucket: string): preHandlerAsyncHookHandler {
  const rule = { max: app.config.uploads.perMinute, windowSeconds: 60 };
  return app.rateLimits.hook(bucket, { account: rule }, (request) => request.authenticatedUser?.userId);
}
