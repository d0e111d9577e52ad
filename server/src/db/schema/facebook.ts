import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const instant = () => timestamp({ withTimezone: true });

/** Event types of a page (`subscribed`, manager `action`): the contract's `pageActionSchema`. */
export type PageActionName = 'comments' | 'messages';
export interface StoredFileRef {
  collection_name: string;
  file_name: string;
}

/**
 * OAuth `state` values handed to the dialog: only a SHA-256 of the random nonce is stored, bound to the user
 * who asked for the URL; single use, short-lived.
 */
export const facebookConnectStates = pgTable(
  'facebook_connect_states',
  {
    nonceHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
  },
  (table) => [index('facebook_connect_states_user_id').on(table.userId)],
);

/** A Facebook user connected by a PageMate user; the long-lived user token is stored encrypted. */
export const facebookAccounts = pgTable(
  'facebook_accounts',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    facebookUserId: text().notNull(),
    name: text().notNull(),
    /** AES-256-GCM ciphertext (`v1:iv:tag:data`), never the token itself. */
    userTokenEncrypted: text().notNull(),
    /** Came from the built-in Meta sandbox. */
    sandbox: boolean().notNull(),
    /** The person granted the Instagram permissions (the linked accounts' comments, messages and posts). */
    instagramAllowed: boolean().notNull().default(false),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [uniqueIndex('facebook_accounts_user_fb_user').on(table.userId, table.facebookUserId)],
);

/** A page of a connected account, with its page token (encrypted) and what is subscribed at Meta. */
export const facebookPages = pgTable(
  'facebook_pages',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => facebookAccounts.id, { onDelete: 'cascade' }),
    pageId: text().notNull(),
    name: text().notNull(),
    pageTokenEncrypted: text().notNull(),
    /** What Meta (or the sandbox) last confirmed as subscribed, in the contract's words. */
    subscribed: jsonb().$type<PageActionName[]>().notNull().default([]),
    needsReconnect: boolean().notNull().default(false),
    /** The bot stopped on this page: `no_funds` (until the balance covers a reply) or `daily_cap` (until `botPausedUntil`). */
    botPausedReason: text(),
    botPausedUntil: instant(),
    /** The Instagram professional account linked to the page (`instagram_business_account`), when there is one. */
    igUserId: text(),
    igUsername: text(),
    igPictureUrl: text(),
    /** Instagram event types the bot answers for the linked account (the page's own are `subscribed`). */
    igSubscribed: jsonb().$type<PageActionName[]>().notNull().default([]),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    uniqueIndex('facebook_pages_user_page').on(table.userId, table.pageId),
    index('facebook_pages_account_id').on(table.accountId),
    index('facebook_pages_page_id').on(table.pageId),
    index('facebook_pages_ig_user_id').on(table.igUserId),
  ],
);

/** The bot's personality (docs/product.md §5: name required; info, story, style, example conversation). */
export const botIdentities = pgTable(
  'bot_identities',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    info: jsonb().$type<Record<string, string>>().notNull(),
    story: jsonb().$type<Record<string, string>>().notNull(),
    styleConversation: text().notNull(),
    exampleConversation: text().notNull(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [index('bot_identities_user_id').on(table.userId)],
);

/** The conversation flow the bot follows (name and description required). */
export const botProcedures = pgTable(
  'bot_procedures',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    procedure: text().notNull(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [index('bot_procedures_user_id').on(table.userId)],
);

/**
 * A bot config ties an identity and a procedure together. `restrict`: an identity or procedure in use cannot
 * be deleted (the service answers 409 first; the key is the backstop).
 */
export const botConfigs = pgTable(
  'bot_configs',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    identityId: uuid()
      .notNull()
      .references(() => botIdentities.id, { onDelete: 'restrict' }),
    procedureId: uuid()
      .notNull()
      .references(() => botProcedures.id, { onDelete: 'restrict' }),
    role: text().notNull(),
    target: text().notNull(),
    mission: text().notNull(),
    note: text().notNull(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    index('bot_configs_user_id').on(table.userId),
    index('bot_configs_identity_id').on(table.identityId),
    index('bot_configs_procedure_id').on(table.procedureId),
  ],
);

/** How the bot works on one page: its documents, config, the event types it answers, and the Auto toggle. */
export const pageManagers = pgTable(
  'page_managers',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pageId: text().notNull(),
    pageName: text().notNull(),
    files: jsonb().$type<StoredFileRef[]>().notNull().default([]),
    configId: uuid().references(() => botConfigs.id, { onDelete: 'restrict' }),
    action: jsonb().$type<PageActionName[]>().notNull().default([]),
    autoReply: boolean().notNull().default(true),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    uniqueIndex('page_managers_user_page').on(table.userId, table.pageId),
    index('page_managers_config_id').on(table.configId),
    check('page_managers_action_array', sql`jsonb_typeof(${table.action}) = 'array'`),
  ],
);
