import { type CollectionFile, isUuid, type Passage, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@pagemate/shared-contracts/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type DocumentKind,
  type InspectResult,
  inspectUpload,
  ParseError,
  indexDocument,
  prewarmParser,
  stopSpareParser,
} from '../../../documents/index.js';
import type { UploadQuota } from '../../../config.js';
import { documentChunks } from '../../../db/schema/index.js';
import { AppError } from '../../../errors/app-error.js';
import { type JobContext, type JobPayload, PermanentJobError } from '../../../jobs/index.js';
import { FileNotFoundError, newStoredName } from '../../../storage/index.js';
import { assertWithinQuota, megabytes, type Usage } from '../upload-quotas.js';
import type { DocumentFileRow } from './documents-repository.js';

/** The queue of indexing jobs: `{ fileId }`. */
export const INDEX_QUEUE = 'document.index';
/** A parse that timed out or lost its worker is tried this many times in all; a damaged file fails at once. */
const INDEX_MAX_ATTEMPTS = 3;
const FILE_NAME_MAX_CHARS = 200;
/** Passages sent to the embedding endpoint per request (and stored per UPDATE). */
const EMBED_BATCH = 64;

export type UploadLanguage = 'auto' | 'vi' | 'en';

export interface UploadTarget {
  collectionName: string;
  language: UploadLanguage;
}

/** Uploaded documents: validated and stored at once, indexed by a job right after (searchable in seconds). */
export interface Documents {
  /** Refuses (415, 413, 409) or stores the file and queues its indexing; answers before indexing starts. */
  upload(userId: string, target: UploadTarget, fileName: string, bytes: Buffer): Promise<CollectionFile>;
  /** The user's files, newest first, with their indexing status. */
  list(userId: string): Promise<CollectionFile[]>;
  /** The user's own file (404 otherwise): its row, its chunks and its stored bytes. */
  deleteFile(userId: string, fileId: string): Promise<void>;
  /** Every file of the user's collection `collectionName` (404 when there is none). */
  deleteCollection(userId: string, collectionName: string): Promise<void>;
  /** The full text of a chunk of the user's own files (404 otherwise), for a citation. */
  passage(userId: string, chunkId: string): Promise<Passage>;
  /** The `document.index` job: parse → chunk → vectors (in a worker) → replace the file's chunks → ready (or failed with a reason). */
  indexFile(payload: JobPayload, context: JobContext): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    documents: Documents;
  }
}

const CATEGORY_BY_KIND: Record<DocumentKind, string> = {
  docx: 'document',
  doc: 'document',
  xlsx: 'spreadsheet',
  xls: 'spreadsheet',
  csv: 'spreadsheet',
  markdown: 'text',
  text: 'text',
  code: 'code',
  html: 'web',
};

const KIND_LABEL: Record<DocumentKind, string> = {
  docx: 'Word (.docx)',
  doc: 'Word (.doc)',
  xlsx: 'Excel (.xlsx)',
  xls: 'Excel (.xls)',
  csv: 'CSV',
  html: 'HTML',
  markdown: 'Markdown',
  text: 'text',
  code: 'source code',
};

const MEGABYTE = 1024 * 1024;

export const UPLOAD_REFUSALS = {
  tooLarge: `The file is larger than ${UPLOAD_LIMITS.maxFileBytes / MEGABYTE} MB. Please upload a smaller file.`,
  archiveTooLarge: `The document unpacks to more than ${UPLOAD_LIMITS.maxUncompressedBytes / MEGABYTE} MB. Please split it into smaller files.`,
  archiveTooManyEntries: `The document has more than ${UPLOAD_LIMITS.maxZipEntries} parts. Please split it into smaller files.`,
  fileNameTooLong: `The file name is longer than ${FILE_NAME_MAX_CHARS} characters. Please rename the file.`,
  quota: ({ maxFiles, maxBytes }: UploadQuota) =>
    `Your documents have reached their limit of ${maxFiles} files and ${megabytes(maxBytes)} MB. Delete files you no longer need, then upload again.`,
} as const;

/** Why indexing failed, in words the user can act on (shown as `index_error`). */
export const INDEX_FAILURES = {
  timeout: 'The file took too long to read.',
  memory: 'The file is too large to read.',
  corrupt: (kind: DocumentKind) => `The file is damaged or not a real ${KIND_LABEL[kind]} file.`,
  unreadable: 'The file could not be read. Please upload it again.',
  missing: 'The uploaded file is missing. Please upload it again.',
  noText: 'The file contains no text to read.',
} as const;

function refusal(result: Extract<InspectResult, { ok: false }>): AppError {
  switch (result.reason) {
    case 'format':
    case 'empty':
      return new AppError(415, 'FILE_FORMAT_NOT_ALLOWED', UPLOAD_MESSAGES.invalidFormat);
    case 'too_large':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_REFUSALS.tooLarge);
    case 'archive_too_large':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_REFUSALS.archiveTooLarge);
    case 'archive_too_many_entries':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_REFUSALS.archiveTooManyEntries);
  }
}

