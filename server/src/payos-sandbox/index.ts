import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PAYOS_SANDBOX_PREFIX } from '../plugins/app/payments/payment-provider.js';
import payosSandboxRoutes from './sandbox-routes.js';

/**
 * The built-in PayOS sandbox, served only when no PayOS merchant is configured. Its request logs stay below
 * warn: its API calls carry the sandbox's client id and API key in headers, like PayOS's.
 */
async function payosSandboxPlugin(app: FastifyInstance) {
  const keys = app.payosSandboxKeys;
  if (keys) await app.register(payosSandboxRoutes, { prefix: PAYOS_SANDBOX_PREFIX, logLevel: 'warn', keys });
}

export default fp(payosSandboxPlugin, { name: 'payos-sandbox', fastify: '5.x', dependencies: ['config', 'clock', 'db', 'payment-provider'] });
