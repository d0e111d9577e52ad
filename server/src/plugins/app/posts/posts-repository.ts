import type { PostFailure } from '@pagemate/shared-contracts/contracts';
import { and, asc, desc, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Orm } from '../../../db/database.js';
import { documentFiles, facebookAccounts, facebookPages, mediaFiles, postRuns, scheduledPosts, type StoredFileRef } from '../../../db/schema/index.js';
import type { Transaction } from '../../../jobs/index.js';
import { admitWithinQuota, type Usage, usageOf } from '../upload-quotas.js';

export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type ScheduledPostRow = typeof scheduledPosts.$inferSelect;
export type PostRunRow = typeof postRuns.$inferSelect;
export type PostRunStatusName = 'scheduled' | 'publishing' | 'published' | 'failed' | 'cancelled';

/** What a run ends with: published (with Facebook's id) or failed (with what Facebook said). */
/** How a run ended. Failed: why (`reason`, said in the user's language by the screen) and Meta's own words or the figures (`error`). */
export type RunOutcome = { status: 'published'; facebookPostId: string; publishedAt: Date } | { status: 'failed'; reason: PostFailure; error: string | null };

/** A connected page as the daily health check sees it. */
export interface ConnectedPage {
  userId: string;
  pageId: string;
  name: string;
  needsReconnect: boolean;
  sandbox: boolean;
}

/** Scheduled posts, their runs and the images they use. Every read of a user's data is scoped by `userId`. */
export interface PostsRepository {
  /** Inserts the image once `admit` accepted the user's images since `since` (the user's upload lock held). */
  insertMedia(row: MediaFileRow, since: Date, admit: (usage: Usage) => void): Promise<void>;
  /** The images the user uploaded since `since`, and their bytes. */
  mediaUsage(userId: string, since: Date): Promise<Usage>;
  findMedia(mediaId: string): Promise<MediaFileRow | undefined>;
  /** The user's images among `ids` (others' and unknown ids are left out). */
  mediaOf(userId: string, ids: readonly string[]): Promise<MediaFileRow[]>;

  findPost(userId: string, postId: string): Promise<ScheduledPostRow | undefined>;
  /** The post, locked until the transaction ends: planning and updates of one post take turns. */
  lockPost(tx: Transaction, postId: string): Promise<ScheduledPostRow | undefined>;
  insertPost(tx: Transaction, row: ScheduledPostRow): Promise<void>;
  updatePost(tx: Transaction, postId: string, fields: Partial<Omit<ScheduledPostRow, 'id' | 'userId' | 'createdAt'>>): Promise<void>;
  /** A run; `undefined` when (post, page, seq) is already planned (another instance or an earlier attempt did it). */
  insertRun(tx: Transaction, row: PostRunRow): Promise<PostRunRow | undefined>;
  /** Records the Instagram container made for a run (publishing). */
  setRunContainer(runId: string, containerId: string, now: Date): Promise<void>;
  /** Cancels the post's runs still waiting (`scheduled`); published and in-flight runs stay. */
  cancelScheduledRuns(tx: Transaction, postId: string, now: Date): Promise<void>;
  /** The highest `seq` the post's runs use (0 when none). */
  maxSeq(tx: Transaction, postId: string): Promise<number>;
  /** Runs still to happen (scheduled or publishing). */
  openRuns(tx: Transaction, postId: string): Promise<number>;

  run(runId: string): Promise<PostRunRow | undefined>;
  post(postId: string): Promise<ScheduledPostRow | undefined>;
  /** `scheduled → publishing`, conditional: the one caller it answers a row to publishes the run. */
  claimRun(runId: string, now: Date): Promise<PostRunRow | undefined>;
  /** `publishing → published | failed`, conditional; false when the run was no longer publishing. */
  finishRun(runId: string, outcome: RunOutcome, now: Date): Promise<boolean>;
  /** Facebook ids other runs of the post already recorded on the page (a read-back must not take them for this run's). */
  publishedIds(postId: string, pageId: string): Promise<Set<string>>;

