import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { ok, registerEndpoint } from '../http/contract-route.js';

/** The Meta sandbox's user-facing side: send a signed test comment or message, see what the sandbox received. */
export default async function sandboxRoutes(app: FastifyInstance) {
  const assertSandbox = () => {
    if (!app.meta.sandbox) throw new AppError(404, 'NOT_FOUND', 'The Meta sandbox is off: a Facebook app is configured');
  };

  registerEndpoint(app, 'sandboxTestEvent', async ({ user, body }) => {
    assertSandbox();
    return ok(await app.metaSandbox.testEvent(user.userId, { pageId: body.page_id, kind: body.kind, text: body.text, fromName: body.from_name, channel: body.channel }));
  });

  registerEndpoint(app, 'sandboxActivity', async ({ user, query }) => {
    assertSandbox();
    return ok(await app.metaSandbox.activity(user.userId, query.page_id));
  });
}
