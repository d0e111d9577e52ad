import { type Client, type endpoints, type Order, ORDER_TRANSITIONS, type OrderStatus } from '@pagemate/shared-contracts/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { CapturedOrder } from '../bot/order-capture.js';
import type { Orm } from '../../../db/database.js';
import { clients, orders } from '../../../db/schema/index.js';
import { AppError } from '../../../errors/app-error.js';
import type { Transaction } from '../../../jobs/index.js';
import type { InboxItemRow, InboxThreadRow } from '../inbox/inbox-repository.js';

type ClientRow = typeof clients.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type Db = Orm | Transaction;
export type ClientInput = Omit<z.infer<(typeof endpoints)['saveClient']['body']>, 'user_id'>;
export type OrderInput = Omit<z.infer<(typeof endpoints)['saveOrder']['body']>, 'user_id'>;

/** Clients and orders (docs/product.md §3): by hand from the managers, and from conversations by the bot. */
export interface CrmService {
  clients(userId: string): Promise<Client[]>;
  saveClient(userId: string, input: ClientInput): Promise<Client>;
  deleteClient(userId: string, id: string): Promise<void>;
  /** The client of a conversation: created from it (name, page, Facebook id) the first time, found after. */
  clientFromThread(userId: string, threadId: string): Promise<Client>;
  clientDetail(userId: string, id: string): Promise<{ client: Client; conversations: Awaited<ReturnType<FastifyInstance['inbox']['threads']>>; orders: Order[] }>;
  orders(userId: string, pageId?: string): Promise<Order[]>;
  saveOrder(userId: string, input: OrderInput): Promise<Order>;
  /**
   * Records the order the bot read in a customer's message, with its client, once per message (a re-run job
   * finds the same order). Runs in the caller's transaction when given one.
   */
  captureOrder(item: InboxItemRow, thread: InboxThreadRow, captured: CapturedOrder): Promise<Order>;
}

declare module 'fastify' {
  interface FastifyInstance {
    crm: CrmService;
  }
}

const notFound = (what: 'client' | 'order') => new AppError(404, 'NOT_FOUND', what === 'client' ? 'No such client.' : 'No such order.');

/** A client row as the contract's `Client` (the partner's client list shows the same). */
export function toClient(row: ClientRow, orderCount: number): Client {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    favoriteColor: row.favoriteColor,
    stylePreference: row.stylePreference,
    ...(row.pageId ? { page_id: row.pageId } : {}),
    ...(row.threadId ? { conversation_id: row.threadId } : {}),
    note: row.note,
    order_count: orderCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** An order row as the contract's `Order` (the partner's order list shows the same). */
