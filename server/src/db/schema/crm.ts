import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { inboxItems, inboxThreads } from './inbox.js';

const instant = () => timestamp({ withTimezone: true });

/**
 * A customer of the user's pages. One per Facebook person per page (`customer_id`, their id at Facebook): a
 * conversation's client is created once however many times it is asked for.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pageId: text(),
    customerId: text(),
    /** The conversation they came from (kept when it is deleted: the client stays). */
    threadId: uuid().references(() => inboxThreads.id, { onDelete: 'set null' }),
    name: text().notNull(),
    phone: text().notNull(),
    favoriteColor: text().notNull(),
    stylePreference: text().notNull(),
    note: text().notNull(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    uniqueIndex('clients_user_page_customer').on(table.userId, table.pageId, table.customerId).where(sql`${table.customerId} is not null`),
    index('clients_user').on(table.userId, table.createdAt),
  ],
);

/** An order, entered by hand or captured by the bot from a customer's message (once per message). */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    pageId: text(),
    threadId: uuid().references(() => inboxThreads.id, { onDelete: 'set null' }),
    /** The customer's message it was captured from: unique, so a re-run job captures it once. */
    sourceItemId: uuid().references(() => inboxItems.id, { onDelete: 'set null' }),
    /** bot | manual */
    source: text().notNull(),
    productName: text().notNull(),
    /** Whole VND. */
    unitPrice: bigint({ mode: 'number' }).notNull(),
    quantity: integer().notNull(),
    totalPrice: bigint({ mode: 'number' }).notNull(),
    deliveryAddress: text().notNull(),
    /** new | confirmed | shipping | delivered | cancelled */
    status: text().notNull(),
    note: text().notNull(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    uniqueIndex('orders_source_item').on(table.sourceItemId).where(sql`${table.sourceItemId} is not null`),
    index('orders_user_page').on(table.userId, table.pageId, table.createdAt),
    index('orders_client').on(table.clientId),
    check('orders_status_known', sql`${table.status} in ('new', 'confirmed', 'shipping', 'delivered', 'cancelled')`),
    check('orders_amounts', sql`${table.unitPrice} >= 0 and ${table.quantity} > 0 and ${table.totalPrice} = ${table.unitPrice} * ${table.quantity}`),
  ],
);
