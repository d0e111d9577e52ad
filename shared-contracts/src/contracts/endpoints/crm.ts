import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries, lazySchema } from '../lazy-table.js';
import { clientSchema, inboxThreadSchema, ORDER_STATUSES, orderSchema } from '../entities.js';
import { envelope, okSchema } from '../envelope.js';
import { idField, userIdField, userIdQuery, uuidField } from './common.js';

/** The CRM: clients and orders. */

const clientBody = lazySchema(() => z.object({
  user_id: userIdField,
  id: uuidField.optional(),
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(32).regex(/^[\d\s+().-]*$/, 'digits, spaces, + ( ) . - only').default(''),
  favoriteColor: z.string().trim().max(200).default(''),
  stylePreference: z.string().trim().max(200).default(''),
  note: z.string().trim().max(2_000).default(''),
  page_id: idField.optional(),
}));
const orderBody = lazySchema(() => z.object({
  user_id: userIdField,
  orderId: uuidField.optional(),
  productName: z.string().trim().min(1).max(200),
  unitPrice: z.number().int().min(0).max(1_000_000_000),
  quantity: z.number().int().min(1).max(100_000),
  deliveryAddress: z.string().trim().max(1_000).default(''),
  status: z.enum(ORDER_STATUSES).default('new'),
  page_id: idField.optional(),
  client_id: uuidField.nullable().default(null),
  note: z.string().trim().max(2_000).default(''),
}));

export const crmEndpoints = lazyEntries({
  getClients: () => ({
    method: 'GET', path: 'api/v1/facebook/get-clients', auth: 'user', summary: 'Clients of the user',
    response: envelope(z.array(clientSchema)),
  }) as const satisfies EndpointContract,
  getOrders: () => ({
    method: 'GET', path: 'api/v1/facebook/get-orders', auth: 'user', summary: 'Orders, optionally of one page, newest first',
    query: z.object({ user_id: userIdField, page_id: idField.optional() }), response: envelope(z.array(orderSchema)),
  }) as const satisfies EndpointContract,
  saveClient: () => ({
    method: 'POST', path: 'api/v1/facebook/client/save', auth: 'user', summary: 'Create (without id) or edit a client',
    body: clientBody, response: envelope(clientSchema),
  }) as const satisfies EndpointContract,
  deleteClient: () => ({
    method: 'POST', path: 'api/v1/facebook/client/delete', auth: 'user', summary: 'Delete a client (their orders stay, without the link)',
    body: z.object({ user_id: userIdField, id: uuidField }), response: okSchema,
  }) as const satisfies EndpointContract,
  clientFromThread: () => ({
    method: 'POST', path: 'api/v1/facebook/client/from-thread', auth: 'user', summary: "The client of a conversation, created from it the first time",
    body: z.object({ user_id: userIdField, thread_id: uuidField }), response: envelope(clientSchema),
  }) as const satisfies EndpointContract,
  clientDetail: () => ({
    method: 'GET', path: 'api/v1/facebook/client/{id}', auth: 'user', summary: "A client with their conversations and orders (the client detail modal)",
    params: z.object({ id: uuidField }), query: userIdQuery,
    response: envelope(z.object({ client: clientSchema, conversations: z.array(inboxThreadSchema), orders: z.array(orderSchema) })),
  }) as const satisfies EndpointContract,
  saveOrder: () => ({
    method: 'POST', path: 'api/v1/facebook/order/save', auth: 'user', summary: 'Enter an order by hand (without orderId) or edit one; status moves only forward (or to cancelled)',
    body: orderBody, response: envelope(orderSchema),
  }) as const satisfies EndpointContract,
});
