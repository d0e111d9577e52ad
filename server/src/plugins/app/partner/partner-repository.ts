import { isUuid } from '@pagemate/shared-contracts/contracts';
import { and, asc, count, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Orm } from '../../../db/database.js';
import { clients, facebookPages, orders, partnerInvites, partnerStaff, postRuns, users } from '../../../db/schema/index.js';
import type { Transaction } from '../../../jobs/index.js';
import { orderCount } from '../crm/crm-service.js';

export type PartnerStaffRow = typeof partnerStaff.$inferSelect;
export type StaffFields = Pick<PartnerStaffRow, 'name' | 'email' | 'phone' | 'role' | 'active' | 'note'>;
type ClientRow = typeof clients.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type Db = Orm | Transaction;

/** What joining and leaving read of an account. */
export interface AccountRow {
  id: string;
  username: string;
  email: string;
  role: string;
  partnerId: string | null;
  joinedAt: Date;
}

/** A shop the partner serves, with its account manager. */
export interface ShopRow {
  shopId: string;
  username: string;
  email: string;
  joinedAt: Date;
  staffId: string | null;
  staffName: string | null;
}

/** A shop's figures that are not dashboard events: pages now, orders of the range, clients, latest activity. */
export interface ShopFacts {
  shopId: string;
  pages: number;
  orders: number;
  orderValue: number;
  clients: number;
  lastActivityAt: Date | null;
}

export interface OrdersDayRow {
  day: string;
  orders: number;
  orderValue: number;
}

/** Failed post runs of one page of one shop since some instant. */
export interface FailedPostsRow {
  shopId: string;
  pageId: string;
  pageName: string | null;
  failed: number;
  latestAt: Date;
}

/** Orders of one shop still `new` since before some instant. */
export interface WaitingOrdersRow {
  shopId: string;
  waiting: number;
  oldestAt: Date;
}

/** The instants a range of one or more Vietnam days covers: `since <= instant < before`. */
export interface Range {
  since: Date;
  before: Date;
}

/** The partner side's SQL. Every read is scoped by the partner's id through `servedBy`, never by ids the caller names alone. */
export interface PartnerRepository {
  account(userId: string): Promise<AccountRow | undefined>;
  partnerOfCode(code: string): Promise<string | undefined>;
  /** The partner's live code, inserted with `newCode()` the first time (another code on a clash). */
  ensureInvite(partnerId: string, newCode: () => string, now: Date): Promise<string>;
  /** Replaces the live code: the old one stops working at once. */
  replaceInvite(partnerId: string, newCode: () => string, now: Date): Promise<string>;
  /** Joins only an account of role user without a partner; false when it had one meanwhile. */
  join(shopId: string, partnerId: string, now: Date): Promise<boolean>;
  leave(shopId: string): Promise<void>;

  /** The shops served (or the one `shopId` among them), by username. */
  shops(partnerId: string, shopId?: string): Promise<ShopRow[]>;
  shopFacts(partnerId: string, range: Range, shopId?: string): Promise<ShopFacts[]>;
  ordersPerDay(partnerId: string, range: Range, shopId?: string): Promise<OrdersDayRow[]>;
  clients(partnerId: string, limit: number, shopId?: string): Promise<{ client: ClientRow; orderCount: number; shopName: string }[]>;
  orders(partnerId: string, limit: number, shopId?: string, status?: string): Promise<{ order: OrderRow; clientName: string | null; shopName: string }[]>;

  /** The latest ledger entry of each shop served (shops without any are absent). */
  latestLedgerEntries(partnerId: string): Promise<Map<string, Date>>;
  failedPosts(partnerId: string, since: Date): Promise<FailedPostsRow[]>;
  waitingOrders(partnerId: string, createdBefore: Date): Promise<WaitingOrdersRow[]>;

  staff(partnerId: string): Promise<{ staff: PartnerStaffRow; shopCount: number }[]>;
  insertStaff(partnerId: string, fields: StaffFields, now: Date): Promise<PartnerStaffRow>;
  /** Undefined when `id` is not one of the partner's staff. */
  updateStaff(partnerId: string, id: string, fields: StaffFields, now: Date): Promise<PartnerStaffRow | undefined>;
  deleteStaff(partnerId: string, id: string): Promise<boolean>;
  isOwnStaff(partnerId: string, id: string): Promise<boolean>;
  /** False when `shopId` is not served by the partner. */
  assignStaff(partnerId: string, shopId: string, staffId: string | null): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    partnerRepository: PartnerRepository;
  }
}

/** Codes drawn from 30⁸ values rarely clash; a few more draws settle it. */
const CODE_ATTEMPTS = 5;

