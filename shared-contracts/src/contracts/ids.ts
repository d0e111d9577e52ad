import { z } from 'zod';
import { lazySchema } from './lazy-table.js';

/**
 * An id the server generates for its own rows (users, pages' configs, posts, payments, …): a UUID. Typed in
 * the contract, a malformed id is refused by validation (400 `VALIDATION_FAILED`, naming the field) before any
 * handler or query runs. Ids that come from outside (a Facebook page id) stay plain strings.
 */
export const uuidSchema = lazySchema(() => z.uuid());

/** The same test for ids that do not pass through a contract (a job's payload, a token's claims). */
export function isUuid(value: unknown): value is string {
  return uuidSchema.safeParse(value).success;
}
