import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { registerEndpoint } from '../http/contract-route.js';
import { SERVER_VERSION } from '../version.js';

/** Ready only when the database answers: load balancers stop sending traffic to an instance that cannot. */
export default async function healthRoutes(app: FastifyInstance) {
  registerEndpoint(app, 'health', async () => {
    try {
      await app.db.ping();
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'UNAVAILABLE', 'Database unavailable');
    }
    return { status: 'ok' as const, database: app.db.kind, version: SERVER_VERSION };
  });
}