  /** A page's runs with their posts: scheduled and publishing first (soonest first), then the others (newest first). */
  runsOfPage(userId: string, pageId: string, limit: number): Promise<{ run: PostRunRow; post: ScheduledPostRow }[]>;
  runsOf(runIds: readonly string[]): Promise<{ run: PostRunRow; post: ScheduledPostRow }[]>;
  /** Which of the user's pages come from the built-in sandbox (their posts have no facebook.com address). */
  sandboxPages(userId: string, pageIds: readonly string[]): Promise<Set<string>>;
  /** Every connected page of every user (the daily health check). */
  connectedPages(): Promise<ConnectedPage[]>;
  /** Ids of the user's ready documents among these (collection, file) names, as a page manager lists them. */
  documentFileIds(userId: string, files: readonly StoredFileRef[]): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    postsRepository: PostsRepository;
  }
}

const OPEN_STATUSES: PostRunStatusName[] = ['scheduled', 'publishing'];

function postsRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;
  const withPosts = () =>
    orm
      .select({ run: postRuns, post: scheduledPosts })
      .from(postRuns)
      .innerJoin(scheduledPosts, eq(scheduledPosts.id, postRuns.postId));

  const mediaUsage = (db: Orm | Transaction, userId: string, since: Date) =>
    usageOf(db, mediaFiles.sizeBytes, and(eq(mediaFiles.userId, userId), gte(mediaFiles.createdAt, since)));

  const repository: PostsRepository = {
    insertMedia: (row, since, admit) =>
      orm.transaction(async (tx) => {
        await admitWithinQuota(tx, row.userId, (db) => mediaUsage(db, row.userId, since), admit);
        await tx.insert(mediaFiles).values(row);
      }),
    mediaUsage: (userId, since) => mediaUsage(orm, userId, since),
    async findMedia(mediaId) {
      const [row] = await orm.select().from(mediaFiles).where(eq(mediaFiles.id, mediaId));
      return row;
    },
    async mediaOf(userId, ids) {
      if (ids.length === 0) return [];
      return orm
        .select()
        .from(mediaFiles)
        .where(and(eq(mediaFiles.userId, userId), inArray(mediaFiles.id, [...ids])));
    },

    async findPost(userId, postId) {
      const [row] = await orm
        .select()
        .from(scheduledPosts)
        .where(and(eq(scheduledPosts.userId, userId), eq(scheduledPosts.id, postId)));
      return row;
    },
    async lockPost(tx, postId) {
      const [row] = await tx.select().from(scheduledPosts).where(eq(scheduledPosts.id, postId)).for('update');
      return row;
    },
    async insertPost(tx, row) {
      await tx.insert(scheduledPosts).values(row);
    },
    async updatePost(tx, postId, fields) {
      await tx.update(scheduledPosts).set(fields).where(eq(scheduledPosts.id, postId));
    },
    async insertRun(tx, row) {
      const [inserted] = await tx.insert(postRuns).values(row).onConflictDoNothing().returning();
      return inserted;
    },
    async setRunContainer(runId, containerId, now) {
      await orm.update(postRuns).set({ igContainerId: containerId, updatedAt: now }).where(eq(postRuns.id, runId));
    },
    async cancelScheduledRuns(tx, postId, now) {
      await tx
        .update(postRuns)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(postRuns.postId, postId), eq(postRuns.status, 'scheduled')));
    },
    async maxSeq(tx, postId) {
      const [row] = await tx.select({ seq: max(postRuns.seq) }).from(postRuns).where(eq(postRuns.postId, postId));
      return row?.seq ?? 0;
    },
    async openRuns(tx, postId) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(postRuns)
        .where(and(eq(postRuns.postId, postId), inArray(postRuns.status, OPEN_STATUSES)));
      return row?.n ?? 0;
    },

    async run(runId) {
      const [row] = await orm.select().from(postRuns).where(eq(postRuns.id, runId));
      return row;
    },
    async post(postId) {
      const [row] = await orm.select().from(scheduledPosts).where(eq(scheduledPosts.id, postId));
      return row;
    },
    async claimRun(runId, now) {
      const [row] = await orm
        .update(postRuns)
        .set({ status: 'publishing', updatedAt: now })
        .where(and(eq(postRuns.id, runId), eq(postRuns.status, 'scheduled')))
        .returning();
      return row;
    },
    async finishRun(runId, outcome, now) {
      const fields =
        outcome.status === 'published'
          ? { status: outcome.status, facebookPostId: outcome.facebookPostId, publishedAt: outcome.publishedAt, errorCode: null, error: null }
          : { status: outcome.status, errorCode: outcome.reason, error: outcome.error };
      const updated = await orm
        .update(postRuns)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(postRuns.id, runId), eq(postRuns.status, 'publishing')))
        .returning({ id: postRuns.id });
      return updated.length > 0;
    },
    async publishedIds(postId, pageId) {
      const rows = await orm
        .select({ id: postRuns.facebookPostId })
        .from(postRuns)
        .where(and(eq(postRuns.postId, postId), eq(postRuns.pageId, pageId), eq(postRuns.status, 'published')));
      return new Set(rows.map((row) => row.id).filter((id): id is string => id !== null));
    },

    runsOfPage(userId, pageId, limit) {
      const open = sql`${postRuns.status} in ('scheduled', 'publishing')`;
      return withPosts()
        .where(and(eq(postRuns.userId, userId), eq(postRuns.pageId, pageId)))
        .orderBy(
          sql`case when ${open} then 0 else 1 end`,
          sql`case when ${open} then ${postRuns.runAt} end asc`,
          desc(postRuns.runAt),
          desc(postRuns.seq),
          asc(postRuns.id),
        )
        .limit(limit);
    },
    async runsOf(runIds) {
      if (runIds.length === 0) return [];
      return withPosts()
        .where(inArray(postRuns.id, [...runIds]))
        .orderBy(asc(postRuns.runAt), asc(postRuns.pageId));
    },
    async sandboxPages(userId, pageIds) {
      if (pageIds.length === 0) return new Set();
      const rows = await orm
        .select({ pageId: facebookPages.pageId })
        .from(facebookPages)
        .innerJoin(facebookAccounts, eq(facebookAccounts.id, facebookPages.accountId))
        .where(and(eq(facebookPages.userId, userId), inArray(facebookPages.pageId, [...pageIds]), eq(facebookAccounts.sandbox, true)));
      return new Set(rows.map((row) => row.pageId));
    },
    connectedPages() {
      return orm
        .select({ userId: facebookPages.userId, pageId: facebookPages.pageId, name: facebookPages.name, needsReconnect: facebookPages.needsReconnect, sandbox: facebookAccounts.sandbox })
        .from(facebookPages)
        .innerJoin(facebookAccounts, eq(facebookAccounts.id, facebookPages.accountId))
        .orderBy(asc(facebookPages.userId), asc(facebookPages.pageId));
    },
    async documentFileIds(userId, files) {
      if (files.length === 0) return [];
      const rows = await orm
        .select({ id: documentFiles.id, collectionName: documentFiles.collectionName, fileName: documentFiles.fileName })
        .from(documentFiles)
        .where(and(eq(documentFiles.userId, userId), eq(documentFiles.status, 'ready'), inArray(documentFiles.fileName, files.map((file) => file.file_name))));
      const wanted = new Set(files.map((file) => JSON.stringify([file.collection_name, file.file_name])));
      return rows.filter((row) => wanted.has(JSON.stringify([row.collectionName, row.fileName]))).map((row) => row.id);
    },
  };
  app.decorate('postsRepository', repository);
}

export default fp(postsRepositoryPlugin, { name: 'posts-repository', fastify: '5.x', dependencies: ['db'] });
