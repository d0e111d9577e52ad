import type { FastifyInstance } from 'fastify';
import { ok, registerEndpoint } from '../http/contract-route.js';
import type { RateLimitRule } from '../plugins/app/rate-limits.js';

/** Where providers deliver webhooks: `${PUBLIC_API_URL}/api/v1/payments/webhook/payos` (or `/sandbox`). */
export const PAYMENT_WEBHOOK_PATH = '/api/v1/payments/webhook';

/**
 * Refused webhook deliveries (malformed, or not signed with the checksum key) per client address (×
 * RATE_LIMIT_IP_MULTIPLIER) and minute; past it, 429 and nothing recorded. A delivery signed by the provider
 * is never refused for rate: the provider sends one per payment, from its own few addresses.
 */
export const PAYMENT_WEBHOOK_REFUSAL_LIMIT = { max: 30, windowSeconds: 60 } satisfies RateLimitRule;

/** Deposits (the token's user's own) and the providers' webhooks (public, trusted only through their signature). */
export default async function paymentRoutes(app: FastifyInstance) {
  const payments = app.payments;

  registerEndpoint(app, 'deposit', async ({ user, body }) => ok(await payments.deposit(user.userId, body.amount)));
  registerEndpoint(app, 'paymentStatus', async ({ user, params }) => ok(await payments.status(user.userId, params.id)));
  registerEndpoint(app, 'cancelPayment', async ({ user, body }) => ok(await payments.cancel(user.userId, body.payment_id)));
  registerEndpoint(app, 'depositHistory', async ({ user, query }) => ok(await payments.history(user.userId, query)));

  // Outside the contract: the body is the provider's, not ours. 400 tells PayOS the delivery was refused.
  for (const provider of ['payos', 'sandbox'] as const) {
    app.post(`${PAYMENT_WEBHOOK_PATH}/${provider}`, { schema: { hide: true } }, async (request, reply) => {
      const countRefusal = () => app.rateLimits.hitFromAddress('payment_webhook_refused', request, PAYMENT_WEBHOOK_REFUSAL_LIMIT);
      const result = await payments.handleWebhook(provider, request.body, countRefusal);
      if (!result.accepted) return reply.status(400).send({ success: false, error: result.outcome });
      return { success: true };
    });
  }
}
