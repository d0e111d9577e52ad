import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, RateLimitedError } from '../../errors/app-error.js';
import { toApiError } from '../../errors/to-api-error.js';
import { pendingSessionCheck } from './auth/session-check.js';

/** What the router refuses before any route runs, worded for the client (Fastify's own texts echo the whole path). */
const FRAMEWORK_ERRORS: Record<string, AppError> = {
  FST_ERR_MAX_PARAM_LENGTH: new AppError(414, 'BAD_REQUEST', 'A value in the URL path is too long'),
  FST_ERR_BAD_URL: new AppError(400, 'BAD_REQUEST', 'The URL path is not valid (bad percent-encoding)'),
};

/**
 * Fastify's `frameworkErrors` option: router refusals (a path parameter over `maxParamLength`, a malformed
 * percent-encoding) bypass the error handler, so without this they answer Fastify's own body, not the contract's.
 */
export function frameworkErrors(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  const body = toApiError(FRAMEWORK_ERRORS[error.code ?? ''] ?? error);
  if (body.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.code, message: body.message }, 'request rejected');
  return reply.status(body.status).send(body);
}

/** The one place errors become responses (docs/architecture.md §4): `{ status, code, message, issues? }`. */
function errorHandler(app: FastifyInstance) {
  const answer = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = toApiError(error);
    if (body.status >= 500) {
      // The real error goes to the log only; the client gets the generic body.
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, message: body.message }, 'request rejected');
    }
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(body.status).send(body);
  };
  // A session check still running beside the request (read-only routes) decides first: an ended session gets
  // its 401, whatever else went wrong.
  app.setErrorHandler((error, request, reply) => {
    const check = pendingSessionCheck(request);
    if (!check) return answer(error, request, reply);
    return check.then(
      () => answer(error, request, reply),
      (refusal: unknown) => answer(refusal, request, reply),
    );
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(toApiError({ statusCode: 404, message: `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found` })),
  );
}

export default fp(errorHandler, { name: 'error-handler', fastify: '5.x' });
