import { z } from 'zod';
import { idSchema, longText, pageActionSchema, shortText } from './entity-fields.js';
import { lazySchema } from './lazy-table.js';

export { CHANNELS, channelSchema, pageActionSchema, type Channel, type PageAction } from './entity-fields.js';
export * from './post-entities.js';
export * from './inbox-entities.js';

/**
 * Entities of docs/product.md §3. Field names are the API's (snake_case where the API uses it,
 * camelCase where the product names them so) so the UI and the server read the same shapes.
 */

export const roleSchema = lazySchema(() => z.string().min(1).max(32));
export type Role = z.infer<typeof roleSchema>;
export const KNOWN_ROLES = ['user', 'partner', 'admin'] as const;

/** Session user, decoded from the access token. */
export const sessionUserSchema = lazySchema(() => z.object({
  username: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  partnerId: z.string().nullable(),
  role: roleSchema,
}));
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Claims of the access token: the session user plus the standard JWT times. */
export const accessTokenClaimsSchema = lazySchema(() => sessionUserSchema.extend({ exp: z.number().optional(), iat: z.number().optional() }));
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** The Instagram professional account linked to a page, and what the bot answers on it. */
export const instagramAccountSchema = lazySchema(() => z.object({
  ig_user_id: idSchema,
  username: z.string(),
  picture_url: z.string().nullable(),
  /** Instagram event types the bot answers (comments on the account's media, Direct messages). */
  subscribed: z.array(pageActionSchema).default([]),
}));
export type InstagramAccount = z.infer<typeof instagramAccountSchema>;

export const facebookPageSchema = lazySchema(() => z.object({
  page_name: z.string(),
  page_id: idSchema,
  /** Masked when sent to the browser (`EAAB…x1y2`): page tokens stay on the server, encrypted at rest. */
  page_access_token: z.string(),
  /** Event types currently subscribed at Meta for this page. */
  subscribed: z.array(pageActionSchema).default([]),
  /** Meta rejected the page token (revoked, expired, permission removed): the user must reconnect. */
  needs_reconnect: z.boolean().default(false),
  /** The bot stopped answering on this page for lack of funds, or until tomorrow (daily spending cap). */
  bot_paused: z.enum(['no_funds', 'daily_cap']).nullable().default(null),
  /** The linked Instagram professional account, or null when the page has none. */
  instagram: instagramAccountSchema.nullable().default(null),
}));
export type FacebookPage = z.infer<typeof facebookPageSchema>;

export const facebookAccountSchema = lazySchema(() => z.object({
  name_fb: z.string(),
  id_user_fb: idSchema,
  /** Masked like page tokens. */
  access_token_user: z.string(),
  page_data: z.array(facebookPageSchema),
  /** True when the account came from the built-in Meta sandbox (labelled in the UI). */
  sandbox: z.boolean().default(false),
  /** The person allowed PageMate on the linked Instagram accounts (comments, Direct messages, posts). */
  instagram_allowed: z.boolean().default(false),
}));
export type FacebookAccount = z.infer<typeof facebookAccountSchema>;

export const fileRefSchema = lazySchema(() => z.object({ collection_name: shortText.min(1), file_name: shortText.min(1) }));
export type FileRef = z.infer<typeof fileRefSchema>;

export const collectionFileSchema = lazySchema(() => fileRefSchema.extend({
  file_id: idSchema.optional(),
  language: z.string().optional(),
  size_bytes: z.number().int().nonnegative().optional(),
  category: z.string().optional(),
  date_modified: z.string().optional(),
  index_status: z.enum(['queued', 'indexing', 'ready', 'failed']).optional(),
  index_error: z.string().optional(),
  /** Searchable passages once indexed. */
  chunk_count: z.number().int().nonnegative().optional(),
}));
export type CollectionFile = z.infer<typeof collectionFileSchema>;

export const identityInfoSchema = lazySchema(() => z.object({
  name: shortText.optional().default(''),
  gender: shortText.optional().default(''),
  birth_year: shortText.optional().default(''),
  hometown: shortText.optional().default(''),
  current_address: shortText.optional().default(''),
}));
export const identityStorySchema = lazySchema(() => z.object({
  childhood: longText.optional().default(''),
  schools: longText.optional().default(''),
  university: longText.optional().default(''),
  current_job: longText.optional().default(''),
}));
export const identitySchema = lazySchema(() => z.object({
  identity_id: idSchema,
  name: shortText.min(1),
  info: identityInfoSchema,
  story: identityStorySchema,
  style_conversation: longText,
  example_conversation: longText,
}));
export type Identity = z.infer<typeof identitySchema>;

export const procedureSchema = lazySchema(() => z.object({
  procedure_id: idSchema,
  name: shortText.min(1),
  procedure: longText.min(1),
}));
export type Procedure = z.infer<typeof procedureSchema>;

