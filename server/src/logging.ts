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

/** Pino options: one JSON object per line, secrets censored wherever a request or response is logged. */
export function loggerOptions(config: AppConfig, destination?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.access_token',
        '*.refresh_token',
      ],
      censor: '[Redacted]',
    },
    ...(destination ? { stream: destination } : {}),
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
