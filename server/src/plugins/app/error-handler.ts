import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../../errors/app-error.js';
import { toApiError } from '../../errors/to-api-error.js';

/** The one place errors become responses (STYLE.md 9): `{ status, code, message, issues? }`. */
function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const body = toApiError(error);
    if (body.status >= 500) {
      // The real error goes to the log only; the client gets the generic body.
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, message: body.message }, 'request rejected');
    }
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(body.status).send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(toApiError({ statusCode: 404, message: `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found` })),
  );
}

export default fp(errorHandler, { name: 'error-handler', fastify: '5.x' });
