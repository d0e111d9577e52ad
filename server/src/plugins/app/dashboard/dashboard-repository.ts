import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The dashboard's SQL: figures per Vietnam day and per page (being built). */
function dashboardRepositoryPlugin(app: FastifyInstance) {
  void app;
}

export default fp(dashboardRepositoryPlugin, { name: 'dashboard-repository', fastify: '5.x', dependencies: ['db'] });
