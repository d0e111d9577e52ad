import { z } from 'zod';

/**
 * Entities of docs/product.md §3. Field names are the API's (snake_case where the API uses it,
 * camelCase where the product names them so) so the UI and the server read the same shapes.
 */

export const roleSchema = z.string().min(1).max(32);
export type Role = z.infer<typeof roleSchema>;
export const KNOWN_ROLES = ['user', 'partner', 'admin'] as const;

/** Session user, decoded from the access token. */
export const sessionUserSchema = z.object({
  username: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  partnerId: z.string().nullable(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Claims of the access token: the session user plus the standard JWT times. */
export const accessTokenClaimsSchema = sessionUserSchema.extend({ exp: z.number().optional(), iat: z.number().optional() });
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

const idSchema = z.string().min(1).max(128);
const shortText = z.string().trim().max(200);
const longText = z.string().trim().max(10_000);

/** Automatic-reply event types of a page (docs/product.md §4): `comments` ↔ Meta field `feed`, `messages` ↔ `messages`. */
export const pageActionSchema = z.enum(['messages', 'comments']);
export type PageAction = z.infer<typeof pageActionSchema>;

/**
 * Where a page's conversations happen: the Facebook page itself, or the Instagram professional account linked
 * to it (same page token, same webhook endpoint, same bot).
 */
export const CHANNELS = ['facebook', 'instagram'] as const;
export const channelSchema = z.enum(CHANNELS);
export type Channel = z.infer<typeof channelSchema>;

/** The Instagram professional account linked to a page, and what the bot answers on it. */
export const instagramAccountSchema = z.object({
  ig_user_id: idSchema,
  username: z.string(),
  picture_url: z.string().nullable(),
  /** Instagram event types the bot answers (comments on the account's media, Direct messages). */
  subscribed: z.array(pageActionSchema).default([]),
});
export type InstagramAccount = z.infer<typeof instagramAccountSchema>;

export const facebookPageSchema = z.object({
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
});
export type FacebookPage = z.infer<typeof facebookPageSchema>;

export const facebookAccountSchema = z.object({
  name_fb: z.string(),
  id_user_fb: idSchema,
  /** Masked like page tokens. */
  access_token_user: z.string(),
  page_data: z.array(facebookPageSchema),
  /** True when the account came from the built-in Meta sandbox (labelled in the UI). */
  sandbox: z.boolean().default(false),
  /** The person allowed PageMate on the linked Instagram accounts (comments, Direct messages, posts). */
  instagram_allowed: z.boolean().default(false),
});
export type FacebookAccount = z.infer<typeof facebookAccountSchema>;

export const fileRefSchema = z.object({ collection_name: shortText.min(1), file_name: shortText.min(1) });
export type FileRef = z.infer<typeof fileRefSchema>;

export const collectionFileSchema = fileRefSchema.extend({
  file_id: idSchema.optional(),
  language: z.string().optional(),
  size_bytes: z.number().int().nonnegative().optional(),
  category: z.string().optional(),
  date_modified: z.string().optional(),
  index_status: z.enum(['queued', 'indexing', 'ready', 'failed']).optional(),
  index_error: z.string().optional(),
  /** Searchable passages once indexed. */
  chunk_count: z.number().int().nonnegative().optional(),
});
export type CollectionFile = z.infer<typeof collectionFileSchema>;

export const identityInfoSchema = z.object({
  name: shortText.optional().default(''),
  gender: shortText.optional().default(''),
  birth_year: shortText.optional().default(''),
  hometown: shortText.optional().default(''),
  current_address: shortText.optional().default(''),
});
export const identityStorySchema = z.object({
  childhood: longText.optional().default(''),
  schools: longText.optional().default(''),
  university: longText.optional().default(''),
  current_job: longText.optional().default(''),
});
export const identitySchema = z.object({
  identity_id: idSchema,
  name: shortText.min(1),
  info: identityInfoSchema,
  story: identityStorySchema,
  style_conversation: longText,
  example_conversation: longText,
});
export type Identity = z.infer<typeof identitySchema>;

export const procedureSchema = z.object({
  procedure_id: idSchema,
  name: shortText.min(1),
  procedure: longText.min(1),
});
export type Procedure = z.infer<typeof procedureSchema>;

export const botConfigSchema = z.object({
  total_id: idSchema,
  name: shortText.min(1),
  procedure_id: idSchema,
  identity_id: idSchema,
  role: shortText,
  target: longText,
  mission: longText,
  note: longText,
});
export type BotConfig = z.infer<typeof botConfigSchema>;

export const pageManagerSchema = z.object({
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
});
export type PageManager = z.infer<typeof pageManagerSchema>;

/** A customer of the user's pages: created from a conversation (by the bot or by hand) or entered by hand. */
export const clientSchema = z.object({
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
});
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
export const orderSchema = z.object({
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
});
export type Order = z.infer<typeof orderSchema>;

/** Days of the week a post repeats on, Monday first; dates are Vietnam (UTC+7) dates whatever the server's zone. */
export const REPEAT_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type RepeatDay = (typeof REPEAT_DAYS)[number];
export const REPEAT_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
/** Limits of a post's schedule: how far ahead, how often, how many times. */
export const POST_LIMITS = { maxIterations: 500, maxHorizonDays: 730, maxEvery: 365, contentMaxChars: 5_000, ideaMaxChars: 2_000, maxImages: 10, maxPages: 20, imageMaxBytes: 10 * 1024 * 1024, imageQuotaDays: 30 } as const;
/**
 * How a post repeats: not at all; on some days of the week at the first post's time of day; or every N hours /
 * days / weeks / months (a month later on the same day, the month's last day when it is shorter). A repeating
 * post stops after `iterations` posts or after `end_date` (a Vietnam day, included), whichever comes first.
 */
export const postRepeatSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('days'), days: z.array(z.enum(REPEAT_DAYS)).min(1).max(7) }),
  z.object({ kind: z.literal('custom'), every: z.number().int().min(1).max(POST_LIMITS.maxEvery), unit: z.enum(REPEAT_UNITS) }),
]);
export type PostRepeat = z.infer<typeof postRepeatSchema>;
export const POST_RUN_STATUSES = ['scheduled', 'publishing', 'published', 'failed', 'cancelled'] as const;
export type PostRunStatus = (typeof POST_RUN_STATUSES)[number];
/**
 * Why a post was not published, for the screen to say in the user's language: `missed` — the server was down at
 * its time; `page_gone` — the page is no longer connected; `reconnect` — Meta refused the page's token or a
 * permission; `meta_refused` / `meta_unavailable` — Meta refused the post / kept failing (its own words in
 * `error`); `instagram_*` — the linked account's rules: publishing limit used up, no image, no linked account,
 * an image Instagram could not process, processing not finished in time.
 */
