import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { documentChunks, documentFiles } from '../../../db/schema/index.js';
import { PASSAGE_ROW_COLUMNS, type PassageRows } from '../../../documents/index.js';
import type { Transaction } from '../../../jobs/index.js';
import { admitWithinQuota, type Usage, usageOf } from '../upload-quotas.js';

export type DocumentFileRow = typeof documentFiles.$inferSelect;
export type NewDocumentFile = typeof documentFiles.$inferInsert;

export interface PassageRow {
  chunkId: string;
  fileId: string;
  fileName: string;
  collectionName: string;
  locator: string;
  text: string;
}

/** The insert of one statement's passages of file `$1` of user `$2`, from `json`: a `PassageRows` array. */
function insertChunksSql(json: string): string {
  return `
    insert into document_chunks (id, file_id, user_id, ordinal, text, title, locator, tsv)
    select r.id, $1::uuid, $2::uuid, r.ordinal, r.text, r.title, r.locator, r.tsv::tsvector
    from json_to_recordset(${json}::json) as r(${PASSAGE_ROW_COLUMNS})`;
}

/** PostgreSQL's foreign_key_violation: the file row the chunks belong to is gone. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** The SQL of uploaded documents and their chunks; every read of user data is scoped by the user's id. */
export interface DocumentsRepository {
  /**
   * Inserts a queued file and runs `alongside` (enqueueing its index job) in the same transaction, after `admit`
   * accepted the user's usage with the user's upload lock held (throwing refuses the file).
   */
  create(file: NewDocumentFile, admit: (usage: Usage) => void, alongside: (tx: Transaction) => Promise<unknown>): Promise<DocumentFileRow>;
  /** The files and bytes the user's documents take. */
  usage(userId: string): Promise<Usage>;
  findById(id: string): Promise<DocumentFileRow | undefined>;
  findByName(userId: string, collectionName: string, fileName: string): Promise<DocumentFileRow | undefined>;
  listForUser(userId: string): Promise<DocumentFileRow[]>;
  /** queued/indexing/failed → indexing; undefined when the file is gone (deleted meanwhile). */
  markIndexing(id: string, now: Date): Promise<DocumentFileRow | undefined>;
  /**
   * Replaces the file's chunks (an earlier, interrupted attempt's) by these, then makes the file ready with `count`
   * chunks. Each statement is short and commits alone (one `PassageRows`, at most `PASSAGES_PER_STATEMENT`
   * passages), so another shop's queries are
   * answered between them: on PGlite one connection serves every shop, and a transaction holds it. Until the
   * file is ready its chunks are found by nothing (retrieval reads only ready files' passages); a batch that
   * throws leaves the file not ready, and the next attempt replaces what was stored. `outcome` is read once the
   * batches have ended (a workbook's passages are stored while it is still being read): every one of its `count`
   * passages must be stored. Undefined when the file was deleted meanwhile.
   */
  completeIndex(
    file: DocumentFileRow,
    chunks: AsyncIterable<PassageRows[]> | Iterable<PassageRows[]>,
    finish: { outcome: () => { count: number; language: string }; now: () => Date },
  ): Promise<DocumentFileRow | undefined>;
  /** Not ready → failed with `error`, and the chunks an interrupted `completeIndex` stored are deleted. */
  markFailed(id: string, error: string, now: Date): Promise<void>;
  /** Deletes the user's file (its chunks cascade); undefined when it is not theirs or not there. */
  deleteOwn(userId: string, id: string): Promise<DocumentFileRow | undefined>;
  /** Deletes every file of the user's collection; the deleted rows. */
  deleteCollection(userId: string, collectionName: string): Promise<DocumentFileRow[]>;
  /** One chunk of the user's own files, with where it comes from. */
  passage(userId: string, chunkId: string): Promise<PassageRow | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    documentsRepository: DocumentsRepository;
  }
}

function documentsRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;

  const repository: DocumentsRepository = {
    create: (file, admit, alongside) =>
      orm.transaction(async (tx) => {
        await admitWithinQuota(tx, file.userId, (db) => usageOf(db, documentFiles.sizeBytes, eq(documentFiles.userId, file.userId)), admit);
        const [row] = await tx.insert(documentFiles).values(file).returning();
        if (!row) throw new Error('document insert returned nothing');
        await alongside(tx);
        return row;
      }),

    usage: (userId) => usageOf(orm, documentFiles.sizeBytes, eq(documentFiles.userId, userId)),

    async findById(id) {
      const [row] = await orm.select().from(documentFiles).where(eq(documentFiles.id, id));
      return row;
    },

    async findByName(userId, collectionName, fileName) {
      const [row] = await orm
        .select()
        .from(documentFiles)
        .where(and(eq(documentFiles.userId, userId), eq(documentFiles.collectionName, collectionName), eq(documentFiles.fileName, fileName)));
      return row;
    },

    listForUser: (userId) =>
      orm.select().from(documentFiles).where(eq(documentFiles.userId, userId)).orderBy(desc(documentFiles.createdAt), desc(documentFiles.id)),

    async markIndexing(id, now) {
      const [row] = await orm
        .update(documentFiles)
        .set({ status: 'indexing', error: null, updatedAt: now })
        .where(and(eq(documentFiles.id, id), inArray(documentFiles.status, ['queued', 'indexing', 'failed'])))
        .returning();
      return row;
    },

    async completeIndex(file, batches, { outcome, now }) {
      const [current] = await orm.select({ id: documentFiles.id }).from(documentFiles).where(eq(documentFiles.id, file.id));
      if (!current) return undefined;
      await orm.delete(documentChunks).where(eq(documentChunks.fileId, file.id));
      let inserted = 0;
      try {
        for await (const statements of batches) {
          for (const rows of statements) {
            // One JSON text per statement: building thousands of bind parameters costs more than the insert.
            await app.db.executeWithText((json) => insertChunksSql(json), rows.json, [file.id, file.userId]);
            inserted += rows.count;
          }
        }
      } catch (error) {
        // Deleted meanwhile: its chunks went with it (or the insert found no file row to belong to).
        if (isForeignKeyViolation(error)) return undefined;
        throw error;
      }
      const { count, language } = outcome();
      if (inserted !== count) throw new Error(`${inserted} chunks stored of ${count}`);
      return orm.transaction(async (tx) => {
        // Locks the row first: a concurrent delete either happened (nothing to do) or waits for this commit.
        const [locked] = await tx.select({ id: documentFiles.id }).from(documentFiles).where(eq(documentFiles.id, file.id)).for('update');
        if (!locked) return undefined;
        // Another run of the job (a lease ran out) may have replaced some of them meanwhile: ready only when whole.
        const stored = await tx.$count(documentChunks, eq(documentChunks.fileId, file.id));
        if (stored !== count) throw new Error(`${stored} chunks stored of ${count}`);
        const at = now();
        const [row] = await tx
          .update(documentFiles)
          .set({ status: 'ready', error: null, chunkCount: count, language, indexedAt: at, updatedAt: at })
          .where(eq(documentFiles.id, file.id))
          .returning();
        return row;
      });
    },

    async markFailed(id, error, now) {
      await orm.transaction(async (tx) => {
        // A file another run of its job made ready stays ready; a failed one keeps none of the chunks stored so far.
        const failed = await tx
          .update(documentFiles)
          .set({ status: 'failed', error, updatedAt: now })
          .where(and(eq(documentFiles.id, id), ne(documentFiles.status, 'ready')))
          .returning({ id: documentFiles.id });
        if (failed.length > 0) await tx.delete(documentChunks).where(eq(documentChunks.fileId, id));
      });
    },

    async deleteOwn(userId, id) {
      const [row] = await orm.delete(documentFiles).where(and(eq(documentFiles.id, id), eq(documentFiles.userId, userId))).returning();
      return row;
    },

    deleteCollection: (userId, collectionName) =>
      orm.delete(documentFiles).where(and(eq(documentFiles.userId, userId), eq(documentFiles.collectionName, collectionName))).returning(),

    async passage(userId, chunkId) {
      const [row] = await orm
        .select({
          chunkId: documentChunks.id,
          fileId: documentFiles.id,
          fileName: documentFiles.fileName,
          collectionName: documentFiles.collectionName,
          locator: documentChunks.locator,
          text: documentChunks.text,
        })
        .from(documentChunks)
        .innerJoin(documentFiles, eq(documentFiles.id, documentChunks.fileId))
        .where(and(eq(documentChunks.id, chunkId), eq(documentChunks.userId, userId), eq(documentFiles.userId, userId)));
      return row;
    },
  };
  app.decorate('documentsRepository', repository);
}

export default fp(documentsRepositoryPlugin, { name: 'documents-repository', fastify: '5.x', dependencies: ['db'] });
