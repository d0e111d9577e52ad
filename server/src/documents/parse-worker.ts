import { parentPort, workerData } from 'node:worker_threads';
import { chunkDocument } from './chunk.ts';
import type { DocumentKind } from './document-kind.ts';
import type { IndexedPassage, ParseWorkerReply, ParseWorkerRequest } from './parse.ts';
import { parseBytes } from './parsers/index.ts';
import { passageRows, PASSAGES_PER_STATEMENT } from './passage-rows.ts';
import { passageVector } from './search-vector.ts';

/**
 * Runs one request and reports it. The worker is single-use: `parseDocument`/`indexDocument` terminate it
 * afterwards, so whatever a hostile file did to this isolate (a polluted prototype, a leaked buffer) dies with
 * it. The request comes as workerData, or, for a worker started ahead of its job (see parse.ts), as its one
 * message.
 */
const post = (reply: ParseWorkerReply, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(reply, transfer);

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
    // One statement's passages per message: the server stores the first while this thread makes the next.
    for (let start = 0; start < chunks.length; start += PASSAGES_PER_STATEMENT) {
      const passages: IndexedPassage[] = chunks.slice(start, start + PASSAGES_PER_STATEMENT).map((chunk) => ({
        ordinal: chunk.ordinal,
        text: chunk.text,
        title: chunk.title ?? null,
        locator: chunk.locator,
        tsv: passageVector(chunk),
      }));
      for (const rows of passageRows(passages)) post({ ok: true, rows }, [rows.json.buffer]);
    }
    post({ ok: true, done: true });
  } catch (error) {
    post({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
}

const given = workerData as ParseWorkerRequest | null;
if (given) await run(given);
else parentPort?.once('message', (request: ParseWorkerRequest) => void run(request));
