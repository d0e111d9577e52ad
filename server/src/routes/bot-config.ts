import type { FastifyInstance } from 'fastify';
import { OK, ok, registerEndpoint } from '../http/contract-route.js';

/** Identity, procedure and bot config: create, update, delete, list — always the token's user's. */
export default async function botConfigRoutes(app: FastifyInstance) {
  const configs = app.botConfigs;

  registerEndpoint(app, 'getIdentity', async ({ user }) => ok(await configs.listIdentities(user.userId)));
  registerEndpoint(app, 'createIdentity', async ({ user, body: { user_id: _, ...input } }) => ok(await configs.createIdentity(user.userId, input)));
  registerEndpoint(app, 'updateIdentity', async ({ user, body: { user_id: _, identity_id, ...input } }) =>
    ok(await configs.updateIdentity(user.userId, identity_id, input)),
  );
  registerEndpoint(app, 'deleteIdentity', async ({ user, body }) => {
    await configs.deleteIdentity(user.userId, body.identity_id);
    return OK;
  });

  registerEndpoint(app, 'getProcedure', async ({ user }) => ok(await configs.listProcedures(user.userId)));
  registerEndpoint(app, 'createProcedure', async ({ user, body: { user_id: _, ...input } }) => ok(await configs.createProcedure(user.userId, input)));
  registerEndpoint(app, 'updateProcedure', async ({ user, body: { user_id: _, procedure_id, ...input } }) =>
    ok(await configs.updateProcedure(user.userId, procedure_id, input)),
  );
  registerEndpoint(app, 'deleteProcedure', async ({ user, body }) => {
    await configs.deleteProcedure(user.userId, body.procedure_id);
    return OK;
  });

  registerEndpoint(app, 'getConfig', async ({ user }) => ok(await configs.listConfigs(user.userId)));
  registerEndpoint(app, 'createConfig', async ({ user, body: { user_id: _, ...input } }) => ok(await configs.createConfig(user.userId, input)));
  registerEndpoint(app, 'updateConfig', async ({ user, body: { user_id: _, total_id, ...input } }) =>
    ok(await configs.updateConfig(user.userId, total_id, input)),
  );
  registerEndpoint(app, 'deleteConfig', async ({ user, body }) => {
    await configs.deleteConfig(user.userId, body.total_id);
    return OK;
  });
}
