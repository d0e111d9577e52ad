import { randomInt } from 'node:crypto';
import {
  type endpoints,
  type MyPartner,
  ORDER_WAITING_HOURS,
  PARTNER_CODE_ALPHABET,
  PARTNER_CODE_LENGTH,
  type OrderStatus,
  type PartnerAlert,
  type PartnerAlertKind,
  type PartnerClient,
  type PartnerInvite,
  type PartnerOrder,
  type PartnerOverview,
  type PartnerShop,
  type PartnerStaff,
  type PartnerStaffRole,
} from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { AppError } from '../../../errors/app-error.js';
import { toClient, toOrder } from '../crm/crm-service.js';
import type { DashboardFigures } from '../dashboard/dashboard-repository.js';
import { dashboardDays, everyDate, lastVietnamDays, NO_FIGURES } from '../dashboard/day-series.js';
import type { PageHealth } from '../facebook/facebook-service.js';
import type { PartnerStaffRow, ShopRow } from './partner-repository.js';

export type StaffInput = z.infer<(typeof endpoints)['savePartnerStaff']['body']>;

/**
 * The partner side. `partnerId` is the partner account's own id (a partner account is its own
 * partner). What a partner reads of a shop: figures, balance, pages' health, clients, orders — never the text of
 * its conversations: nothing here selects `inbox_items.text` or a thread's last text.
 */
export interface PartnerService {
  invite(partnerId: string): Promise<PartnerInvite>;
  rotateInvite(partnerId: string): Promise<PartnerInvite>;
  myPartner(userId: string): Promise<MyPartner>;
  join(userId: string, code: string): Promise<MyPartner>;
  leave(userId: string): Promise<MyPartner>;
  shops(partnerId: string, days: number): Promise<PartnerShop[]>;
  overview(partnerId: string, days: number, shopId?: string): Promise<PartnerOverview>;
  alerts(partnerId: string): Promise<PartnerAlert[]>;
  clients(partnerId: string, shopId?: string): Promise<PartnerClient[]>;
  orders(partnerId: string, shopId?: string, status?: OrderStatus): Promise<PartnerOrder[]>;
  staff(partnerId: string): Promise<PartnerStaff[]>;
  saveStaff(partnerId: string, input: StaffInput): Promise<PartnerStaff>;
  deleteStaff(partnerId: string, id: string): Promise<void>;
  assignShop(partnerId: string, shopId: string, staffId: string | null): Promise<PartnerShop>;
}

declare module 'fastify' {
  interface FastifyInstance {
    partner: PartnerService;
  }
}

/** The lists' cap: a partner's screen, not an export. */
const LIST_LIMIT = 500;
/** The shop row `partnerAssignShop` answers with covers the default range of the shops list. */
const ASSIGN_DAYS = 30;
const HOUR_MS = 3600 * 1000;
const POST_FAILED_WINDOW_MS = 7 * 24 * HOUR_MS;
/**
 * Alerts come most urgent kind first, then newest first: a page to reconnect or a paused bot loses customers'
 * answers now; money runs out next; waiting orders and failed posts can wait a little.
 */
const ALERT_SEVERITY: readonly PartnerAlertKind[] = ['page_reconnect', 'bot_paused', 'low_balance', 'order_waiting', 'post_failed'];

const shopNotServed = () => new AppError(404, 'NOT_FOUND', 'No such shop among the shops you serve.');
const staffNotFound = () => new AppError(404, 'NOT_FOUND', 'No such team member.');

/** 8 characters drawn uniformly (crypto) from the alphabet without look-alikes. */
export function randomPartnerCode(): string {
  return Array.from({ length: PARTNER_CODE_LENGTH }, () => PARTNER_CODE_ALPHABET[randomInt(PARTNER_CODE_ALPHABET.length)]).join('');
}

const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

