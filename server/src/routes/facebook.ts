import type { FastifyInstance } from 'fastify';
import { OK, ok, registerEndpoint } from '../http/contract-route.js';

/** Connected Facebook accounts and pages, subscriptions at Meta, and each page's manager. */
export default async function facebookRoutes(app: FastifyInstance) {
  registerEndpoint(app, 'facebookConnectUrl', async (request) => ok(await app.facebook.connectUrl(request.user.userId, { instagram: request.body.instagram })));

  registerEndpoint(app, 'facebookConnectComplete', async ({ user, body, log }) => {
    const result = await app.facebook.completeConnect(user.userId, { code: body.code, state: body.state });
    log.info({ userId: result.userId, pages: result.pages }, 'facebook account connected');
    return ok({ name_fb: result.accountName, pages: result.pages, access_token: result.maskedToken });
  });

  registerEndpoint(app, 'accessTokenPages', async (request) => ok(await app.facebook.accounts(request.user.userId)));

  registerEndpoint(app, 'subscribed', async ({ user, body }) => {
    const subscribed = await app.facebook.setSubscription(user.userId, body.page_id, body.type, body.action, body.channel);
    return ok({ page_id: body.page_id, channel: body.channel, subscribed });
  });

  registerEndpoint(app, 'getManager', async ({ user, body }) =>
    ok(await app.facebook.getManagers(user.userId, user.username, body.page_data.map((page) => page.page_id))),
  );

  registerEndpoint(app, 'updateManager', async ({ user, body }) => ok(await app.facebook.saveManager(user.userId, user.username, body)));

  registerEndpoint(app, 'deleteManager', async ({ user, body }) => {
    await app.facebook.deleteManager(user.userId, body.manager_id);
    return OK;
  });

  registerEndpoint(app, 'saveCollectionPage', async ({ user, body }) => {
    await app.facebook.saveCollections(user.userId, body.list_page_ids, body.list_collections);
    return OK;
  });
}