export const POST_FAILURES = [
  'missed',
  'page_gone',
  'reconnect',
  'meta_refused',
  'meta_unavailable',
  'instagram_quota',
  'instagram_no_image',
  'instagram_not_linked',
  'instagram_image_failed',
  'instagram_timeout',
] as const;
export type PostFailure = (typeof POST_FAILURES)[number];
/** An image uploaded for posts: served to Facebook (and the browser) from `url`. */
export const postImageSchema = z.object({ media_id: idSchema, url: z.string(), file_name: z.string(), size_bytes: z.number().int().nonnegative() });
export type PostImage = z.infer<typeof postImageSchema>;
/** One post of a page at one time: a scheduled post's occurrence (`seq` counts them from 1). */
export const scheduledPostSchema = z.object({
  post_id: idSchema,
  run_id: idSchema,
  page_id: idSchema,
  /** Where this occurrence goes: the page's feed, or its linked Instagram account. */
  channel: z.enum(CHANNELS).default('facebook'),
  /** Every channel the post goes to on each page. */
  channels: z.array(z.enum(CHANNELS)).default(['facebook']),
  seq: z.number().int().positive(),
  idea: z.string(),
  content: z.string(),
  /** Every page the post goes to. */
  page_ids: z.array(idSchema),
  /** When this occurrence posts (ISO instant). */
  time: z.string(),
  /** The schedule's first post (ISO instant): an update keeping it keeps the schedule going as it was. */
  first_time: z.string(),
  repeat: postRepeatSchema,
  iterations: z.number().int().positive().nullable(),
  end_date: z.string().nullable(),
  images: z.array(postImageSchema),
  status: z.enum(POST_RUN_STATUSES),
  /** Published: the Facebook post id (and its address outside the sandbox). */
  facebook_post_id: z.string().nullable(),
  facebook_url: z.string().nullable(),
  /** Failed: why (null on runs that failed before reasons were kept), and the details — Meta's own words. */
  error_code: z.enum(POST_FAILURES).nullable(),
  error: z.string().nullable(),
});
export type ScheduledPost = z.infer<typeof scheduledPostSchema>;

