import { parentPort, workerData } from 'node:worker_threads';
import { chunkDocument } from './chunk.ts';
import type { DocumentKind } from './document-kind.ts';
import type { IndexedPassage, ParseWorkerReply, ParseWorkerRequest } from './parse.ts';
import { parseBytes } from './parsers/index.ts';
import { passageVector } from './search-vector.ts';

/**
 * Runs one request and reports it. The worker is single-use: `parseDocument`/`indexDocument` terminate it
 * afterwards, so whatever a hostile file did to this isolate (a polluted prototype, a leaked buffer) dies with
 * it. The request comes as workerData, or, for a worker started ahead of its job (see parse.ts), as its one
 * message.
 */
const post = (reply: ParseWorkerReply) => parentPort?.postMessage(reply);

/** Passages posted per message while indexing: the server inserts one batch while this thread makes the next. */
const PASSAGE_BATCH = 500;

async function run(request: ParseWorkerRequest): Promise<void> {
  try {
    const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
    const document = await parseBytes(request.kind as DocumentKind, bytes);
    if (request.mode === 'parse') {
      post({ ok: true, document });
      return;
    }
    const chunks = chunkDocument(document);
    post({ ok: true, parsed: { count: chunks.length, ...(document.language === undefined ? {} : { language: document.language }) } });
    for (let start = 0; start < chunks.length; start += PASSAGE_BATCH) {
      const passages: IndexedPassage[] = chunks.slice(start, start + PASSAGE_BATCH).map((chunk) => ({
        ordinal: chunk.ordinal,
        text: chunk.text,
        title: chunk.title ?? null,
        locator: chunk.locator,
        tsv: passageVector(chunk),
      }));
      post({ ok: true, passages });
    }
    post({ ok: true, done: true });
  } catch (error) {
    post({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
}

const given = workerData as ParseWorkerRequest | null;
if (given) await run(given);
else parentPort?.once('message', (request: ParseWorkerRequest) => void run(request));
