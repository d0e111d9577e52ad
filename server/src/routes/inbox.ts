import type { FastifyInstance } from 'fastify';
import { ok, registerEndpoint } from '../http/contract-route.js';

/** The comment and message managers: a page's threads, one thread, a person's answer, the bot per thread; dashboard figures. */
export default async function inboxRoutes(app: FastifyInstance) {
  const { inbox } = app;
  registerEndpoint(app, 'getComments', async ({ user, body }) => ok(await inbox.threads(user.userId, body.page_id, 'comment', body.channel)));
  registerEndpoint(app, 'getMessages', async ({ user, body }) => ok(await inbox.threads(user.userId, body.page_id, 'message', body.channel)));
  registerEndpoint(app, 'inboxThread', async ({ user, params }) => ok(await inbox.thread(user.userId, params.id)));
  registerEndpoint(app, 'inboxReply', async ({ user, body }) => ok(await inbox.reply(user.userId, body.thread_id, body.text)));
  registerEndpoint(app, 'inboxBot', async ({ user, body }) => ok(await inbox.setBotPaused(user.userId, body.thread_id, body.paused)));
  registerEndpoint(app, 'dashboardCounts', async ({ user }) => ok(await inbox.counts(user.userId)));
}
