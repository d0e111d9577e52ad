import { z } from 'zod';
import { envelope } from '../envelope.js';
import { lazySchema } from '../lazy-table.js';
import { uuidSchema } from '../ids.js';

/** Fields and shapes the endpoints of several areas share. */

/** The caller's own user id; the auth guard answers 403 when it is not the token's user. */
export const userIdField = uuidSchema;
/** An id of one of our rows (see `uuidSchema`). */
export const uuidField = uuidSchema;
/** An id that comes from outside, such as a Facebook page id. */
export const idField = lazySchema(() => z.string().min(1).max(128));
export const userIdQuery = lazySchema(() => z.object({ user_id: userIdField }));
export const userIdParams = lazySchema(() => z.object({ userId: userIdField }));
export const pageListBody = lazySchema(() => z.object({ user_id: userIdField, page_id: idField }));

const isoDay = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'));
/** Paginated list query: page, page size, newest first unless `order=asc`, optional Vietnam-day range. */
export const listQuerySchema = lazySchema(() => z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** `amount`: the amount (balance, deposits) or the cost (token transactions). */
  sort: z.enum(['date', 'amount']).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** First and last Vietnam calendar day included. */
  from: isoDay.optional(),
  to: isoDay.optional(),
}));
export type ListQuery = z.infer<typeof listQuerySchema>;
export const listOf = <T extends z.ZodType>(item: T) => envelope(z.object({ items: z.array(item), total: z.number().int().nonnegative() }));
