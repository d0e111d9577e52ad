import type { FastifyInstance } from 'fastify';

/** The dashboards' figures over time (being built). */
export default async function dashboardRoutes(app: FastifyInstance) {
  void app;
}
