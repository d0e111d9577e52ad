import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OK, ok, registerEndpoint } from '../http/contract-route.js';
import type { RateLimitPolicy } from '../plugins/app/rate-limits.js';

/**
 * Invite codes are short enough to type, so guessing is slowed down: per account and per address. (A guessed
 * code would only share the guesser's own data with a partner, but a wall of failed joins is still abuse.)
 */
export const JOIN_PARTNER_LIMIT: RateLimitPolicy = { account: { max: 10, windowSeconds: 600 }, ip: { max: 30, windowSeconds: 600 } };
const accountOf = (request: FastifyRequest) => request.authenticatedUser?.userId;

/**
 * The partner side: the partner's dashboard, shops, alerts, clients, orders, team and invite code (`auth:
 * 'partner'`; a partner account is its own partner, so its user id is the partner id), and the shop's side of
 * joining (`auth: 'user'`).
 */
export default async function partnerRoutes(app: FastifyInstance) {
  const { partner } = app;
  registerEndpoint(app, 'partnerOverview', async ({ user, query }) => ok(await partner.overview(user.userId, query.days, query.shop_id)));
  registerEndpoint(app, 'partnerShops', async ({ user, query }) => ok(await partner.shops(user.userId, query.days)));
  registerEndpoint(app, 'partnerAssignShop', async ({ user, body }) => ok(await partner.assignShop(user.userId, body.shop_id, body.staff_id)));
  registerEndpoint(app, 'partnerAlerts', async ({ user }) => ok(await partner.alerts(user.userId)));
  registerEndpoint(app, 'partnerClients', async ({ user, query }) => ok(await partner.clients(user.userId, query.shop_id)));
  registerEndpoint(app, 'partnerOrders', async ({ user, query }) => ok(await partner.orders(user.userId, query.shop_id, query.status)));
  registerEndpoint(app, 'partnerStaff', async ({ user }) => ok(await partner.staff(user.userId)));
  registerEndpoint(app, 'savePartnerStaff', async ({ user, body }) => ok(await partner.saveStaff(user.userId, body)));
  registerEndpoint(app, 'deletePartnerStaff', async ({ user, body }) => {
    await partner.deleteStaff(user.userId, body.id);
    return OK;
  });
  registerEndpoint(app, 'partnerInvite', async ({ user }) => ok(await partner.invite(user.userId)));
  registerEndpoint(app, 'rotatePartnerInvite', async ({ user }) => ok(await partner.rotateInvite(user.userId)));

  registerEndpoint(app, 'myPartner', async ({ user }) => ok(await partner.myPartner(user.userId)));
  registerEndpoint(app, 'joinPartner', async ({ user, body }) => ok(await partner.join(user.userId, body.code)), {
    preHandler: app.rateLimits.hook('join_partner', JOIN_PARTNER_LIMIT, accountOf),
  });
  registerEndpoint(app, 'leavePartner', async ({ user }) => ok(await partner.leave(user.userId)));
}
