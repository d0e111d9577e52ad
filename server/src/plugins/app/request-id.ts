import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Echoes the request id (taken from `x-request-id` or generated, see logging.ts) so callers can quote it. */
function requestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

export default fp(requestId, { name: 'request-id', fastify: '5.x' });
