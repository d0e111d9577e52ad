import { z } from 'zod';
import { lazySchema } from './lazy-table.js';
import { ERROR_CODES } from './error-codes.js';

/** Every answer of the API is `{ status, data }`; status 200 means success (docs/product.md §7). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(200), data });
}
export type Envelope<T> = { status: 200; data: T };

/** The one error body: a stable code, a human message, optional field issues; 5xx never carry internals. */
export const apiErrorSchema = lazySchema(() => z.object({
  status: z.number().int().min(400).max(599),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
}));
export type ApiError = z.infer<typeof apiErrorSchema>;

export const okSchema = lazySchema(() => envelope(z.object({ ok: z.literal(true) })));
