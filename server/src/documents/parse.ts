import { Worker } from 'node:worker_threads';
import type { DocumentKind } from './document-kind.ts';
import type { ParsedDocument } from './parsed-document.ts';

export type ParseErrorCode = 'timeout' | 'memory' | 'corrupt' | 'worker_failed';

/** Why a parse failed; `message` is for logs, not for users (it may quote the parser). */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  constructor(
    readonly code: ParseErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ParseOptions {
  /** Wall-clock limit of the whole parse, worker start-up included. */
  timeoutMs?: number;
  /** V8 heap limit of the worker (old generation). Buffers live outside it; `inspectUpload` bounds those. */
  maxMemoryMb?: number;
}

/** What the worker posts back. Exported for the worker only. */
export type ParseWorkerReply = { ok: true; document: ParsedDocument } | { ok: false; message: string };

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_MEMORY_MB = 256;
const WORKER_URL = new URL('./parse-worker-bootstrap.mjs', import.meta.url);

/**
 * Parses a document of a kind `inspectUpload` accepted, in a fresh worker thread with a heap limit, killed
 * when the time is up. Parsers of Office formats can be made to loop or balloon by a crafted file (mammoth's
 * README says as much); a worker keeps that away from the server's event loop and heap.
 */
export function parseDocument(kind: DocumentKind, bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedDocument> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  // A private copy is transferred, so the caller's buffer (possibly a slice of Node's shared pool) stays usable.
  const copy = new Uint8Array(bytes);
  return new Promise<ParsedDocument>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { kind, bytes: copy },
      transferList: [copy.buffer],
      resourceLimits: {
        maxOldGenerationSizeMb: maxMemoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(maxMemoryMb / 8))),
        stackSizeMb: 4,
      },
      // Parsers need no configuration; the server's secrets stay out of the thread that reads hostile input.
      env: {},
    });
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new ParseError('timeout', `parse took longer than ${timeoutMs} ms`)));
    }, timeoutMs);
    worker.once('message', (reply: ParseWorkerReply) => {
      settle(() => (reply.ok ? resolve(reply.document) : reject(new ParseError('corrupt', reply.message))));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(() => reject(new ParseError(memory ? 'memory' : 'worker_failed', error.message)));
    });
    worker.once('exit', (exitCode) => {
      settle(() => reject(new ParseError('worker_failed', `parse worker exited with code ${exitCode} without an answer`)));
    });
  });
}
