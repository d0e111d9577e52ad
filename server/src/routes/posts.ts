import type { FastifyInstance } from 'fastify';

/** The post manager's endpoints and the media Facebook fetches (being built). */
export default async function postsRoutes(app: FastifyInstance) {
  void app;
}
