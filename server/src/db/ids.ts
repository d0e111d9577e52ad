import { randomUUID } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the other 74 random. Rows
 * written all day (inbox threads and items, jobs) then land at the right end of their primary-key
 * and dedupe-key indexes instead of on a random leaf each: after each checkpoint PostgreSQL logs a full copy of
 * every page a write touches first, and random keys touch a new page with nearly every insert.
 * Built on a version 4 UUID (`randomUUID`, random bits from a pool Node refills in batches, its variant bits
 * already those of version 7): its first 48 bits become the time, its version digit a 7.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}
