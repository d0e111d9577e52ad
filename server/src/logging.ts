import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { AppConfig } from './config.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's id is kept only when it is short and plain, so it cannot forge log lines or bloat them. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Where log lines go; tests pass their own to read them. */
export interface LogDestination {
  write(line: string): void;
}

const CENSOR = '[Redacted]';
/** Fields censored in any object logged at the top level of a line (`{ user: { password } }`). */
const SECRET_FIELDS = ['password', 'access_token', 'refresh_token'] as const;
/** And in logged `headers`, the credentials a request carries. */
const SECRET_HEADER_FIELDS = [...SECRET_FIELDS, 'authorization', 'cookie'] as const;
/**
 * Keys whose values Fastify's serializers turn into fixed shapes without headers or bodies (method, URL,
 * address; status code), so nothing in them can carry a secret.
 */
const SERIALIZED_KEYS = new Set(['req', 'res']);

function censored(value: object, fields: readonly string[]): object {
  let copy: Record<string, unknown> | undefined;
  for (const field of fields) {
    if (Object.hasOwn(value, field) && (value as Record<string, unknown>)[field] !== undefined) {
      // A copy keeps the caller's object intact; its prototype stays (an Error still serializes as one).
      copy ??= Object.defineProperties(Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>, Object.getOwnPropertyDescriptors(value));
      copy[field] = CENSOR;
    }
  }
  return copy ?? value;
}

/**
 * Secrets out of a log line's object, before it is written: what pino's `redact` did for these paths, without its
 * clone-and-serialise of every logged object on every line (a busy instance writes one line per request). The
 * object is copied only when it holds a secret.
 */
export function censorSecrets(line: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in line) {
    const value = line[key];
    if (typeof value !== 'object' || value === null || SERIALIZED_KEYS.has(key)) continue;
    const safe = censored(value, key === 'headers' ? SECRET_HEADER_FIELDS : SECRET_FIELDS);
    if (safe !== value) (copy ??= { ...line })[key] = safe;
  }
  return copy ?? line;
}

/** Something lines are written to as they come (process.stdout). */
interface LineSink {
  write(chunk: string): unknown;
}

/**
 * The lines of one event-loop turn written to `sink` in one call, after the turn's I/O callbacks: a busy
 * instance writes one chunk per turn instead of one per request. Lines still waiting when the process exits are
 * written then.
 */
export function linesPerTurn(sink: LineSink): LogDestination & { flush(): void } {
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    sink.write(chunk);
  };
  return {
    write(line) {
      pending += line;
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    },
    flush,
  };
}

let stdoutDestination: LogDestination | undefined;

/**
 * Standard output, one write per loop turn (`linesPerTurn`). process.stdout writes synchronously on Linux (files,
 * pipes, terminals), so a line leaves without the thread-pool round trip pino's own asynchronous destination
 * makes for each write, and what is written is out before the process ends.
 */
function stdoutLines(): LogDestination {
  if (!stdoutDestination) {
    const destination = linesPerTurn(process.stdout);
    process.once('exit', destination.flush);
    stdoutDestination = destination;
  }
  return stdoutDestination;
}

/** Pino options: one JSON object per line, secrets censored wherever a request or response is logged. */
export function loggerOptions(config: AppConfig, destination?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    formatters: { log: censorSecrets },
    stream: destination ?? stdoutLines(),
  };
}

const routeFacts = new WeakMap<FastifyRequest, Record<string, unknown>>();

/**
 * What a route learnt (a webhook delivery's counts) on the request's one line (`OneLinePerRequest`) instead of
 * a line of its own. Later facts of the same name replace earlier ones.
 */
export function logOnCompletion(request: FastifyRequest, facts: Record<string, unknown>) {
  routeFacts.set(request, { ...routeFacts.get(request), ...facts });
}

/**
 * One log line per request, written when it is answered ('request completed', or 'request errored' at error
 * level), carrying the method, URL and address the 'incoming request' line Fastify also writes would repeat: half
 * the logging of a busy instance's hot paths for the same facts.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const facts = { ...routeFacts.get(request), req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...facts, err: error }, 'request errored');
    else reply.log.info(facts, 'request completed');
  }
}
