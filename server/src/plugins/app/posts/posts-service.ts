import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Scheduled posts: planning, the publish job, image uploads, drafts and the daily page check (being built). */
function postsServicePlugin(app: FastifyInstance) {
  void app;
}

export default fp(postsServicePlugin, { name: 'posts-service', fastify: '5.x', dependencies: ['db', 'jobs', 'facebook-service'] });
