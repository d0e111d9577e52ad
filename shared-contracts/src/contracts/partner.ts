import { z } from 'zod';
import { lazyEntries, lazySchema } from './lazy-table.js';
import type { EndpointContract } from './endpoints.js';
import { clientSchema, dashboardDaySchema, ORDER_STATUSES, orderSchema } from './entities.js';
import { envelope, okSchema } from './envelope.js';
import { uuidSchema } from './ids.js';

/**
 * The partner side (docs/product.md §2 "Partner dashboard"). A partner is an agency that sets up and looks after PageMate
 * for several shops. A shop (an account of role `user`) joins a partner with the partner's invite code and may
 * leave at any time; while joined, the partner sees the shop's figures, balance, pages' health, clients and
 * orders — never its conversations' text. The partner keeps a list of its staff (HRM) and assigns each shop
 * an account manager.
 */

const idSchema = lazySchema(() => z.string().min(1).max(128));
const count = lazySchema(() => z.number().int().nonnegative());

/** Invite codes: 8 characters of an alphabet without look-alikes (0/O, 1/I/L), shown in groups of four. */
export const PARTNER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PARTNER_CODE_LENGTH = 8;
/** Accepts what a person types: any case, spaces or dashes between groups. Normalised to 8 upper-case characters. */
export const partnerCodeSchema = lazySchema(() => z
  .string()
  .trim()
  .max(32)
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[${PARTNER_CODE_ALPHABET}]{${PARTNER_CODE_LENGTH}}$`), 'an 8-character invite code')));

/** `ABCD2345` → `ABCD-2345`. */
export function formatPartnerCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The shop's side: who its partner is, if any. */
export const myPartnerSchema = lazySchema(() => z.object({
  partner: z
    .object({
      name: z.string(),
      email: z.string(),
      joined_at: z.string(),
    })
    .nullable(),
}));
export type MyPartner = z.infer<typeof myPartnerSchema>;

export const partnerInviteSchema = lazySchema(() => z.object({
  /** 8 characters, unformatted. */
  code: z.string(),
}));
export type PartnerInvite = z.infer<typeof partnerInviteSchema>;

export const PARTNER_STAFF_ROLES = ['account_manager', 'support', 'sales', 'technician'] as const;
export type PartnerStaffRole = (typeof PARTNER_STAFF_ROLES)[number];

/** A member of the partner's team (a record the partner keeps, not a login). */
export const partnerStaffSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(PARTNER_STAFF_ROLES),
  active: z.boolean(),
  note: z.string(),
  /** Shops this person manages. */
  shop_count: count,
  created_at: z.string(),
}));
export type PartnerStaff = z.infer<typeof partnerStaffSchema>;

/** A shop's activity over the requested days: one shop's row, and the totals of every shop, count the same. */
const shopActivityShape = {
  comments: count,
  messages: count,
  bot_replies: count,
  posts: count,
  /** AI spend over the days, VND. */
  spend: count,
  /** Orders created over the days (cancelled included) and the value of those not cancelled, VND. */
  orders: count,
  order_value: count,
  /** All clients of the shop (in the totals: of every shop). */
  clients: count,
};

/** What the partner sees of one shop it serves; activity figures cover the requested days. */
export const partnerShopSchema = lazySchema(() => z.object({
  shop_id: idSchema,
  username: z.string(),
  email: z.string(),
  joined_at: z.string(),
  staff_id: idSchema.nullable(),
  staff_name: z.string().nullable(),
  pages: count,
  /** Pages that need reconnecting or whose bot is paused for money. */
  pages_need_attention: count,
  /** Available balance, VND. */
  balance: count,
  /** Under the server's low-balance threshold. */
  low_balance: z.boolean(),
  ...shopActivityShape,
  /** Latest customer item, bot answer, post or order; null when nothing yet. */
  last_activity_at: z.string().nullable(),
}));
export type PartnerShop = z.infer<typeof partnerShopSchema>;

export const partnerTotalsSchema = lazySchema(() => z.object({
  shops: count,
  pages: count,
  ...shopActivityShape,
}));
export type PartnerTotals = z.infer<typeof partnerTotalsSchema>;

/** The partner dashboard: totals over the days (of every shop, or of one), the same days as the chart. */
export const partnerOverviewSchema = lazySchema(() => z.object({
  totals: partnerTotalsSchema,
  /** Oldest first, every day of the range; `date` is a Vietnam day. */
  days: z.array(dashboardDaySchema),
  /** Orders created per Vietnam day over the same range (same length and order as `days`). */
  orders_per_day: z.array(z.object({ date: z.string(), orders: count, order_value: count })),
}));
export type PartnerOverview = z.infer<typeof partnerOverviewSchema>;

/** A shop's client or order as the partner sees it: with the shop it belongs to. */
const ofShop = { shop_id: idSchema, shop_name: z.string() };
export const partnerClientSchema = lazySchema(() => clientSchema.extend(ofShop));
export type PartnerClient = z.infer<typeof partnerClientSchema>;
export const partnerOrderSchema = lazySchema(() => orderSchema.extend(ofShop));
export type PartnerOrder = z.infer<typeof partnerOrderSchema>;

/** What needs the partner's attention now, worded by the client from `kind`. */
export const PARTNER_ALERT_KINDS = ['low_balance', 'page_reconnect', 'bot_paused', 'post_failed', 'order_waiting'] as const;
export type PartnerAlertKind = (typeof PARTNER_ALERT_KINDS)[number];
export const partnerAlertSchema = lazySchema(() => z.object({
  kind: z.enum(PARTNER_ALERT_KINDS),
  shop_id: idSchema,
  shop_name: z.string(),
  page_id: idSchema.nullable(),
  page_name: z.string().nullable(),
  /** low_balance: the balance, VND; order_waiting: orders in status new for over a day; post_failed: failed runs in 7 days. */
  value: count,
  /** When it started (latest relevant event). */
  at: z.string(),
}));
export type PartnerAlert = z.infer<typeof partnerAlertSchema>;

/** An order counts as waiting when it is still `new` this long after it was created. */
export const ORDER_WAITING_HOURS = 24;

const shopQuery = lazySchema(() => z.object({ shop_id: uuidSchema.optional() }));
const daysQuery = lazySchema(() => z.object({ days: z.coerce.number().int().min(7).max(365).default(30) }));
const staffBody = lazySchema(() => z.object({
  id: uuidSchema.optional(),
  name: z.string().trim().min(1).max(200),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().email().max(254)]).default(''),
  phone: z.string().trim().max(32).regex(/^[\d\s+().-]*$/, 'digits, spaces, + ( ) . - only').default(''),
  role: z.enum(PARTNER_STAFF_ROLES).default('account_manager'),
  active: z.boolean().default(true),
  note: z.string().trim().max(2_000).default(''),
}));

/** Partner endpoints (`auth: 'partner'`: a valid access token whose role is not `user`). */
export const partnerEndpoints = lazyEntries({
  partnerOverview: () => ({
    method: 'GET', path: 'api/v1/partner/dashboard', auth: 'partner', summary: 'Partner dashboard: totals and daily figures of the shops served (or of one shop)',
    query: daysQuery.extend(shopQuery.shape), response: envelope(partnerOverviewSchema),
  }) as const satisfies EndpointContract,
  partnerShops: () => ({
    method: 'GET', path: 'api/v1/partner/shops', auth: 'partner', summary: 'The shops the partner serves, with their figures over the days',
    query: daysQuery, response: envelope(z.array(partnerShopSchema)),
  }) as const satisfies EndpointContract,
  partnerAssignShop: () => ({
    method: 'POST', path: 'api/v1/partner/shops/assign', auth: 'partner', summary: "Set (or clear, with null) a shop's account manager",
    body: z.object({ shop_id: uuidSchema, staff_id: uuidSchema.nullable() }), response: envelope(partnerShopSchema),
  }) as const satisfies EndpointContract,
  partnerAlerts: () => ({
    method: 'GET', path: 'api/v1/partner/alerts', auth: 'partner', summary: 'What needs attention in the shops served: low balances, pages to reconnect, paused bots, failed posts, waiting orders',
    response: envelope(z.array(partnerAlertSchema)),
  }) as const satisfies EndpointContract,
  partnerClients: () => ({
    method: 'GET', path: 'api/v1/partner/clients', auth: 'partner', summary: 'Clients of the shops served (or of one shop), newest first',
    query: shopQuery, response: envelope(z.array(partnerClientSchema)),
  }) as const satisfies EndpointContract,
  partnerOrders: () => ({
    method: 'GET', path: 'api/v1/partner/orders', auth: 'partner', summary: 'Orders of the shops served (or of one shop), optionally of one status, newest first',
    query: shopQuery.extend({ status: z.enum(ORDER_STATUSES).optional() }), response: envelope(z.array(partnerOrderSchema)),
  }) as const satisfies EndpointContract,
  partnerStaff: () => ({
    method: 'GET', path: 'api/v1/partner/staff', auth: 'partner', summary: "The partner's team",
    response: envelope(z.array(partnerStaffSchema)),
  }) as const satisfies EndpointContract,
  savePartnerStaff: () => ({
    method: 'POST', path: 'api/v1/partner/staff/save', auth: 'partner', summary: 'Add (without id) or edit a team member',
    body: staffBody, response: envelope(partnerStaffSchema),
  }) as const satisfies EndpointContract,
  deletePartnerStaff: () => ({
    method: 'POST', path: 'api/v1/partner/staff/delete', auth: 'partner', summary: 'Remove a team member; their shops are left without a manager',
    body: z.object({ id: uuidSchema }), response: okSchema,
  }) as const satisfies EndpointContract,
  partnerInvite: () => ({
    method: 'GET', path: 'api/v1/partner/invite', auth: 'partner', summary: "The partner's invite code (created the first time)",
    response: envelope(partnerInviteSchema),
  }) as const satisfies EndpointContract,
  rotatePartnerInvite: () => ({
    method: 'POST', path: 'api/v1/partner/invite/rotate', auth: 'partner', summary: 'Replace the invite code; the old one stops working (joined shops stay)',
    response: envelope(partnerInviteSchema),
  }) as const satisfies EndpointContract,
  myPartner: () => ({
    method: 'GET', path: 'api/v1/account/partner', auth: 'user', summary: "The shop's partner, if it has joined one",
    query: z.object({ user_id: uuidSchema }), response: envelope(myPartnerSchema),
  }) as const satisfies EndpointContract,
  joinPartner: () => ({
    method: 'POST', path: 'api/v1/account/partner/join', auth: 'user', summary: "Join a partner with its invite code (only accounts of role user; replaces no partner — leave first)",
    body: z.object({ user_id: uuidSchema, code: partnerCodeSchema }), response: envelope(myPartnerSchema),
  }) as const satisfies EndpointContract,
  leavePartner: () => ({
    method: 'POST', path: 'api/v1/account/partner/leave', auth: 'user', summary: 'Stop sharing with the partner',
    body: z.object({ user_id: uuidSchema }), response: envelope(myPartnerSchema),
  }) as const satisfies EndpointContract,
});