export function toOrder(row: OrderRow, clientName: string | null): Order {
  return {
    orderId: row.id,
    productName: row.productName,
    unitPrice: row.unitPrice,
    quantity: row.quantity,
    totalPrice: row.totalPrice,
    deliveryAddress: row.deliveryAddress,
    status: row.status as OrderStatus,
    ...(row.pageId ? { page_id: row.pageId } : {}),
    client_id: row.clientId,
    client_name: clientName ?? '',
    conversation_id: row.threadId,
    source: row.source as Order['source'],
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

/** A client's number of orders, as a column of a select from `clients`. */
export const orderCount = sql<number>`(select count(*)::int from orders as client_orders where client_orders.client_id = clients.id)`;

function crmServicePlugin(app: FastifyInstance) {
  const orm = app.db.orm;
  const now = () => app.clock.now();

  async function ownClient(db: Db, userId: string, id: string): Promise<ClientRow> {
    const [row] = await db.select().from(clients).where(and(eq(clients.userId, userId), eq(clients.id, id)));
    if (!row) throw notFound('client');
    return row;
  }

  async function assertOwnPage(userId: string, pageId: string | undefined) {
    if (pageId !== undefined && !(await app.facebookRepository.findPage(userId, pageId))) {
      throw new AppError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
    }
  }

  async function clientWithCount(id: string): Promise<Client> {
    const [row] = await orm.select({ client: clients, orderCount }).from(clients).where(eq(clients.id, id));
    if (!row) throw notFound('client');
    return toClient(row.client, Number(row.orderCount));
  }

  /** One client per Facebook person per page: inserted once, found after (phone filled in when learnt). */
  async function clientOfThread(db: Db, thread: InboxThreadRow, phone: string | null): Promise<ClientRow> {
    const at = now();
    const [inserted] = await db
      .insert(clients)
      .values({
        id: crypto.randomUUID(),
        userId: thread.userId,
        pageId: thread.pageId,
        customerId: thread.customerId,
        threadId: thread.id,
        name: thread.customerName || thread.customerId,
        phone: phone ?? '',
        favoriteColor: '',
        stylePreference: '',
        note: '',
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [existing] = await db
      .select()
      .from(clients)
      .where(and(eq(clients.userId, thread.userId), eq(clients.pageId, thread.pageId), eq(clients.customerId, thread.customerId)));
    if (!existing) throw new Error('client neither inserted nor found');
    if (phone && existing.phone === '') {
      await db.update(clients).set({ phone, updatedAt: at }).where(eq(clients.id, existing.id));
      return { ...existing, phone };
    }
    return existing;
  }

  const service: CrmService = {
    async clients(userId) {
      const rows = await orm.select({ client: clients, orderCount }).from(clients).where(eq(clients.userId, userId)).orderBy(desc(clients.createdAt), desc(clients.id));
      return rows.map((row) => toClient(row.client, Number(row.orderCount)));
    },

    async saveClient(userId, input) {
      await assertOwnPage(userId, input.page_id);
      const fields = { name: input.name, phone: input.phone, favoriteColor: input.favoriteColor, stylePreference: input.stylePreference, note: input.note, updatedAt: now() };
      if (input.id === undefined) {
        const [row] = await orm
          .insert(clients)
          .values({ id: crypto.randomUUID(), userId, pageId: input.page_id ?? null, customerId: null, threadId: null, ...fields, createdAt: now() })
          .returning();
        if (!row) throw new Error('client insert returned nothing');
        return toClient(row, 0);
      }
      const existing = await ownClient(orm, userId, input.id);
      const pageId = input.page_id ?? null;
      // A client from a conversation is that conversation's person on that page: their page stays.
      if (existing.customerId !== null && pageId !== null && pageId !== existing.pageId) {
        throw new AppError(400, 'BAD_REQUEST', 'A client who came from a conversation stays on its page.');
      }
      await orm.update(clients).set(existing.customerId === null ? { ...fields, pageId } : fields).where(eq(clients.id, existing.id));
      return clientWithCount(existing.id);
    },

    async deleteClient(userId, id) {
      const existing = await ownClient(orm, userId, id);
      await orm.delete(clients).where(eq(clients.id, existing.id));
    },

    async clientFromThread(userId, threadId) {
      const thread = await app.inboxRepository.ownThread(userId, threadId);
      if (!thread) throw new AppError(404, 'NOT_FOUND', 'No such conversation.');
      const row = await clientOfThread(orm, thread, null);
      return clientWithCount(row.id);
    },

    async clientDetail(userId, id) {
      const row = await ownClient(orm, userId, id);
      const conversations = row.pageId && row.customerId ? await app.inbox.threadsOfCustomer(userId, row.pageId, row.customerId) : [];
      const orderRows = await orm.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.clientId, row.id))).orderBy(desc(orders.createdAt));
      return { client: await clientWithCount(row.id), conversations, orders: orderRows.map((order) => toOrder(order, row.name)) };
    },

    async orders(userId, pageId) {
      if (pageId !== undefined) await assertOwnPage(userId, pageId);
      const rows = await orm
        .select({ order: orders, clientName: clients.name })
        .from(orders)
        .leftJoin(clients, eq(clients.id, orders.clientId))
        .where(and(eq(orders.userId, userId), pageId === undefined ? undefined : eq(orders.pageId, pageId)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(1_000);
      return rows.map((row) => toOrder(row.order, row.clientName));
    },

    async saveOrder(userId, input) {
      await assertOwnPage(userId, input.page_id);
      const client = input.client_id ? await ownClient(orm, userId, input.client_id) : undefined;
      const fields = {
        productName: input.productName,
        unitPrice: input.unitPrice,
        quantity: input.quantity,
        totalPrice: input.unitPrice * input.quantity,
        deliveryAddress: input.deliveryAddress,
        note: input.note,
        clientId: client?.id ?? null,
        updatedAt: now(),
      };
      if (input.orderId === undefined) {
        if (input.status !== 'new') throw new AppError(400, 'BAD_REQUEST', 'A new order starts as "new".');
        const [row] = await orm
          .insert(orders)
          .values({ id: crypto.randomUUID(), userId, pageId: input.page_id ?? client?.pageId ?? null, threadId: null, sourceItemId: null, source: 'manual', status: 'new', ...fields, createdAt: now() })
          .returning();
        if (!row) throw new Error('order insert returned nothing');
        return toOrder(row, client?.name ?? null);
      }
      const [existing] = await orm.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.id, input.orderId)));
      if (!existing) throw notFound('order');
      const from = existing.status as OrderStatus;
      if (input.status !== from && !ORDER_TRANSITIONS[from].includes(input.status)) {
        throw new AppError(409, 'CONFLICT', `An order that is "${from}" cannot become "${input.status}".`);
      }
      // The status may only move as ORDER_TRANSITIONS says, even when two people change it at once.
      const [row] = await orm
        .update(orders)
        .set({ ...fields, status: input.status, pageId: input.page_id ?? existing.pageId })
        .where(and(eq(orders.id, existing.id), eq(orders.status, from)))
        .returning();
      if (!row) throw new AppError(409, 'CONFLICT', 'The order changed meanwhile; reload it and try again.');
      return toOrder(row, client?.name ?? null);
    },

    async captureOrder(item, thread, captured) {
      return orm.transaction(async (tx) => {
        const client = await clientOfThread(tx, thread, captured.phone);
        const at = now();
        const [inserted] = await tx
          .insert(orders)
          .values({
            id: crypto.randomUUID(),
            userId: item.userId,
            clientId: client.id,
            pageId: item.pageId,
            threadId: thread.id,
            sourceItemId: item.id,
            source: 'bot',
            productName: captured.productName,
            unitPrice: captured.unitPrice,
            quantity: captured.quantity,
            totalPrice: captured.totalPrice,
            deliveryAddress: captured.deliveryAddress,
            status: 'new',
            note: '',
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning();
        const [row] = inserted ? [inserted] : await tx.select().from(orders).where(eq(orders.sourceItemId, item.id));
        if (!row) throw new Error('captured order neither inserted nor found');
        return toOrder(row, client.name);
      });
    },
  };
  app.decorate('crm', service);
}

export default fp(crmServicePlugin, { name: 'crm-service', fastify: '5.x', dependencies: ['db', 'clock', 'facebook-repository', 'inbox-repository', 'inbox-service'] });
