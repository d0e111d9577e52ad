import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** Makes the parsed environment available as `app.config` to every later plugin and route. */
function configPlugin(app: FastifyInstance, options: { config: AppConfig }) {
  app.decorate('config', options.config);
}

export default fp(configPlugin, { name: 'config', fastify: '5.x' });
