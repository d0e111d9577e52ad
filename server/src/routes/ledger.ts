import type { FastifyInstance } from 'fastify';
import { ok, registerEndpoint } from '../http/contract-route.js';

/** Balance and its history — always the token's user's (the auth guard refuses another `userId`). */
export default async function ledgerRoutes(app: FastifyInstance) {
  const ledger = app.ledger;

  registerEndpoint(app, 'totalBalance', async ({ user }) => ok({ total_balance: await ledger.balanceOf(user.userId) }));
  registerEndpoint(app, 'balanceSummary', async ({ user, query }) => ok(await ledger.summary(user.userId, query.days)));
  registerEndpoint(app, 'balanceTransactions', async ({ user, query }) => ok(await ledger.balanceTransactions(user.userId, query)));
  registerEndpoint(app, 'tokenTransactions', async ({ user, query }) => ok(await ledger.tokenTransactions(user.userId, query)));
}
