import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import { registerCors } from './cors.js';
import { registerHelmet } from './helmet.js';
import { registerSwagger } from './swagger.js';

/** Third-party plugins, first in the order of STYLE.md 8 so every app plugin and route sees them. */
async function externalPlugins(app: FastifyInstance, { config }: { config: AppConfig }) {
  await app.register(cookie);
  await registerCors(app, config.corsOrigins);
  await registerHelmet(app);
  // Limits are per upload route (documents issue); the defaults answer 413 beyond 1 MiB per file.
  await app.register(multipart);
  // Off everywhere by default: a route opts in with `config: { rateLimit: { max, timeWindow } }`.
  await app.register(rateLimit, { global: false });
  await registerSwagger(app, config.publicApiUrl);
}

export default fp(externalPlugins, { name: 'external', fastify: '5.x' });
