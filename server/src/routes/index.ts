import type { FastifyInstance } from 'fastify';
import accountRoutes from './accounts.js';
import botConfigRoutes from './bot-config.js';
import documentRoutes from './documents.js';
import chatRoutes from './chat.js';
import crmRoutes from './crm.js';
import dashboardRoutes from './dashboard.js';
import facebookRoutes from './facebook.js';
import facebookConnectRoutes from './facebook-connect.js';
import healthRoutes from './health.js';
import inboxRoutes from './inbox.js';
import ledgerRoutes from './ledger.js';
import notificationRoutes from './notifications.js';
import partnerRoutes from './partner.js';
import paymentRoutes from './payments.js';
import postsRoutes from './posts.js';
import sandboxRoutes from './sandbox.js';
import sessionRoutes from './sessions.js';
import webhookRoutes from './webhook.js';

/** Every route module, registered last (docs/architecture.md §4) so they all see the external and app plugins. */
export default async function routes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(sessionRoutes);
  await app.register(facebookConnectRoutes);
  await app.register(facebookRoutes);
  await app.register(botConfigRoutes);
  await app.register(ledgerRoutes);
  await app.register(paymentRoutes);
  await app.register(notificationRoutes);
  await app.register(documentRoutes);
  await app.register(sandboxRoutes);
  await app.register(chatRoutes);
  await app.register(inboxRoutes);
  await app.register(crmRoutes);
  await app.register(webhookRoutes);
  await app.register(postsRoutes);
  await app.register(dashboardRoutes);
  await app.register(partnerRoutes);
}