/** The accounts a partner serves: role user, joined to it (a partner account is its own partner: excluded). */
function servedBy(partnerId: string, shopId?: string): SQL | undefined {
  return and(eq(users.partnerId, partnerId), eq(users.role, 'user'), shopId === undefined ? undefined : isUuid(shopId) ? eq(users.id, shopId) : sql`false`);
}

/**
 * Outer columns for correlated subqueries, written out: in a select from one table drizzle names a column
 * without its table (`"id"`), which inside the subquery would be the subquery's own `id`.
 */
const outerUserId = sql`"users"."id"`;
const outerStaffId = sql`"partner_staff"."id"`;

/** When the account joined its partner; its creation for a row joined before the date was recorded. */
const joinedAt = sql<Date>`coalesce(${users.partnerJoinedAt}, ${users.createdAt})`.mapWith(users.createdAt);
const iso = (instant: Date) => instant.toISOString();
const inRange = (column: SQL, range: Range) => sql`${column} >= ${iso(range.since)}::timestamptz and ${column} < ${iso(range.before)}::timestamptz`;

async function ensureInviteIn(db: Db, partnerId: string, newCode: () => string, now: Date): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const [existing] = await db.select({ code: partnerInvites.code }).from(partnerInvites).where(eq(partnerInvites.partnerId, partnerId));
    if (existing) return existing.code;
    // Nothing inserted: the code is another partner's (draw again), or a racing call created ours (read it).
    const [inserted] = await db.insert(partnerInvites).values({ partnerId, code: newCode(), createdAt: now }).onConflictDoNothing().returning({ code: partnerInvites.code });
    if (inserted) return inserted.code;
  }
  throw new Error(`no free invite code after ${CODE_ATTEMPTS} draws`);
}

function partnerRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;

  const repository: PartnerRepository = {
    async account(userId) {
      if (!isUuid(userId)) return undefined;
      const [row] = await orm
        .select({ id: users.id, username: users.username, email: users.email, role: users.role, partnerId: users.partnerId, joinedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async partnerOfCode(code) {
      const [row] = await orm.select({ partnerId: partnerInvites.partnerId }).from(partnerInvites).where(eq(partnerInvites.code, code));
      return row?.partnerId;
    },

    ensureInvite: (partnerId, newCode, now) => ensureInviteIn(orm, partnerId, newCode, now),

    replaceInvite: (partnerId, newCode, now) =>
      orm.transaction(async (tx) => {
        await tx.delete(partnerInvites).where(eq(partnerInvites.partnerId, partnerId));
        return ensureInviteIn(tx, partnerId, newCode, now);
      }),

    async join(shopId, partnerId, now) {
      const joined = await orm
        .update(users)
        .set({ partnerId, partnerJoinedAt: now, partnerStaffId: null })
        .where(and(eq(users.id, shopId), eq(users.role, 'user'), isNull(users.partnerId)))
        .returning({ id: users.id });
      return joined.length === 1;
    },

    async leave(shopId) {
      await orm.update(users).set({ partnerId: null, partnerJoinedAt: null, partnerStaffId: null }).where(and(eq(users.id, shopId), eq(users.role, 'user')));
    },

    async shops(partnerId, shopId) {
      return orm
        .select({ shopId: users.id, username: users.username, email: users.email, joinedAt, staffId: users.partnerStaffId, staffName: partnerStaff.name })
        .from(users)
        .leftJoin(partnerStaff, eq(partnerStaff.id, users.partnerStaffId))
        .where(servedBy(partnerId, shopId))
        .orderBy(asc(users.username), asc(users.id));
    },

    async shopFacts(partnerId, range, shopId) {
      const shop = outerUserId;
      return orm
        .select({
          shopId: users.id,
          pages: sql<number>`(select count(*)::int from facebook_pages p where p.user_id = ${shop})`.mapWith(Number),
          orders: sql<number>`(select count(*)::int from orders o where o.user_id = ${shop} and ${inRange(sql`o.created_at`, range)})`.mapWith(Number),
          orderValue: sql<number>`(select coalesce(sum(o.total_price), 0) from orders o
            where o.user_id = ${shop} and o.status <> 'cancelled' and ${inRange(sql`o.created_at`, range)})`.mapWith(Number),
          clients: sql<number>`(select count(*)::int from clients c where c.user_id = ${shop})`.mapWith(Number),
          // The same events the dashboard counts (customer items, sent bot answers, published posts), plus orders.
          lastActivityAt: sql<Date | null>`greatest(
            (select max(i.created_at) from inbox_items i where i.user_id = ${shop} and (i.author = 'customer' or (i.author = 'bot' and i.delivery = 'sent'))),
            (select max(r.published_at) from post_runs r where r.user_id = ${shop} and r.status = 'published'),
            (select max(o.created_at) from orders o where o.user_id = ${shop}))`.mapWith(orders.createdAt),
        })
        .from(users)
        .where(servedBy(partnerId, shopId));
    },

    async ordersPerDay(partnerId, range, shopId) {
      const day = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;
      return orm
        .select({
          day,
          orders: count().mapWith(Number),
          orderValue: sql<number>`coalesce(sum(${orders.totalPrice}) filter (where ${orders.status} <> 'cancelled'), 0)`.mapWith(Number),
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(servedBy(partnerId, shopId), gte(orders.createdAt, range.since), lt(orders.createdAt, range.before)))
        .groupBy(day)
        .orderBy(day);
    },

    async clients(partnerId, limit, shopId) {
      return orm
        .select({ client: clients, orderCount, shopName: users.username })
        .from(clients)
        .innerJoin(users, eq(users.id, clients.userId))
        .where(servedBy(partnerId, shopId))
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(limit);
    },

    async orders(partnerId, limit, shopId, status) {
      return orm
        .select({ order: orders, clientName: clients.name, shopName: users.username })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(clients, eq(clients.id, orders.clientId))
        .where(and(servedBy(partnerId, shopId), status === undefined ? undefined : eq(orders.status, status)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },

    async latestLedgerEntries(partnerId) {
      const rows = await orm
        .select({ shopId: users.id, at: sql<Date>`(select max(e.created_at) from ledger_entries e where e.user_id = ${outerUserId})`.mapWith(orders.createdAt) })
        .from(users)
        .where(servedBy(partnerId));
      return new Map(rows.filter((row) => row.at !== null).map((row) => [row.shopId, row.at]));
    },

    async failedPosts(partnerId, since) {
      return orm
        .select({
          shopId: postRuns.userId,
          pageId: postRuns.pageId,
          pageName: facebookPages.name,
          failed: count().mapWith(Number),
          latestAt: sql<Date>`max(${postRuns.updatedAt})`.mapWith(postRuns.updatedAt),
        })
        .from(postRuns)
        .innerJoin(users, eq(users.id, postRuns.userId))
        .leftJoin(facebookPages, and(eq(facebookPages.userId, postRuns.userId), eq(facebookPages.pageId, postRuns.pageId)))
        .where(and(servedBy(partnerId), eq(postRuns.status, 'failed'), gte(postRuns.updatedAt, since)))
        .groupBy(postRuns.userId, postRuns.pageId, facebookPages.name);
    },

    async waitingOrders(partnerId, createdBefore) {
      const rows = await orm
        .select({ shopId: orders.userId, waiting: count().mapWith(Number), oldestAt: sql<Date>`min(${orders.createdAt})`.mapWith(orders.createdAt) })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(servedBy(partnerId), eq(orders.status, 'new'), lt(orders.createdAt, createdBefore)))
        .groupBy(orders.userId);
      return rows;
    },

    async staff(partnerId) {
      const shopCount = sql<number>`(select count(*)::int from users s where s.partner_staff_id = ${outerStaffId} and s.partner_id = ${partnerId} and s.role = 'user')`;
      const rows = await orm.select({ staff: partnerStaff, shopCount }).from(partnerStaff).where(eq(partnerStaff.partnerId, partnerId)).orderBy(asc(partnerStaff.name), asc(partnerStaff.id));
      return rows.map((row) => ({ staff: row.staff, shopCount: Number(row.shopCount) }));
    },

    async insertStaff(partnerId, fields, now) {
      const [row] = await orm.insert(partnerStaff).values({ id: crypto.randomUUID(), partnerId, ...fields, createdAt: now, updatedAt: now }).returning();
      if (!row) throw new Error('staff insert returned nothing');
      return row;
    },

    async updateStaff(partnerId, id, fields, now) {
      if (!isUuid(id)) return undefined;
      const [row] = await orm
        .update(partnerStaff)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.id, id)))
        .returning();
      return row;
    },

    async deleteStaff(partnerId, id) {
      if (!isUuid(id)) return false;
      // users.partner_staff_id is `on delete set null`: the shops are left without a manager.
      const deleted = await orm.delete(partnerStaff).where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.id, id))).returning({ id: partnerStaff.id });
      return deleted.length === 1;
    },

    async isOwnStaff(partnerId, id) {
      if (!isUuid(id)) return false;
      const [row] = await orm.select({ id: partnerStaff.id }).from(partnerStaff).where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.id, id)));
      return row !== undefined;
    },

    async assignStaff(partnerId, shopId, staffId) {
      const updated = await orm.update(users).set({ partnerStaffId: staffId }).where(servedBy(partnerId, shopId)).returning({ id: users.id });
      return updated.length === 1;
    },
  };
  app.decorate('partnerRepository', repository);
}

export default fp(partnerRepositoryPlugin, { name: 'partner-repository', fastify: '5.x', dependencies: ['db'] });
