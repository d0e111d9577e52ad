import type { FastifyInstance } from 'fastify';
import { ok, registerEndpoint } from '../http/contract-route.js';

/** The header's notification list — always the token's user's. */
export default async function notificationRoutes(app: FastifyInstance) {
  registerEndpoint(app, 'notifications', async ({ user }) => ok({ items: await app.notifications.list(user.userId) }));
  registerEndpoint(app, 'dismissNotifications', async ({ user, body }) => {
    await app.notifications.dismiss(user.userId, body.ids);
    return ok({ ok: true as const });
  });
}
