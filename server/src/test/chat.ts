import { randomUUID } from 'node:crypto';
import { type ChatStreamEvent, chatStreamEventSchema } from '@pagemate/shared-contracts/contracts';
import { passageVector } from '../documents/search-vector.js';
import { documentChunks, documentFiles } from '../db/schema/index.js';
import type { TestApp } from './helper.js';

export interface InsertedDocument {
  fileId: string;
  chunkIds: string[];
}

/**
 * A document as the upload pipeline leaves it once indexed: a `document_files` row and its chunks, each with
 * the search vector the index job computes.
 */
export async function insertDocument(
  t: TestApp,
  userId: string,
  fileName: string,
  passages: string[],
  options: { collection?: string; status?: 'ready' | 'indexing' } = {},
): Promise<InsertedDocument> {
  const fileId = randomUUID();
  const now = new Date();
  await t.app.db.orm.insert(documentFiles).values({
    id: fileId,
    userId,
    collectionName: options.collection ?? 'Tài liệu',
    fileName,
    storedName: `${fileId}.bin`,
    extension: fileName.split('.').pop() ?? 'txt',
    kind: 'text',
    sizeBytes: passages.join('\n').length,
    language: 'vi',
    status: options.status ?? 'ready',
    chunkCount: passages.length,
    createdAt: now,
    updatedAt: now,
  });
  const chunkIds = passages.map(() => randomUUID());
  await t.app.db.orm.insert(documentChunks).values(
    passages.map((text, ordinal) => ({
      id: chunkIds[ordinal] ?? randomUUID(),
      fileId,
      userId,
      ordinal,
      text,
      locator: `paragraph ${ordinal + 1}`,
      tsv: passageVector({ text }),
    })),
  );
  return { fileId, chunkIds };
}

/** The events of a `text/event-stream` body, in order, each checked against the contract. */
export function parseEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('data: '))
    .map((block) => chatStreamEventSchema.parse(JSON.parse(block.slice('data: '.length))));
}
