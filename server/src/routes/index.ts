import type { FastifyInstance } from 'fastify';
import healthRoutes from './health.js';

/** Every route module, registered last (STYLE.md 8) so they all see the external and app plugins. */
export default async function routes(app: FastifyInstance) {
  await app.register(healthRoutes);
}
