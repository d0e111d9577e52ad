import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries } from '../lazy-table.js';
import { balanceSummarySchema, balanceTransactionSchema, depositSchema, tokenTransactionSchema } from '../entities.js';
import { envelope } from '../envelope.js';
import { listOf, listQuerySchema, userIdField, userIdParams, userIdQuery, uuidField } from './common.js';

/** The balance: deposits and payments, the current balance and its overview, and the transaction lists. */

/** Amount bounds of a deposit, in whole dong. */
export const DEPOSIT_BOUNDS = { min: 10_000, max: 50_000_000 } as const;
/** Amounts the deposit form offers with one click. */
export const DEPOSIT_PRESETS = [50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000] as const;

export const balanceEndpoints = lazyEntries({
  deposit: () => ({
    method: 'POST', path: 'api/v1/deposit', auth: 'user', summary: 'Create a payment to top up the balance',
    body: z.object({ user_id: userIdField, amount: z.number().int().min(DEPOSIT_BOUNDS.min).max(DEPOSIT_BOUNDS.max) }),
    response: envelope(depositSchema),
  }) as const satisfies EndpointContract,
  paymentStatus: () => ({
    method: 'GET', path: 'api/v1/payment-status/{id}', auth: 'user', summary: 'Status of one payment',
    params: z.object({ id: uuidField }), query: userIdQuery, response: envelope(depositSchema),
  }) as const satisfies EndpointContract,
  cancelPayment: () => ({
    method: 'POST', path: 'api/v1/payment-cancel', auth: 'user', summary: 'Cancel a pending payment',
    body: z.object({ user_id: userIdField, payment_id: uuidField }), response: envelope(depositSchema),
  }) as const satisfies EndpointContract,
  totalBalance: () => ({
    method: 'GET', path: 'api/v1/total-balance/{userId}', auth: 'user', summary: 'Current balance in VND',
    params: userIdParams, response: envelope(z.object({ total_balance: z.number().int().nonnegative() })),
  }) as const satisfies EndpointContract,
  balanceSummary: () => ({
    method: 'GET', path: 'api/v1/balance-summary/{userId}', auth: 'user', summary: 'Balance overview: month totals and daily spend and deposits',
    params: userIdParams, query: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
    response: envelope(balanceSummarySchema),
  }) as const satisfies EndpointContract,
  depositHistory: () => ({
    method: 'GET', path: 'api/v1/deposit-history/{userId}', auth: 'user', summary: 'Deposits of the user, paginated',
    params: userIdParams, query: listQuerySchema, response: listOf(depositSchema),
  }) as const satisfies EndpointContract,
  balanceTransactions: () => ({
    method: 'GET', path: 'api/v1/balance-transactions/{userId}', auth: 'user', summary: 'Balance transactions, paginated',
    params: userIdParams, query: listQuerySchema, response: listOf(balanceTransactionSchema),
  }) as const satisfies EndpointContract,
  tokenTransactions: () => ({
    method: 'GET', path: 'api/v1/token-transactions/{userId}', auth: 'user', summary: 'Token-usage transactions, paginated',
    params: userIdParams, query: listQuerySchema, response: listOf(tokenTransactionSchema),
  }) as const satisfies EndpointContract,
});
