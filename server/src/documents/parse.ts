import { Worker } from 'node:worker_threads';
import type { Language } from '@pagemate/shared-contracts/contracts';
import type { DocumentKind } from './document-kind.ts';
import type { ParsedDocument } from './parsed-document.ts';
import type { PassageRows } from './passage-rows.ts';

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

/** A passage as the index job stores it: a chunk (see chunk.ts) with its search vector (see search-vector.ts). */
export interface IndexedPassage {
  ordinal: number;
  text: string;
  title: string | null;
  locator: string;
  tsv: string;
}

/** What the worker is asked: the parsed document, or the document's passages ready to store. Exported for the worker only. */
export interface ParseWorkerRequest {
  mode: 'parse' | 'index';
  kind: DocumentKind;
  bytes: Uint8Array;
}

/** What an index found once the whole document is read: its number of passages and the language its text is in. */
export interface IndexOutcome {
  count: number;
  language?: Language;
}

/**
 * What the worker posts back, exported for the worker only: for a parse, the document; for an index, the
 * passages in order as the statements that store them (their bytes transferred, not copied) as the parse reaches
 * them, then `done` with what the parse found. `ok: false` ends either.
 */
export type ParseWorkerReply =
  | { ok: true; document: ParsedDocument }
  | { ok: true; rows: PassageRows }
  | { ok: true; done: IndexOutcome }
  | { ok: false; message: string };

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_MEMORY_MB = 256;
const WORKER_URL = new URL('./parse-worker-bootstrap.mjs', import.meta.url);

function startWorker(maxMemoryMb: number, request: ParseWorkerRequest | null): Worker {
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
  let document: ParsedDocument | undefined;
  const run = runWorker({ mode: 'parse', kind, bytes }, options, (reply) => {
    if ('document' in reply) document = reply.document;
    return true;
  });
  return run.finished.then(() => {
    if (!document) throw new ParseError('worker_failed', 'parse worker answered without a document');
    return document;
  });
}

/** A document being indexed: its passages as the worker makes them, and what the parse found once they are all made. */
export interface IndexedDocument {
  /** The document holds no text: the worker made no passage at all. */
  empty: boolean;
  /**
   * The passages in order, as insert statements' rows (see passage-rows.ts): each step gives those the worker
   * made since the last one. Iterating throws the parse's `ParseError` if the worker fails meanwhile, even after
   * some passages were given. Ending the iteration early stops the worker.
   */
  batches: AsyncIterable<PassageRows[]>;
  /** What the parse found; only once `batches` has ended (throws before: the count is not known yet). */
  outcome(): IndexOutcome;
  /** Stops the worker if it still runs (the passages are no longer wanted); harmless once it is done. */
  stop(): void;
}

/**
 * Parses, chunks and computes the search vectors of a document in a worker (as `parseDocument`, same limits,
 * the time limit covering all of it). Resolves with the first passages the worker made (or once it found none):
 * a workbook is read a piece at a time, so the caller stores its first rows while the worker reads the next.
 */
export function indexDocument(kind: DocumentKind, bytes: Uint8Array, options: ParseOptions = {}): Promise<IndexedDocument> {
  return new Promise<IndexedDocument>((resolve, reject) => {
    const queue: PassageRows[] = [];
    let ended = false;
    let failure: unknown;
    let found: IndexOutcome | undefined;
    let wake: (() => void) | undefined;
    const notify = () => {
      const waiting = wake;
      wake = undefined;
      waiting?.();
    };
    async function* batches(): AsyncGenerator<PassageRows[]> {
      try {
        for (;;) {
          if (failure !== undefined) throw failure;
          if (queue.length > 0) yield queue.splice(0);
          else if (ended) return;
          else await new Promise<void>((awake) => (wake = awake));
        }
      } finally {
        run.stop();
      }
    }
    const stream = batches();
    const outcome = (): IndexOutcome => {
      if (!found) throw new ParseError('worker_failed', 'the parse has not ended');
      return found;
    };
    const run = runWorker({ mode: 'index', kind, bytes }, options, (reply) => {
      if ('rows' in reply) queue.push(reply.rows);
      else if ('done' in reply) found = reply.done;
      else return true;
      // The first reply resolves (empty when it is the end); a later one settles nothing.
      resolve({ empty: queue.length === 0, batches: stream, outcome, stop: () => run.stop() });
      notify();
      return found !== undefined;
    });
    run.finished.then(
      () => {
        ended = true;
        // Settles nothing when a reply came; otherwise the worker was stopped first.
        reject(new ParseError('worker_failed', 'parse worker ended before reporting its parse'));
        notify();
      },
      (error: unknown) => {
        failure = error;
        reject(error);
        notify();
      },
    );
  });
}

interface WorkerRun {
  /** Settles with the worker's last reply (rejects with a `ParseError` when it failed, timed out or died). */
  finished: Promise<void>;
  /** Terminates the worker (its result is no longer wanted); `finished` then resolves. */
  stop(): void;
}

/**
 * Runs one request in a worker: the spare one when the limits are the defaults, else a new one. `onReply` sees
 * each successful reply and says whether it is the last; a failure reply rejects.
 */
function runWorker(request: ParseWorkerRequest, options: ParseOptions, onReply: (reply: Exclude<ParseWorkerReply, { ok: false }>) => boolean): WorkerRun {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
  // A private copy is transferred, so the caller's buffer (possibly a slice of Node's shared pool) stays usable.
  const own = { ...request, bytes: new Uint8Array(request.bytes) };
  const idle = maxMemoryMb === DEFAULT_MAX_MEMORY_MB ? spare : undefined;
  if (idle) spare = undefined;
  const worker = idle ?? startWorker(maxMemoryMb, own);
  if (idle) {
    idle.ref();
    idle.removeAllListeners();
    idle.postMessage(own, [own.bytes.buffer as ArrayBuffer]);
  }
  let settled = false;
  let settle: (outcome: () => void) => void = () => undefined;
  let stop: () => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    stop = () => settle(resolve);
    settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
      if (prewarming && maxMemoryMb === DEFAULT_MAX_MEMORY_MB) prewarmParser();
    };
    // A reply that arrived while the timer ran out (the event loop was busy) is read first: messages are taken
    // in the poll phase, before the check phase runs `setImmediate`.
    const timer = setTimeout(() => {
      setImmediate(() => settle(() => reject(new ParseError('timeout', `parse took longer than ${timeoutMs} ms`))));
    }, timeoutMs);
    worker.on('message', (reply: ParseWorkerReply) => {
      if (settled) return;
      if (!reply.ok) settle(() => reject(new ParseError('corrupt', reply.message)));
      else if (onReply(reply)) settle(resolve);
    });
    worker.once('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(() => reject(new ParseError(memory ? 'memory' : 'worker_failed', error.message)));
    });
    worker.once('exit', (exitCode) => {
      settle(() => reject(new ParseError('worker_failed', `parse worker exited with code ${exitCode} without an answer`)));
    });
  });
  return { finished, stop: () => stop() };
}
