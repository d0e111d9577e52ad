import type { FastifyInstance } from 'fastify';
import { ok, registerEndpoint } from '../http/contract-route.js';

/**
 * Balance and its history — always the token's user's (the auth guard refuses another `userId`). Reads only:
 * the session check runs beside the queries, and an ended session still gets its 401 and no rows.
 */
export default async function ledgerRoutes(app: FastifyInstance) {
  const ledger = app.ledger;
  const readOnly = { readOnly: true };

  registerEndpoint(app, 'totalBalance', async ({ user }) => ok({ total_balance: await ledger.balanceOf(user.userId) }), readOnly);
  registerEndpoint(app, 'balanceSummary', async ({ user, query }) => ok(await ledger.summary(user.userId, query.days)), readOnly);
  registerEndpoint(app, 'balanceTransactions', async ({ user, query }) => ok(await ledger.balanceTransactions(user.userId, query)), readOnly);
  registerEndpoint(app, 'tokenTransactions', async ({ user, query }) => ok(await ledger.tokenTransactions(user.userId, query)), readOnly);
}