const duplicate = () => new AppError(409, 'FILE_EXISTS', UPLOAD_MESSAGES.duplicate);
const fileNotFound = () => new AppError(404, 'NOT_FOUND', 'File not found.');

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function toCollectionFile(row: DocumentFileRow): CollectionFile {
  return {
    collection_name: row.collectionName,
    file_name: row.fileName,
    file_id: row.id,
    language: row.language,
    size_bytes: row.sizeBytes,
    category: CATEGORY_BY_KIND[row.kind as DocumentKind] ?? 'document',
    date_modified: row.createdAt.toISOString(),
    index_status: row.status,
    ...(row.error === null ? {} : { index_error: row.error }),
    chunk_count: row.chunkCount,
  };
}

/** What to tell the user about a failed indexing attempt, and whether another attempt could help. */
function indexFailure(error: unknown, kind: DocumentKind): { reason: string; retry: boolean } {
  if (error instanceof ParseError) {
    switch (error.code) {
      case 'corrupt':
        return { reason: INDEX_FAILURES.corrupt(kind), retry: false };
      case 'memory':
        return { reason: INDEX_FAILURES.memory, retry: false };
      case 'timeout':
        return { reason: INDEX_FAILURES.timeout, retry: true };
      case 'worker_failed':
        return { reason: INDEX_FAILURES.unreadable, retry: true };
    }
  }
  if (error instanceof FileNotFoundError) return { reason: INDEX_FAILURES.missing, retry: false };
  return { reason: INDEX_FAILURES.unreadable, retry: true };
}

