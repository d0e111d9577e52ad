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

function startWorker(maxMemoryMb: number, request: { kind: DocumentKind; bytes: Uint8Array } | null): Worker {
  return new Worker(WORKER_URL, {
    workerData: request,
    ...(request ? { transferList: [request.bytes.buffer as ArrayBuffer] } : {}),
    resourceLimits: {
      maxOldGenerationSizeMb: maxMemoryMb,
      maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(maxMemoryMb / 8))),
      stackSizeMb: 4,
    },
    // Parsers need no configuration; the server's secrets stay out of the thread that reads hostile input.
    env: {},
  });
}

/**
 * A worker with the default limits, started and idle, waiting for one parse: starting a worker (a fresh isolate
 * loading the parsers) takes longer than parsing most documents. It never ran a parse, so it is as clean as
 * one started for the job; it is unreferenced while idle, and replaced once the parse it takes settles.
 */
let spare: Worker | undefined;
let prewarming = false;

/**
 * Starts the idle worker the next `parseDocument` with default limits takes (no-op when one is waiting), and
 * from then on a new one after each such parse.
 */
export function prewarmParser(): void {
  prewarming = true;
  if (spare) return;
  const worker = startWorker(DEFAULT_MAX_MEMORY_MB, null);
  worker.unref();
  const drop = () => {
    if (spare === worker) spare = undefined;
  };
  worker.once('error', drop);
  worker.once('exit', drop);
  spare = worker;
}

/** Stops the idle worker and starts no other (on shutdown). */
export async function stopSpareParser(): Promise<void> {
  prewarming = false;
  const worker = spare;
  spare = undefined;
  await worker?.terminate();
}

/**
 * Parses a document of a kind `inspectUpload` accepted, in a fresh worker thread with a heap limit, killed
 * when the time is up. Parsers of Office formats can be made to loop or balloon by a crafted file (mammoth's
 * README says as much); a worker keeps that away from the server's event loop and heap.
 */
export function parseDocument(kind: DocumentKind, bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedDocument> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  // A private copy is transferred, so the caller's buffer (possibly a slice of Node's shared pool) stays usable.
  const request = { kind, bytes: new Uint8Array(bytes) };
  const idle = maxMemoryMb === DEFAULT_MAX_MEMORY_MB ? spare : undefined;
  if (idle) spare = undefined;
  return new Promise<ParsedDocument>((resolve, reject) => {
    const worker = idle ?? startWorker(maxMemoryMb, request);
    if (idle) {
      idle.ref();
      idle.removeAllListeners();
      idle.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
    }
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
      if (prewarming && maxMemoryMb === DEFAULT_MAX_MEMORY_MB) prewarmParser();
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
