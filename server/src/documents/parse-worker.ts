import { parentPort, workerData } from 'node:worker_threads';
import { chunkDocument } from './chunk.ts';
import type { DocumentKind } from './document-kind.ts';
import type { IndexedPassage, ParseWorkerReply, ParseWorkerRequest } from './parse.ts';
import { guessLanguage, LANGUAGE_SAMPLE_CHARS } from './language.ts';
import { documentPieces, parseBytes } from './parsers/index.ts';
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
    if (request.mode === 'parse') {
      post({ ok: true, document: await parseBytes(request.kind as DocumentKind, bytes) });
      return;
    }
    // Each piece is chunked and stored while the parser reads the next; a statement's passages per message.
    let count = 0;
    let sample = '';
    for await (const piece of documentPieces(request.kind as DocumentKind, bytes)) {
      if (sample.length < LANGUAGE_SAMPLE_CHARS) sample += (sample === '' ? '' : '\n\n') + piece.text.slice(0, LANGUAGE_SAMPLE_CHARS);
      const chunks = chunkDocument(piece);
      for (let start = 0; start < chunks.length; start += PASSAGES_PER_STATEMENT) {
        const passages: IndexedPassage[] = chunks.slice(start, start + PASSAGES_PER_STATEMENT).map((chunk) => ({
          ordinal: count + chunk.ordinal,
          text: chunk.text,
          title: chunk.title ?? null,
          locator: chunk.locator,
          tsv: passageVector(chunk),
        }));
        for (const rows of passageRows(passages)) post({ ok: true, rows }, [rows.json.buffer]);
      }
      count += chunks.length;
    }
    const language = guessLanguage(sample);
    post({ ok: true, done: { count, ...(language === undefined ? {} : { language }) } });
  } catch (error) {
    post({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
}

const given = workerData as ParseWorkerRequest | null;
if (given) await run(given);
else parentPort?.once('message', (request: ParseWorkerRequest) => void run(request));
