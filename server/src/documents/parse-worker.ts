import { parentPort, workerData } from 'node:worker_threads';
import type { DocumentKind } from './document-kind.ts';
import type { ParseWorkerReply } from './parse.ts';
import { parseBytes } from './parsers/index.ts';

/**
 * Runs one parse and reports it. The worker is single-use: `parseDocument` terminates it afterwards, so
 * whatever a hostile file did to this isolate (a polluted prototype, a leaked buffer) dies with it. The request
 * comes as workerData, or, for a worker started ahead of its job (see `parseDocument`), as its one message.
 */
type ParseRequest = { kind: DocumentKind; bytes: Uint8Array };

async function run(request: ParseRequest): Promise<ParseWorkerReply> {
  try {
    const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
    return { ok: true, document: await parseBytes(request.kind, bytes) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const given = workerData as ParseRequest | null;
if (given) parentPort?.postMessage(await run(given));
else parentPort?.once('message', (request: ParseRequest) => void run(request).then((reply) => parentPort?.postMessage(reply)));
