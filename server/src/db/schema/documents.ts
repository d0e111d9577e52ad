import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const instant = () => timestamp({ withTimezone: true });

export const DOCUMENT_STATUSES = ['queued', 'indexing', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** PostgreSQL's full-text vector, written in its text form ("'gia':1 'ban':2"), read by `@@` queries. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An uploaded document: a named file in a named collection of one user. The bytes live in file storage under
 * `stored_name` (generated, never the user's name, outside any served folder); the text lives in chunks.
 */
export const documentFiles = pgTable(
  'document_files',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    collectionName: text().notNull(),
    fileName: text().notNull(),
    storedName: text().notNull().unique(),
    extension: text().notNull(),
    /** docx | doc | xlsx | xls | csv | html | markdown | text | code */
    kind: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /** Chosen at upload: auto | vi | en (auto is replaced by the parser's guess once indexed). */
    language: text().notNull(),
    status: text({ enum: DOCUMENT_STATUSES }).notNull(),
    /** Why indexing failed, in words the user can act on. */
    error: text(),
    chunkCount: integer().notNull().default(0),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
    indexedAt: instant(),
  },
  (table) => [
    check('document_files_status_known', sql`${table.status} in ('queued', 'indexing', 'ready', 'failed')`),
    uniqueIndex('document_files_name_per_collection').on(table.userId, table.collectionName, table.fileName),
    index('document_files_user').on(table.userId, table.createdAt),
  ],
);

/**
 * A passage of a document, searchable by PostgreSQL full text over `tsv`: the words of its title and text folded
 * (no diacritics, đ → d, lower case) so "gia ban" finds "giá bán"; `text` keeps the original for answers.
 */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: uuid().primaryKey(),
    fileId: uuid()
      .notNull()
      .references(() => documentFiles.id, { onDelete: 'cascade' }),
    userId: uuid().notNull(),
    ordinal: integer().notNull(),
    text: text().notNull(),
    title: text(),
    locator: text().notNull(),
    /** The passage's folded words and their positions, computed at indexing (`passageVector`, see search-vector.ts). */
    tsv: tsvector().notNull(),
    /** Set when the configured AI provider offers embeddings. */
    embedding: real().array(),
  },
  (table) => [
    // Every search reads GIN's whole pending list of not-yet-merged entries; PGlite never vacuums, so the list is
    // only merged when it outgrows this limit (kB; PostgreSQL's default of 4 MB cost a search 100 ms).
    index('document_chunks_tsv').using('gin', table.tsv).with({ gin_pending_list_limit: 512 }),
    uniqueIndex('document_chunks_file_ordinal').on(table.fileId, table.ordinal),
    index('document_chunks_user').on(table.userId),
  ],
);

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable background work (document indexing, bot replies, scheduled posts): claimed with `FOR UPDATE SKIP
 * LOCKED` so any number of instances run each job once, by priority, then in turns between owners; a running job
 * whose lease ran out (its instance died) is claimed again; failures retry with backoff up to `max_attempts`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey(),
    queue: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The same work enqueued twice is one job. */
    dedupeKey: text().unique(),
    status: text({ enum: JOB_STATUSES }).notNull(),
    /** Claim order across queues, higher first (`JOB_PRIORITY`): a customer's reply before a backlog of indexing. */
    priority: integer().notNull().default(0),
    /** Whose work it is (a user id), so that owners take turns in a queue. */
    owner: text(),
    /**
     * The owner's turn in the queue (claimed lowest first within a priority): one after the owner's last waiting
     * job, and never before the round the queue is serving, so a new owner's first job waits one round, not for
     * another owner's whole backlog.
     */
    turn: bigint({ mode: 'number' }).notNull().default(0),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    runAt: instant().notNull(),
    lockedUntil: instant(),
    lockedBy: text(),
    lastError: text(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
    finishedAt: instant(),
  },
  (table) => [
    check('jobs_status_known', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    index('jobs_due').on(table.queue, table.status, table.runAt),
    index('jobs_waiting_turns').on(table.queue, table.owner, table.turn).where(sql`${table.status} in ('queued', 'running')`),
    // The queue's current round (`JobQueue.turnSql`) and the claim's order, read from the front of an index whatever the backlog.
    index('jobs_waiting_by_turn').on(table.queue, table.turn).where(sql`${table.status} in ('queued', 'running')`),
    index('jobs_claim_order').on(table.priority.desc().nullsFirst(), table.turn, table.runAt, table.id).where(sql`${table.status} in ('queued', 'running')`),
  ],
);

/** A chat of one mode (basic, fulldocs, marketing) with its files; messages hang off it. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    mode: text().notNull(),
    title: text().notNull(),
    fileIds: jsonb().$type<string[]>().notNull(),
    marketingFlow: text(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [index('chat_conversations_user_mode').on(table.userId, table.mode, table.updatedAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid().primaryKey(),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    conversationId: uuid()
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text({ enum: ['user', 'assistant'] }).notNull(),
    content: text().notNull(),
    citations: jsonb().$type<unknown[]>().notNull(),
    promptTokens: integer(),
    completionTokens: integer(),
    cost: bigint({ mode: 'number' }),
    interrupted: text({ enum: ['no', 'stopped', 'failed'] }).notNull().default('no'),
    createdAt: instant().notNull(),
  },
  (table) => [index('chat_messages_conversation').on(table.conversationId, table.seq)],
);
