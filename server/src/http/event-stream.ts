import { apiErrorSchema, endpoints, type EndpointName } from '@pagemate/shared-contracts/contracts';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { BEARER_SECURITY_SCHEME, toFastifyPath } from './contract-route.js';

type StreamEndpointName = { [N in EndpointName]: (typeof endpoints)[N] extends { stream: true } ? N : never }[EndpointName];
type BodyOf<N extends StreamEndpointName> = (typeof endpoints)[N] extends { body: infer B extends z.ZodType } ? z.infer<B> : undefined;
type EventOf<N extends StreamEndpointName> = z.infer<(typeof endpoints)[N]['response']>;

export interface EventStream<Event> {
  /** Sends one event as a `data:` line; a no-op once the client has gone. */
  send(event: Event): void;
  /** Aborted when the client goes away before the stream ended (closed tab, stop button). */
  signal: AbortSignal;
}

export interface EventStreamHandlerContext<N extends StreamEndpointName> {
  request: FastifyRequest;
  body: BodyOf<N>;
  /** Opens the event stream; until then the handler may still throw and answer a JSON error. */
  open(): EventStream<EventOf<N>>;
}

/**
 * The reply taken over for server-sent events: headers written by hand, keeping what the hooks already put on
 * `reply` (CORS, helmet, request id), buffering off in proxies (X-Accel-Buffering), and the client's going
 * away (the response closing before it finished) turned into an abort signal.
 */
function openEventStream<Event>(reply: FastifyReply): EventStream<Event> {
  const raw = reply.raw;
  const controller = new AbortController();
  reply.hijack();
  const kept: OutgoingHttpHeaders = {};
  for (const [header, value] of Object.entries(reply.getHeaders())) if (value !== undefined) kept[header] = value;
  raw.writeHead(200, {
    ...kept,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  raw.on('close', () => {
    if (!raw.writableEnded) controller.abort();
  });
  return {
    signal: controller.signal,
    send(event) {
      if (!raw.writableEnded && !raw.destroyed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
    },
  };
}

/**
 * A `stream: true` endpoint of the contract: auth, body validation and the OpenAPI entry as `registerEndpoint`
 * gives them; the handler opens the stream when its checks passed, sends events, and the stream ends when it
 * returns. An error thrown before `open()` is an ordinary JSON error.
 */
export function registerEventStream<N extends StreamEndpointName>(
  app: FastifyInstance,
  name: N,
  handler: (context: EventStreamHandlerContext<N>) => Promise<void>,
) {
  const contract = endpoints[name];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: toFastifyPath(contract.path),
    config: { auth: contract.auth },
    schema: {
      operationId: name,
      summary: contract.summary,
      description: 'Answers `text/event-stream`: one JSON event per `data:` line.',
      ...(contract.auth === 'user' || contract.auth === 'partner' ? { security: [{ [BEARER_SECURITY_SCHEME]: [] }] } : {}),
      ...('body' in contract ? { body: contract.body } : {}),
      response: { '4xx': apiErrorSchema, '5xx': apiErrorSchema },
    },
    handler: async (request, reply) => {
      let stream: EventStream<EventOf<N>> | undefined;
      try {
        await handler({
          request,
          body: request.body as BodyOf<N>,
          open: () => (stream = openEventStream<EventOf<N>>(reply)),
        });
      } catch (error) {
        if (!stream) throw error;
        // Headers are gone: the failure can only be told as an event.
        request.log.error({ err: error }, 'event stream failed');
        stream.send({ type: 'error', code: 'INTERNAL', message: 'Something went wrong. Please try again.' } as EventOf<N>);
      }
      if (stream) reply.raw.end();
    },
  });
}
