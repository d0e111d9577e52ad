import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SANDBOX_PREFIX } from '../plugins/app/meta/meta-app.js';
import sandboxGraphRoutes from './graph-routes.js';
import sandboxRepository from './sandbox-repository.js';
import sandboxService from './sandbox-service.js';
import { moveSharedSandboxPages } from './shared-pages.js';

/**
 * The built-in Meta sandbox: its data and service always (the test-event and activity endpoints answer
 * 404 outside sandbox mode), its Graph emulation under /meta-sandbox only when no Facebook app is configured.
 * Request logs of the emulation stay off below warn: its URLs carry client secrets and codes, like Meta's.
 * Every PageMate user has a sandbox of their own; pages connected when the demo pages were shared by everyone
 * are moved to their user's own ids before the server answers.
 */
async function metaSandboxPlugin(app: FastifyInstance) {
  await app.register(sandboxRepository);
  await app.register(sandboxService);
  if (app.meta.sandbox) {
    await app.register(sandboxGraphRoutes, { prefix: SANDBOX_PREFIX, logLevel: 'warn' });
    await moveSharedSandboxPages(app);
  }
}

export default fp(metaSandboxPlugin, { name: 'meta-sandbox', fastify: '5.x', dependencies: ['clock', 'meta-app', 'facebook-repository', 'facebook-service'] });
