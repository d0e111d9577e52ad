import { sql } from 'drizzle-orm';
import { partnerStaff } from './partner.js';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const ACCOUNT_ROLES = ['user', 'partner'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const EMAIL_CODE_PURPOSES = ['register', 'reset'] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

const instant = () => timestamp({ withTimezone: true });

/** People who can sign in. Usernames are unique whatever their case; emails are stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey(),
    username: text().notNull(),
    email: text().notNull().unique(),
    /** argon2id, PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
    passwordHash: text().notNull(),
    role: text({ enum: ACCOUNT_ROLES }).notNull(),
    /** The partner the account belongs to; a partner account is its own partner; a shop joins one by invite code. */
    partnerId: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** When a shop (role user) joined its partner; null when it has none. */
    partnerJoinedAt: instant(),
    /** The partner's team member who looks after this shop. */
    partnerStaffId: uuid().references((): AnyPgColumn => partnerStaff.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
    check('users_role_known', sql`${table.role} in ('user', 'partner')`),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    index('users_partner_idx').on(table.partnerId),
  ],
);

/**
 * 6-digit codes sent by email. Only a keyed hash of the code is stored (HMAC: a leaked table cannot be
 * brute-forced through a million candidates); `attempts` counts wrong guesses against the code.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid().primaryKey(),
    email: text().notNull(),
    purpose: text({ enum: EMAIL_CODE_PURPOSES }).notNull(),
    codeHash: text().notNull(),
    createdAt: instant().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    attempts: integer().notNull().default(0),
  },
  (table) => [
    index('email_codes_lookup').on(table.email, table.purpose, table.codeHash),
    check('email_codes_purpose_known', sql`${table.purpose} in ('register', 'reset')`),
  ],
);

/**
 * One sign-in. The session is also the refresh-token family: every token rotated from the sign-in's first
 * one carries its id, so revoking the session (logout, replay, password reset) ends them all at once, and
 * access tokens name it in their `sid` claim so the auth guard rejects them too.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant().notNull(),
    absoluteExpiresAt: instant().notNull(),
    /** "Remember me": a persistent refresh cookie; otherwise it ends with the browser session. */
    persistent: boolean().notNull().default(true),
    revokedAt: instant(),
    /** `logout`, `refresh_token_reuse`, `password_reset`. */
    revokedReason: text(),
  },
  (table) => [index('sessions_user_id').on(table.userId)],
);

/** Refresh tokens, by SHA-256 of the token (they are 256 random bits: a plain hash is enough). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    issuedAt: instant().notNull(),
    /** Idle expiry: never later than the session's absolute expiry. */
    expiresAt: instant().notNull(),
    rotatedAt: instant(),
    /** Hash of the token this one was rotated into. */
    replacedBy: text(),
  },
  (table) => [index('refresh_tokens_session_id').on(table.sessionId)],
);
