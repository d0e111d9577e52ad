import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SANDBOX_PREFIX } from '../plugins/app/meta/meta-app.js';
import sandboxGraphRoutes from './graph-routes.js';
import sandboxRepository from './sandbox-repository.js';
import sandboxService from './sandbox-service.js';

/**
 * The built-in Meta sandbox: its data and service always (the test-event and activity endpoints answer
 * 404 outside sandbox mode), its Graph emulation under /meta-sandbox only when no Facebook app is configured.
 * Request logs of the emulation stay off below warn: its URLs carry client secrets and codes, like Meta's.
 */
async function metaSandboxPlugin(app: FastifyInstance) {
  await app.register(sandboxRepository);
  await app.register(sandboxService);
  if (app.meta.sandbox) await app.register(sandboxGraphRoutes, { prefix: SANDBOX_PREFIX, logLevel: 'warn' });
}

export default fp(metaSandboxPlugin, { name: 'meta-sandbox', fastify: '5.x', dependencies: ['meta-app', 'facebook-repository'] });
