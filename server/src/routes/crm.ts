import type { FastifyInstance } from 'fastify';
import { OK, ok, registerEndpoint } from '../http/contract-route.js';

/** The client and order managers: clients (by hand or from a conversation), the client detail, orders. */
export default async function crmRoutes(app: FastifyInstance) {
  const { crm } = app;
  registerEndpoint(app, 'getClients', async ({ user }) => ok(await crm.clients(user.userId)));
  registerEndpoint(app, 'saveClient', async ({ user, body: { user_id: _, ...input } }) => ok(await crm.saveClient(user.userId, input)));
  registerEndpoint(app, 'deleteClient', async ({ user, body }) => {
    await crm.deleteClient(user.userId, body.id);
    return OK;
  });
  registerEndpoint(app, 'clientFromThread', async ({ user, body }) => ok(await crm.clientFromThread(user.userId, body.thread_id)));
  registerEndpoint(app, 'clientDetail', async ({ user, params }) => ok(await crm.clientDetail(user.userId, params.id)));
  registerEndpoint(app, 'getOrders', async ({ user, query }) => ok(await crm.orders(user.userId, query.page_id)));
  registerEndpoint(app, 'saveOrder', async ({ user, body: { user_id: _, ...input } }) => ok(await crm.saveOrder(user.userId, input)));
}