/** Where a page conversation comes from: comments under the page's posts, or Messenger. */
export const INBOX_KINDS = ['comment', 'message'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
/** Who wrote an item of a thread: the page's customer, the bot, or a person answering for the page. */
export const INBOX_AUTHORS = ['customer', 'bot', 'human'] as const;
export type InboxAuthor = (typeof INBOX_AUTHORS)[number];
/**
 * A thread at a glance: `waiting` — the customer's last word is not answered yet (the bot is on it);
 * `bot` / `human` — last answered by the bot / by a person; `attention` — the bot could not answer (paused,
 * no funds, failure…) and nobody has since: a person should look.
 */
export const THREAD_STATES = ['waiting', 'bot', 'human', 'attention'] as const;
export type ThreadState = (typeof THREAD_STATES)[number];
/** What became of a customer's item: the bot's reply is coming, was sent, was not attempted, or failed. */
export const REPLY_STATUSES = ['pending', 'replied', 'skipped', 'failed'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];
/**
 * Why the bot did not answer an item (the UI words each): the page's Auto toggle is off or the event type is
 * not subscribed; the thread is paused (by the user or because a person answered); the balance or a daily cap
 * refused the charge; Messenger's 24-hour window closed; the page must be reconnected; nothing to answer
 * (a sticker or photo without text); the AI model or the send failed after every retry.
 */
export const REPLY_REASONS = ['bot_off', 'paused', 'no_funds', 'daily_cap', 'window_closed', 'needs_reconnect', 'no_text', 'model_failed', 'send_failed'] as const;
export type ReplyReason = (typeof REPLY_REASONS)[number];
/** Delivery of an answer (bot or person) to Facebook. */
export const DELIVERY_STATES = ['generating', 'sending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** Longest answer a person may send from the managers (Messenger's text limit is below 2,000 characters). */
export const INBOX_REPLY_MAX_CHARS = 1_999;

/** One conversation of a page: a comment with the answers under it, or a Messenger conversation with one person. */
export const inboxThreadSchema = z.object({
  thread_id: idSchema,
  page_id: idSchema,
  kind: z.enum(INBOX_KINDS),
  /** Facebook (the page's posts, Messenger) or Instagram (the linked account's media, Direct). */
  channel: channelSchema.default('facebook'),
  /** The commenter's / sender's id at Facebook (a PSID for Messenger). */
  customer_id: z.string(),
  customer_name: z.string(),
  /** Comment threads: the post commented on, and its address on Facebook (null in the Meta sandbox). */
  post_id: z.string().nullable(),
  post_url: z.string().nullable(),
  last_text: z.string(),
  last_author: z.enum(INBOX_AUTHORS),
  last_at: z.string(),
  /** Customer items since the user last opened the thread. */
  unread: z.number().int().nonnegative(),
  state: z.enum(THREAD_STATES),
  /** The bot does not answer this thread now: paused by the user (until resumed) or because a person answered (until `bot_paused_until`). */
  bot_paused: z.boolean(),
  bot_pause_reason: z.enum(['manual', 'handoff']).nullable(),
  bot_paused_until: z.string().nullable(),
});
export type InboxThread = z.infer<typeof inboxThreadSchema>;

/** One item of a thread, oldest first in a thread's detail. */
export const inboxItemSchema = z.object({
  item_id: idSchema,
  author: z.enum(INBOX_AUTHORS),
  text: z.string(),
  created_at: z.string(),
  /** Customer items: the bot's answer to it, and why not when it did not answer. */
  reply_status: z.enum(REPLY_STATUSES).nullable(),
  reason: z.enum(REPLY_REASONS).nullable(),
  /** Bot and person items: whether it reached Facebook. */
  delivery: z.enum(DELIVERY_STATES).nullable(),
  /** Bot items: what the answer cost, VND. */
  cost: z.number().int().nonnegative().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const tokenTransactionSchema = z.object({
  completionTokens: z.number().int().nonnegative(),
  promptTokens: z.number().int().nonnegative(),
  totalToken: z.number().int().nonnegative(),
  totalCost: z.number().int().nonnegative(),
  time: z.string(),
  message: z.string(),
});
export type TokenTransaction = z.infer<typeof tokenTransactionSchema>;

export const BALANCE_TRANSACTION_TYPES = ['deposit', 'token_charge', 'refund', 'adjustment'] as const;
export const balanceTransactionSchema = z.object({
  amount: z.number().int(),
  transactionType: z.enum(BALANCE_TRANSACTION_TYPES),
  dateModified: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'cancelled']),
  note: z.string(),
});
export type BalanceTransaction = z.infer<typeof balanceTransactionSchema>;

export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** `sandbox`: the built-in checkout (the default); `payos`: VietQR through PayOS. */
export const PAYMENT_PROVIDERS = ['sandbox', 'payos'] as const;
export const depositSchema = z.object({
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
});
export type Deposit = z.infer<typeof depositSchema>;

export const temperatureOptionSchema = z.object({ label: z.string(), value: z.number().min(0).max(1), description: z.string() });
export type TemperatureOption = z.infer<typeof temperatureOptionSchema>;

export const dropdownItemSchema = z.object({
  icon: z.string(),
  label: z.string(),
  href: z.string(),
  badge: z.object({ text: z.string(), color: z.string(), bgColor: z.string() }).optional(),
});
export type DropdownItem = z.infer<typeof dropdownItemSchema>;

export const dashboardCountsSchema = z.object({
  pages: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  bot_replies: z.number().int().nonnegative(),
  orders: z.number().int().nonnegative(),
  clients: z.number().int().nonnegative(),
  spend: z.number().int().nonnegative(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

/** One Vietnam day of the dashboard's charts. */
export const dashboardDaySchema = z.object({
  date: z.string(),
  comments: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  bot_replies: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
  spend: z.number().int().nonnegative(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;
/** The dashboard's figures per page over the same days. */
export const dashboardPageSchema = z.object({
  page_id: idSchema,
  page_name: z.string(),
  comments: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  bot_replies: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
  spend: z.number().int().nonnegative(),
});
export type DashboardPage = z.infer<typeof dashboardPageSchema>;

/** Server notifications; the client words each kind in the user's language from `params`. */
export const NOTIFICATION_KINDS = ['welcome', 'low_balance', 'ai_paused_no_funds', 'deposit_paid', 'page_reconnect'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationSchema = z.object({
  id: idSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  /** Values the message names, e.g. `{ balance: 8000, threshold: 20000 }` (amounts in VND). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** One Vietnam calendar day of the balance overview chart. */
export const dailyMoneySchema = z.object({
  /** YYYY-MM-DD in Vietnam time. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** AI charges settled that day, VND (positive). */
  spend: z.number().int().nonnegative(),
  /** Deposits credited that day, VND. */
  deposits: z.number().int().nonnegative(),
});
export type DailyMoney = z.infer<typeof dailyMoneySchema>;

export const balanceSummarySchema = z.object({
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
});
export type BalanceSummary = z.infer<typeof balanceSummarySchema>;

/** Chat modes of docs/product.md §1: basic, full documents (answers from chosen files, with citations), marketing articles. */
export const CHAT_MODES = ['basic', 'fulldocs', 'marketing'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
/** The marketing chat's two starts: "I have an idea" → an SEO article; "I have no idea" → ideas first. */
export const MARKETING_FLOWS = ['idea', 'no_idea'] as const;
export type MarketingFlow = (typeof MARKETING_FLOWS)[number];

/** A passage an answer used, numbered as the answer cites it ([1], [2]…). */
export const citationSchema = z.object({
  index: z.number().int().positive(),
  chunk_id: idSchema,
  file_id: idSchema,
  file_name: z.string(),
  collection_name: z.string(),
  /** Where in the file: "lines 10–42", "'Bảng giá'!A2:D40", "paragraphs 3–7". */
  locator: z.string(),
  excerpt: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const tokenUsageSchema = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
  /** VND charged for this answer. */
  cost: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

export const chatMessageSchema = z.object({
  message_id: idSchema,
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  citations: z.array(citationSchema),
  usage: tokenUsageSchema.nullable(),
  /** The answer stopped early (the user pressed stop, or the model failed midway). */
  interrupted: z.boolean(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  conversation_id: idSchema,
  mode: z.enum(CHAT_MODES),
  title: z.string(),
  /** Files the full-documents chat answers from. */
  file_ids: z.array(idSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * What `chatSend` streams as server-sent events (`data: <json>` lines): `start` first, then `delta`s, then
 * `citations` (full-documents mode), then `done` with the usage charged — or `error` at any point.
 */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), conversation_id: idSchema, message_id: idSchema, user_message_id: idSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('citations'), citations: z.array(citationSchema) }),
  z.object({ type: z.literal('done'), usage: tokenUsageSchema }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

export const passageSchema = z.object({
  chunk_id: idSchema,
  file_id: idSchema,
  file_name: z.string(),
  collection_name: z.string(),
  locator: z.string(),
  text: z.string(),
});
export type Passage = z.infer<typeof passageSchema>;
