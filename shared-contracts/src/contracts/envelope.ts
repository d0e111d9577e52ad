import { z } from 'zod';

/** Every answer of the API is `{ status, data }`; status 200 means success (docs/product.md §7). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(200), data });
}
export type Envelope<T> = { status: 200; data: T };

/** Stable error codes the server answers with; the client maps them to translated messages. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  // Accounts and sessions: the sign-in pages translate each of these.
  'INVALID_CREDENTIALS',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'PASSWORD_TOO_COMMON',
  'SESSION_EXPIRED',
  'CROSS_SITE_REQUEST',
  // Money: a charge the balance or a daily cap cannot cover; a payment provider that did not answer.
  'INSUFFICIENT_BALANCE',
  'DAILY_CAP_REACHED',
  'PAYMENT_PROVIDER_FAILED',
  // Documents: the two upload refusals of docs/product.md §5 have their own codes.
  'FILE_EXISTS',
  'FILE_FORMAT_NOT_ALLOWED',
  // Partner side: a user-side account on a partner route; an unknown invite code; a shop already
  // with a partner.
  'PARTNER_ONLY',
  'PARTNER_CODE_INVALID',
  'PARTNER_ALREADY_JOINED',
  // Uploads: the user's documents or post images reached their quota (403).
  'QUOTA_EXCEEDED',
  // Facebook connect: the popup's state is unknown, expired or used; it was asked for by another account;
  // Facebook refused the authorization code.
  'FACEBOOK_CONNECT_EXPIRED',
  'FACEBOOK_CONNECT_FOREIGN',
  'FACEBOOK_CONNECT_REFUSED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error body: a stable code, a human message, optional field issues; 5xx never carry internals. */
export const apiErrorSchema = z.object({
  status: z.number().int().min(400).max(599),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const okSchema = envelope(z.object({ ok: z.literal(true) }));
