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
  // Documents: the two upload refusals (an existing name, a format not allowed) have their own codes.
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
  // Instagram: the page has no linked Instagram professional account (or another one since it was connected).
  'INSTAGRAM_NOT_LINKED',
  'INSTAGRAM_NOT_ALLOWED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