export const botConfigSchema = lazySchema(() => z.object({
  total_id: idSchema,
  name: shortText.min(1),
  procedure_id: idSchema,
  identity_id: idSchema,
  role: shortText,
  target: longText,
  mission: longText,
  note: longText,
}));
export type BotConfig = z.infer<typeof botConfigSchema>;

export const pageManagerSchema = lazySchema(() => z.object({
  manager_id: idSchema,
  username: z.string(),
  page_id: idSchema,
  page_name: z.string(),
  files: z.array(fileRefSchema),
  config_id: idSchema.nullable(),
  /** Event types the bot answers on this page (the "action type" column). */
  action: z.array(pageActionSchema),
  /** The page table's Auto toggle: the bot is on for this page. */
  auto_reply: z.boolean().default(true),
}));
export type PageManager = z.infer<typeof pageManagerSchema>;

/** A customer of the user's pages: created from a conversation (by the bot or by hand) or entered by hand. */
export const clientSchema = lazySchema(() => z.object({
  id: idSchema,
  name: shortText,
  phone: z.string().trim().max(32),
  favoriteColor: shortText,
  stylePreference: shortText,
  /** Where they came from: the page and the conversation (inbox thread), when known. */
  page_id: idSchema.optional(),
  conversation_id: idSchema.optional(),
  note: z.string().max(2_000).default(''),
  order_count: z.number().int().nonnegative().default(0),
  created_at: z.string().optional(),
}));
export type Client = z.infer<typeof clientSchema>;

/** An order's life: new → confirmed → shipping → delivered, or cancelled before it is delivered. */
export const ORDER_STATUSES = ['new', 'confirmed', 'shipping', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses an order may move to from each status. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['shipping', 'cancelled'],
  shipping: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};
export const orderSchema = lazySchema(() => z.object({
  orderId: idSchema,
  productName: shortText.min(1),
  unitPrice: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
  totalPrice: z.number().int().nonnegative(),
  deliveryAddress: longText,
  status: z.enum(ORDER_STATUSES),
  page_id: idSchema.optional(),
  client_id: idSchema.nullable().default(null),
  client_name: z.string().default(''),
  /** The conversation the bot captured it from. */
  conversation_id: idSchema.nullable().default(null),
  source: z.enum(['bot', 'manual']).default('manual'),
  note: z.string().max(2_000).default(''),
  created_at: z.string().optional(),
}));
export type Order = z.infer<typeof orderSchema>;

export const tokenTransactionSchema = lazySchema(() => z.object({
  completionTokens: z.number().int().nonnegative(),
  promptTokens: z.number().int().nonnegative(),
  totalToken: z.number().int().nonnegative(),
  totalCost: z.number().int().nonnegative(),
  time: z.string(),
  message: z.string(),
}));
export type TokenTransaction = z.infer<typeof tokenTransactionSchema>;

export const BALANCE_TRANSACTION_TYPES = ['deposit', 'token_charge', 'refund', 'adjustment'] as const;
export const balanceTransactionSchema = lazySchema(() => z.object({
  amount: z.number().int(),
  transactionType: z.enum(BALANCE_TRANSACTION_TYPES),
  dateModified: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'cancelled']),
  note: z.string(),
}));
export type BalanceTransaction = z.infer<typeof balanceTransactionSchema>;

