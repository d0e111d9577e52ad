import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { UPLOAD_LIMITS } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import { registerCors } from './cors.js';
import { registerHelmet } from './helmet.js';
import { registerSwagger } from './swagger.js';

/** Third-party plugins, first in the order of docs/architecture.md §4 so every app plugin and route sees them. */
async function externalPlugins(app: FastifyInstance, { config }: { config: AppConfig }) {
  await app.register(cookie);
  await registerCors(app, config.corsOrigins);
  registerHelmet(app);
  // The only multipart route is the document upload: one file of at most UPLOAD_LIMITS.maxFileBytes and a few
  // short fields; beyond that busboy stops reading and the route answers 413 / 400.
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.maxFileBytes, files: 1, fields: 10, fieldSize: 1000 } });
  // Off everywhere by default: a route opts in with `config: { rateLimit: { max, timeWindow } }`.
  await app.register(rateLimit, { global: false });
  await registerSwagger(app, config.publicApiUrl);
}

export default fp(externalPlugins, { name: 'external', fastify: '5.x' });