function toStaff(row: PartnerStaffRow, shopCount: number): PartnerStaff {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role as PartnerStaffRole,
    active: row.active,
    note: row.note,
    shop_count: shopCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** The figures of one shop, from what `shopRows` gathered. */
interface ShopParts {
  shop: ShopRow;
  figures: DashboardFigures;
  pages: number;
  pageHealth: PageHealth[];
  balance: number;
  orders: number;
  orderValue: number;
  clients: number;
  lastActivityAt: Date | null;
}

function partnerServicePlugin(app: FastifyInstance) {
  const repository = app.partnerRepository;
  const now = () => app.clock.now();
  const { lowBalanceThresholdVnd } = app.config.ledger;
  /** Same rule as the ledger's notification: under the threshold, 0 turning it off. */
  const isLowBalance = (balance: number) => lowBalanceThresholdVnd > 0 && balance < lowBalanceThresholdVnd;

  async function assertServed(partnerId: string, shopId: string | undefined): Promise<ShopRow[]> {
    const shops = await repository.shops(partnerId, shopId);
    if (shopId !== undefined && shops.length === 0) throw shopNotServed();
    return shops;
  }

  function toShop(parts: ShopParts): PartnerShop {
    const { shop, figures } = parts;
    return {
      shop_id: shop.shopId,
      username: shop.username,
      email: shop.email,
      joined_at: shop.joinedAt.toISOString(),
      staff_id: shop.staffId,
      staff_name: shop.staffName,
      pages: parts.pages,
      pages_need_attention: parts.pageHealth.filter((page) => page.needsReconnect || page.botPaused !== null).length,
      balance: parts.balance,
      low_balance: isLowBalance(parts.balance),
      comments: figures.comments,
      messages: figures.messages,
      bot_replies: figures.botReplies,
      posts: figures.posts,
      spend: figures.spend,
      orders: parts.orders,
      order_value: parts.orderValue,
      clients: parts.clients,
      last_activity_at: parts.lastActivityAt?.toISOString() ?? null,
    };
  }

  /** The shops served (or one), each with its figures over the last `days` Vietnam days. */
  async function shopRows(partnerId: string, days: number, shopId?: string): Promise<PartnerShop[]> {
    const shops = await repository.shops(partnerId, shopId);
    if (shops.length === 0) return [];
    const ids = shops.map((shop) => shop.shopId);
    const range = lastVietnamDays(now(), days);
    // Page health and balance come from the services the shop's own screens use, so both sides agree; each is
    // read for all the shops at once, so a page view costs the same few queries whatever the number of shops.
    const [figures, facts, health, balances] = await Promise.all([
      app.dashboardRepository.perUser({ userIds: ids, since: range.since, before: range.before }),
      repository.shopFacts(partnerId, range, shopId),
      app.facebook.pageHealthOf(ids),
      app.ledger.balancesOf(ids),
    ]);
    const figuresOf = new Map(figures.map((row) => [row.userId, row]));
    const factsOf = new Map(facts.map((row) => [row.shopId, row]));
    return shops.map((shop) => {
      const fact = factsOf.get(shop.shopId);
      return toShop({
        shop,
        figures: figuresOf.get(shop.shopId) ?? NO_FIGURES,
        pages: fact?.pages ?? 0,
        pageHealth: health.get(shop.shopId) ?? [],
        balance: balances.get(shop.shopId) ?? 0,
        orders: fact?.orders ?? 0,
        orderValue: fact?.orderValue ?? 0,
        clients: fact?.clients ?? 0,
        lastActivityAt: fact?.lastActivityAt ?? null,
      });
    });
  }

  async function myPartnerOf(userId: string): Promise<MyPartner> {
    const account = await repository.account(userId);
    // A partner account's partnerId is itself: that is not "a partner it joined".
    if (!account || account.role !== 'user' || account.partnerId === null) return { partner: null };
    const partner = await repository.account(account.partnerId);
    if (!partner) return { partner: null };
    return { partner: { name: partner.username, email: partner.email, joined_at: account.joinedAt.toISOString() } };
  }

  /** Every alert of one shop, from what `alerts` read of all of them. */
  function shopAlerts(shop: ShopRow, balance: number, pages: PageHealth[], latestLedgerAt: Date | undefined, at: Date): PartnerAlert[] {
    const ofShop = { shop_id: shop.shopId, shop_name: shop.username };
    const alerts: PartnerAlert[] = [];
    // The balance dropped with the shop's latest ledger entry; a shop that never had one is low since now.
    if (isLowBalance(balance)) alerts.push({ kind: 'low_balance', ...ofShop, page_id: null, page_name: null, value: balance, at: (latestLedgerAt ?? at).toISOString() });
    for (const page of pages) {
      const onPage = { ...ofShop, page_id: page.pageId, page_name: page.name, value: 1 };
      // Flagging a page for reconnection stamps its row; a pause does not, so it dates from the last money movement.
      if (page.needsReconnect) alerts.push({ kind: 'page_reconnect', ...onPage, at: page.updatedAt.toISOString() });
      if (page.botPaused !== null) alerts.push({ kind: 'bot_paused', ...onPage, at: (latestLedgerAt ?? at).toISOString() });
    }
    return alerts;
  }

  const byUrgency = (a: PartnerAlert, b: PartnerAlert) => ALERT_SEVERITY.indexOf(a.kind) - ALERT_SEVERITY.indexOf(b.kind) || b.at.localeCompare(a.at);

  const service: PartnerService = {
    async invite(partnerId) {
      return { code: await repository.ensureInvite(partnerId, randomPartnerCode, now()) };
    },

    async rotateInvite(partnerId) {
      return { code: await repository.replaceInvite(partnerId, randomPartnerCode, now()) };
    },

    myPartner: myPartnerOf,

    async join(userId, code) {
      const account = await repository.account(userId);
      if (!account || account.role !== 'user') throw new AppError(403, 'FORBIDDEN', 'Only shop accounts can join a partner.');
      const partnerId = await repository.partnerOfCode(code);
      if (!partnerId) throw new AppError(404, 'PARTNER_CODE_INVALID', 'No partner has this invite code. Check it with your partner and try again.');
      if (account.partnerId === null && (await repository.join(userId, partnerId, now()))) return myPartnerOf(userId);
      // Joined meanwhile, or before: the same partner again changes nothing; another one must be left first.
      const current = await repository.account(userId);
      if (current?.partnerId === partnerId) return myPartnerOf(userId);
      throw new AppError(409, 'PARTNER_ALREADY_JOINED', 'This account already shares its data with a partner. Leave that partner first.');
    },

    async leave(userId) {
      await repository.leave(userId);
      return { partner: null };
    },

    shops: (partnerId, days) => shopRows(partnerId, days),

    async overview(partnerId, days, shopId) {
      const shops = await assertServed(partnerId, shopId);
      const range = lastVietnamDays(now(), days);
      const [daily, facts, ordersPerDay] = await Promise.all([
        app.dashboardRepository.daily({ userIds: shops.map((shop) => shop.shopId), since: range.since, before: range.before }),
        repository.shopFacts(partnerId, range, shopId),
        repository.ordersPerDay(partnerId, range, shopId),
      ]);
      const dayRows = dashboardDays(range.dates, daily);
      const orderDays = everyDate(range.dates, new Map(ordersPerDay.map((row) => [row.day, row])), (date, row) => ({
        date,
        orders: row?.orders ?? 0,
        order_value: row?.orderValue ?? 0,
      }));
      return {
        totals: {
          shops: shops.length,
          pages: sum(facts, (row) => row.pages),
          comments: sum(dayRows, (day) => day.comments),
          messages: sum(dayRows, (day) => day.messages),
          bot_replies: sum(dayRows, (day) => day.bot_replies),
          posts: sum(dayRows, (day) => day.posts),
          spend: sum(dayRows, (day) => day.spend),
          orders: sum(orderDays, (day) => day.orders),
          order_value: sum(orderDays, (day) => day.order_value),
          clients: sum(facts, (row) => row.clients),
        },
        days: dayRows,
        orders_per_day: orderDays,
      };
    },

    async alerts(partnerId) {
      const shops = await repository.shops(partnerId);
      if (shops.length === 0) return [];
      const ids = shops.map((shop) => shop.shopId);
      const at = now();
      const [health, balances, latestLedger, failedPosts, waitingOrders] = await Promise.all([
        app.facebook.pageHealthOf(ids),
        app.ledger.balancesOf(ids),
        repository.latestLedgerEntries(partnerId),
        repository.failedPosts(partnerId, new Date(at.getTime() - POST_FAILED_WINDOW_MS)),
        repository.waitingOrders(partnerId, new Date(at.getTime() - ORDER_WAITING_HOURS * HOUR_MS)),
      ]);
      const nameOf = new Map(shops.map((shop) => [shop.shopId, shop.username]));
      const alerts = shops.flatMap((shop) => shopAlerts(shop, balances.get(shop.shopId) ?? 0, health.get(shop.shopId) ?? [], latestLedger.get(shop.shopId), at));
      for (const row of failedPosts) {
        alerts.push({ kind: 'post_failed', shop_id: row.shopId, shop_name: nameOf.get(row.shopId) ?? '', page_id: row.pageId, page_name: row.pageName, value: row.failed, at: row.latestAt.toISOString() });
      }
      for (const row of waitingOrders) {
        alerts.push({ kind: 'order_waiting', shop_id: row.shopId, shop_name: nameOf.get(row.shopId) ?? '', page_id: null, page_name: null, value: row.waiting, at: row.oldestAt.toISOString() });
      }
      return alerts.sort(byUrgency);
    },

    async clients(partnerId, shopId) {
      await assertServed(partnerId, shopId);
      const rows = await repository.clients(partnerId, LIST_LIMIT, shopId);
      return rows.map((row) => ({ ...toClient(row.client, row.orderCount), shop_id: row.client.userId, shop_name: row.shopName }));
    },

    async orders(partnerId, shopId, status) {
      await assertServed(partnerId, shopId);
      const rows = await repository.orders(partnerId, LIST_LIMIT, shopId, status);
      return rows.map((row) => ({ ...toOrder(row.order, row.clientName), shop_id: row.order.userId, shop_name: row.shopName }));
    },

    async staff(partnerId) {
      return (await repository.staff(partnerId)).map((row) => toStaff(row.staff, row.shopCount));
    },

    async saveStaff(partnerId, { id, ...fields }) {
      const saved = id === undefined ? await repository.insertStaff(partnerId, fields, now()) : await repository.updateStaff(partnerId, id, fields, now());
      if (!saved) throw staffNotFound();
      const listed = (await repository.staff(partnerId)).find((row) => row.staff.id === saved.id);
      return toStaff(saved, listed?.shopCount ?? 0);
    },

    async deleteStaff(partnerId, id) {
      if (!(await repository.deleteStaff(partnerId, id))) throw staffNotFound();
    },

    async assignShop(partnerId, shopId, staffId) {
      if (staffId !== null && !(await repository.isOwnStaff(partnerId, staffId))) throw staffNotFound();
      if (!(await repository.assignStaff(partnerId, shopId, staffId))) throw shopNotServed();
      const [shop] = await shopRows(partnerId, ASSIGN_DAYS, shopId);
      if (!shop) throw shopNotServed();
      return shop;
    },
  };
  app.decorate('partner', service);
}

export default fp(partnerServicePlugin, {
  name: 'partner-service',
  fastify: '5.x',
  dependencies: ['config', 'clock', 'partner-repository', 'dashboard-repository', 'facebook-service', 'ledger-service'],
});