function documentsServicePlugin(app: FastifyInstance) {
  const repo = app.documentsRepository;
  const files = app.files;
  const now = () => app.clock.now();

  const service: Documents = {
    async upload(userId, target, rawFileName, bytes) {
      // macOS sends decomposed Vietnamese; one spelling per name keeps the duplicate check honest.
      const fileName = rawFileName.normalize('NFC').trim();
      const collectionName = target.collectionName.normalize('NFC').trim();
      const quota = app.config.uploads.documents;
      const admit = (usage: Usage) => assertWithinQuota(usage, quota, bytes.length, UPLOAD_REFUSALS.quota(quota));
      // Checked again when the row is inserted (under the user's lock); here to refuse before any parsing or storing.
      admit(await repo.usage(userId));
      const inspected = await inspectUpload(fileName, bytes);
      if (!inspected.ok) {
        app.log.info({ reason: inspected.reason, detail: inspected.detail }, 'upload refused');
        throw refusal(inspected);
      }
      if (fileName.length > FILE_NAME_MAX_CHARS) throw new AppError(400, 'BAD_REQUEST', UPLOAD_REFUSALS.fileNameTooLong);
      if (await repo.findByName(userId, collectionName, fileName)) throw duplicate();

      const id = crypto.randomUUID();
      const storedName = newStoredName();
      const at = now();
      await files.put(storedName, bytes);
      let row: DocumentFileRow;
      try {
        row = await repo.create(
          {
            id,
            userId,
            collectionName,
            fileName,
            storedName,
            extension: inspected.extension,
            kind: inspected.kind,
            sizeBytes: bytes.length,
            language: target.language,
            status: 'queued',
            createdAt: at,
            updatedAt: at,
          },
          admit,
          (tx) => app.jobs.enqueue(INDEX_QUEUE, { fileId: id }, { dedupeKey: `${INDEX_QUEUE}:${id}`, maxAttempts: INDEX_MAX_ATTEMPTS, owner: userId }, tx),
        );
      } catch (error) {
        await files.delete(storedName).catch((cleanup: unknown) => app.log.warn({ err: cleanup, storedName }, 'stored upload not removed'));
        // The same name uploaded twice at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      app.jobs.nudge();
      return toCollectionFile(row);
    },

    async list(userId) {
      return (await repo.listForUser(userId)).map(toCollectionFile);
    },

    async deleteFile(userId, fileId) {
      const row = await repo.deleteOwn(userId, fileId);
      if (!row) throw fileNotFound();
      await removeStored([row]);
    },

    async deleteCollection(userId, collectionName) {
      const rows = await repo.deleteCollection(userId, collectionName.normalize('NFC').trim());
      if (rows.length === 0) throw new AppError(404, 'NOT_FOUND', 'Collection not found.');
      await removeStored(rows);
    },

    async passage(userId, chunkId) {
      const row = await repo.passage(userId, chunkId);
      if (!row) throw new AppError(404, 'NOT_FOUND', 'Passage not found.');
      return {
        chunk_id: row.chunkId,
        file_id: row.fileId,
        file_name: row.fileName,
        collection_name: row.collectionName,
        locator: row.locator,
        text: row.text,
      };
    },

    async indexFile(payload, { attempt, maxAttempts }) {
      const fileId = payload.fileId;
      if (!isUuid(fileId)) throw new PermanentJobError('payload has no file id');
      // Undefined: deleted since, or already indexed by an earlier run of this job.
      const file = await repo.markIndexing(fileId, now());
      if (!file) return;
      const kind = file.kind as DocumentKind;
      try {
        const indexed = await indexDocument(kind, await files.get(file.storedName));
        if (indexed.empty) {
          await repo.markFailed(file.id, INDEX_FAILURES.noText, now());
          return;
        }
        // Known once every passage is made: a workbook is stored while it is still being read.
        const outcome = () => {
          const { count, language } = indexed.outcome();
          return { count, language: file.language === 'auto' ? (language ?? 'auto') : file.language };
        };
        const ready = await repo.completeIndex(file, indexed.batches, { outcome, now }).finally(() => indexed.stop());
        app.log.info({ fileId: file.id, chunks: ready?.chunkCount, attempt }, 'document indexed');
        if (ready) {
          await refreshStatistics();
          await embedChunks(file.id);
        }
      } catch (error) {
        const { reason, retry } = indexFailure(error, kind);
        if (retry && attempt < maxAttempts) throw error;
        await repo.markFailed(file.id, reason, now());
        throw retry ? error : new PermanentJobError(error instanceof Error ? error.message : String(error));
      }
    },
  };

  /**
   * When the AI provider offers embeddings: the vectors of a file's committed passages, `EMBED_BATCH` at a time.
   * The file is already ready and searchable by its words; a failure is only logged (retrieval then ranks its
   * passages by words alone), never a failed index.
   */
  async function embedChunks(fileId: string) {
    // Read here, not at registration: the provider is registered after this plugin, and jobs run once the app is ready.
    const llm = app.llm;
    if (!llm.embed) return;
    const started = Date.now();
    try {
      const rows = await app.db.orm
        .select({ id: documentChunks.id, title: documentChunks.title, text: documentChunks.text })
        .from(documentChunks)
        .where(eq(documentChunks.fileId, fileId))
        .orderBy(asc(documentChunks.ordinal));
      for (let start = 0; start < rows.length; start += EMBED_BATCH) {
        const batch = rows.slice(start, start + EMBED_BATCH);
        const vectors = await llm.embed(batch.map((row) => (row.title === null ? row.text : `${row.title}\n${row.text}`)));
        if (vectors.length !== batch.length) throw new Error(`${vectors.length} embeddings for ${batch.length} passages`);
        const values = JSON.stringify(batch.map((row, i) => ({ id: row.id, e: vectors[i] })));
        // One statement per batch; a passage replaced meanwhile (the job ran again) is simply not found.
        await app.db.orm.execute(sql`
          update document_chunks c
          set embedding = array(select x::real from jsonb_array_elements_text(v.value -> 'e') with ordinality as e(x, n) order by n)
          from jsonb_array_elements(${values}::jsonb) v
          where c.id = (v.value ->> 'id')::uuid and c.file_id = ${fileId}::uuid`);
      }
      app.log.info({ fileId, chunks: rows.length, ms: Date.now() - started }, 'document embedded');
    } catch (error) {
      app.log.warn({ err: error, fileId }, 'document not embedded; its passages are found by their words only');
    }
  }

  /**
   * After a file became ready: the planner's statistics of the documents' tables, where they grew by a tenth since
   * last read (`Database.analyzeGrown`; PGlite has no autovacuum). A failure is only logged: searches still work,
   * on older statistics.
   */
  async function refreshStatistics() {
    try {
      const analysed = await app.db.analyzeGrown(['document_files', 'document_chunks']);
      if (analysed.length > 0) app.log.info({ tables: analysed }, 'planner statistics refreshed');
    } catch (error) {
      app.log.warn({ err: error }, 'planner statistics not refreshed');
    }
  }

  /** Bytes of deleted rows; a failure leaves an orphan file (logged), never a row without its bytes. */
  async function removeStored(rows: DocumentFileRow[]) {
    await Promise.all(
      rows.map((row) => files.delete(row.storedName).catch((error: unknown) => app.log.warn({ err: error, storedName: row.storedName }, 'stored file not removed'))),
    );
  }

  app.decorate('documents', service);
  app.jobs.handle(INDEX_QUEUE, (payload, context) => service.indexFile(payload, context));
  // A parse worker waits ready for the next upload: starting one takes longer than parsing most documents.
  app.addHook('onReady', async () => prewarmParser());
  app.addHook('onClose', async () => stopSpareParser());
}

export default fp(documentsServicePlugin, {
  name: 'documents',
  fastify: '5.x',
  dependencies: ['clock', 'files', 'jobs', 'documents-repository'],
});