export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** `sandbox`: the built-in checkout (the default); `payos`: VietQR through PayOS. */
export const PAYMENT_PROVIDERS = ['sandbox', 'payos'] as const;
export const depositSchema = lazySchema(() => z.object({
  payment_id: idSchema,
  amount: z.number().int().positive(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  /** The provider's order number (PayOS `orderCode`), shown to the user as the payment reference. */
  order_code: z.number().int().positive(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The transfer description the bank shows (PayOS: at most 25 characters). */
  description: z.string(),
  /** A pending payment not paid by then expires. */
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  /** Present while the payment is pending: the provider's checkout page and the VietQR payload. */
  checkout_url: z.string().optional(),
  qr_code: z.string().optional(),
}));
export type Deposit = z.infer<typeof depositSchema>;

export const temperatureOptionSchema = lazySchema(() => z.object({ label: z.string(), value: z.number().min(0).max(1), description: z.string() }));
export type TemperatureOption = z.infer<typeof temperatureOptionSchema>;

export const dropdownItemSchema = lazySchema(() => z.object({
  icon: z.string(),
  label: z.string(),
  href: z.string(),
  badge: z.object({ text: z.string(), color: z.string(), bgColor: z.string() }).optional(),
}));
export type DropdownItem = z.infer<typeof dropdownItemSchema>;

export const dashboardCountsSchema = lazySchema(() => z.object({
  pages: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  bot_replies: z.number().int().nonnegative(),
  orders: z.number().int().nonnegative(),
  clients: z.number().int().nonnegative(),
  spend: z.number().int().nonnegative(),
}));
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

/** One Vietnam day of the dashboard's charts. */
export const dashboardDaySchema = lazySchema(() => z.object({
  date: z.string(),
  comments: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  bot_replies: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
  spend: z.number().int().nonnegative(),
}));
export type DashboardDay = z.infer<typeof dashboardDaySchema>;
/** The dashboard's figures per page over the same days. */
export const dashboardPageSchema = lazySchema(() => z.object({
  page_id: idSchema,
  page_name: z.string(),
  comments: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  bot_replies: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
  spend: z.number().int().nonnegative(),
}));
export type DashboardPage = z.infer<typeof dashboardPageSchema>;

/** Server notifications; the client words each kind in the user's language from `params`. */
export const NOTIFICATION_KINDS = ['welcome', 'low_balance', 'ai_paused_no_funds', 'deposit_paid', 'page_reconnect'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationSchema = lazySchema(() => z.object({
  id: idSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  /** Values the message names, e.g. `{ balance: 8000, threshold: 20000 }` (amounts in VND). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  created_at: z.string(),
}));
export type Notification = z.infer<typeof notificationSchema>;

/** One Vietnam calendar day of the balance overview chart. */
export const dailyMoneySchema = lazySchema(() => z.object({
  /** YYYY-MM-DD in Vietnam time. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** AI charges settled that day, VND (positive). */
  spend: z.number().int().nonnegative(),
  /** Deposits credited that day, VND. */
  deposits: z.number().int().nonnegative(),
}));
export type DailyMoney = z.infer<typeof dailyMoneySchema>;

export const balanceSummarySchema = lazySchema(() => z.object({
  total_balance: z.number().int().nonnegative(),
  /** Held by AI calls in progress (not in `total_balance`). */
  reserved: z.number().int().nonnegative(),
  /** Since the first day of this month, Vietnam time. */
  spent_this_month: z.number().int().nonnegative(),
  deposited_this_month: z.number().int().nonnegative(),
  /** Under this the user is warned. */
  low_balance_threshold: z.number().int().nonnegative(),
  /** Oldest first, one entry per day, days without activity included. */
  daily: z.array(dailyMoneySchema),
}));
export type BalanceSummary = z.infer<typeof balanceSummarySchema>;

/** Chat modes of docs/product.md §1: basic, full documents (answers from chosen files, with citations), marketing articles. */
export const CHAT_MODES = ['basic', 'fulldocs', 'marketing'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
/** The marketing chat's two starts: "I have an idea" → an SEO article; "I have no idea" → ideas first. */
export const MARKETING_FLOWS = ['idea', 'no_idea'] as const;
export type MarketingFlow = (typeof MARKETING_FLOWS)[number];

/** A passage an answer used, numbered as the answer cites it ([1], [2]…). */
export const citationSchema = lazySchema(() => z.object({
  index: z.number().int().positive(),
  chunk_id: idSchema,
  file_id: idSchema,
  file_name: z.string(),
  collection_name: z.string(),
  /** Where in the file: "lines 10–42", "'Bảng giá'!A2:D40", "paragraphs 3–7". */
  locator: z.string(),
  excerpt: z.string(),
}));
export type Citation = z.infer<typeof citationSchema>;

export const tokenUsageSchema = lazySchema(() => z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
  /** VND charged for this answer. */
  cost: z.number().int().nonnegative(),
}));
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

export const chatMessageSchema = lazySchema(() => z.object({
  message_id: idSchema,
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  citations: z.array(citationSchema),
  usage: tokenUsageSchema.nullable(),
  /** The answer stopped early (the user pressed stop, or the model failed midway). */
  interrupted: z.boolean(),
  created_at: z.string(),
}));
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = lazySchema(() => z.object({
  conversation_id: idSchema,
  mode: z.enum(CHAT_MODES),
  title: z.string(),
  /** Files the full-documents chat answers from. */
  file_ids: z.array(idSchema),
  created_at: z.string(),
  updated_at: z.string(),
}));
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * What `chatSend` streams as server-sent events (`data: <json>` lines): `start` first, then `delta`s, then
 * `citations` (full-documents mode), then `done` with the usage charged — or `error` at any point.
 */
export const chatStreamEventSchema = lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), conversation_id: idSchema, message_id: idSchema, user_message_id: idSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('citations'), citations: z.array(citationSchema) }),
  z.object({ type: z.literal('done'), usage: tokenUsageSchema }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]));
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

export const passageSchema = lazySchema(() => z.object({
  chunk_id: idSchema,
  file_id: idSchema,
  file_name: z.string(),
  collection_name: z.string(),
  locator: z.string(),
  text: z.string(),
}));
export type Passage = z.infer<typeof passageSchema>;
