import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const instant = () => timestamp({ withTimezone: true });

/** What a post repeats by (the contract's `postRepeatSchema`). */
export type StoredRepeat = { kind: 'none' } | { kind: 'days'; days: string[] } | { kind: 'custom'; every: number; unit: 'hours' | 'days' | 'weeks' | 'months' };

/** An image uploaded for posts, kept under `FILES_DIR` and served at `/media/{id}` (Facebook fetches it there). */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    storedName: text().notNull().unique(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    createdAt: instant().notNull(),
  },
  (table) => [index('media_files_user').on(table.userId, table.createdAt)],
);

/** A scheduled post: what to publish, where, from when, and how it repeats. Its occurrences are `post_runs`. */
export const scheduledPosts = pgTable(
  'scheduled_posts',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idea: text().notNull(),
    content: text().notNull(),
    pageIds: jsonb().$type<string[]>().notNull(),
    /** The first occurrence; later ones follow `repeat` at the same Vietnam time of day. */
    firstAt: instant().notNull(),
    repeat: jsonb().$type<StoredRepeat>().notNull(),
    iterations: integer(),
    /** Last Vietnam day (YYYY-MM-DD) an occurrence may fall on. */
    endDate: text(),
    mediaIds: jsonb().$type<string[]>().notNull(),
    /** Where each page's post goes: the page itself (facebook), its linked Instagram account (instagram), or both. */
    channels: jsonb().$type<('facebook' | 'instagram')[]>().notNull().default(['facebook']),
    /**
     * Runs of the current plan have `seq > seqBase`, the schedule's occurrence `seq - seqBase`. An update re-plans
     * from the highest `seq` used so far, so earlier runs (published, cancelled) keep theirs and stay unique.
     */
    seqBase: integer().notNull().default(0),
    /** active | cancelled | finished */
    status: text().notNull(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [index('scheduled_posts_user').on(table.userId, table.createdAt), check('scheduled_posts_status_known', sql`${table.status} in ('active', 'cancelled', 'finished')`)],
);

/**
 * One occurrence of a post on one page. (post, page, seq) is unique: planning the next occurrence twice (two
 * instances, a retried job) plans it once; `scheduled → publishing` is a conditional update, so one instance
 * publishes it.
 */
export const postRuns = pgTable(
  'post_runs',
  {
    id: uuid().primaryKey(),
    postId: uuid()
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pageId: text().notNull(),
    /** facebook: the page's feed; instagram: the page's linked Instagram account. */
    channel: text().notNull().default('facebook'),
    seq: integer().notNull(),
    runAt: instant().notNull(),
    /** scheduled | publishing | published | failed | cancelled */
    status: text().notNull(),
    /** The Meta id of what was published (a Facebook post, an Instagram media). */
    facebookPostId: text(),
    /** Instagram: the media container made for this run, published once Meta has processed it. */
    igContainerId: text(),
    /** Failed: why, one of the contract's post failures; `error` holds the details (Meta's words, the quota). */
    errorCode: text(),
    error: text(),
    publishedAt: instant(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    uniqueIndex('post_runs_post_page_channel_seq').on(table.postId, table.pageId, table.channel, table.seq),
    index('post_runs_page').on(table.userId, table.pageId, table.runAt),
    check('post_runs_channel_known', sql`${table.channel} in ('facebook', 'instagram')`),
    check('post_runs_status_known', sql`${table.status} in ('scheduled', 'publishing', 'published', 'failed', 'cancelled')`),
  ],
);
