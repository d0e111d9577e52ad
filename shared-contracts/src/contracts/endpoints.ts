import { z } from 'zod';
import {
  balanceTransactionSchema,
  botConfigSchema,
  clientSchema,
  collectionFileSchema,
  dashboardCountsSchema,
  balanceSummarySchema,
  CHAT_MODES,
  chatMessageSchema,
  chatStreamEventSchema,
  conversationSchema,
  depositSchema,
  facebookAccountSchema,
  fileRefSchema,
  identityInfoSchema,
  INBOX_REPLY_MAX_CHARS,
  inboxItemSchema,
  inboxThreadSchema,
  identitySchema,
  identityStorySchema,
  MARKETING_FLOWS,
  notificationSchema,
  passageSchema,
  orderSchema,
  ORDER_STATUSES,
  pageActionSchema,
  pageManagerSchema,
  procedureSchema,
  scheduledPostSchema,
  postRepeatSchema,
  postImageSchema,
  POST_LIMITS,
  dashboardDaySchema,
  dashboardPageSchema,
  tokenTransactionSchema,
} from './entities.js';
import { envelope, okSchema } from './envelope.js';
import { TEMPERATURE_OPTIONS } from './constants.js';
import { partnerEndpoints } from './partner.js';

/**
 * Every call of spec §7 as one contract entry: method, path (relative to the API base URL, `{name}` for
 * path parameters), and zod schemas for what goes in and what comes out. The server validates with these and
 * generates its OpenAPI document from them; the client takes its types from them.
 */
export interface EndpointContract {
  method: 'GET' | 'POST';
  path: string;
  /**
   * Who may call it: `public` endpoints need no access token; `user` any signed-in account; `partner` a
   * signed-in account whose role is not `user` (spec §6: every other role gets the partner side).
   */
  auth: 'public' | 'user' | 'partner' | 'refresh-cookie';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodObject;
  /** `multipart/form-data` calls: the text fields (the file part is named `file`). */
  multipart?: z.ZodObject;
  /** `text/event-stream` answers: `response` is the schema of one event. */
  stream?: true;
  response: z.ZodType;
  summary: string;
}

const userIdField = z.string().min(1).max(128);
const idField = z.string().min(1).max(128);
const userIdQuery = z.object({ user_id: userIdField });
const userIdParams = z.object({ userId: userIdField });

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[a-zA-Z0-9._-]+$/);
export const passwordSchema = z.string().min(8).max(128);
export const emailSchema = z.string().trim().toLowerCase().email().max(254);
export const verificationCodeSchema = z.string().regex(/^\d{6}$/);
export const accountTypeSchema = z.enum(['user', 'partner']);

const identityBody = z.object({
  user_id: userIdField,
  name: z.string().trim().min(1).max(200),
  info: identityInfoSchema,
  story: identityStorySchema,
  style_conversation: z.string().max(10_000),
  example_conversation: z.string().max(10_000),
});
const procedureBody = z.object({
  user_id: userIdField,
  name: z.string().trim().min(1).max(200),
  procedure: z.string().trim().min(1).max(10_000),
});
const configBody = z.object({
  user_id: userIdField,
  name: z.string().trim().min(1).max(200),
  procedure_id: idField,
  identity_id: idField,
  role: z.string().max(200),
  target: z.string().max(10_000),
  mission: z.string().max(10_000),
  note: z.string().max(10_000),
});
const pageListBody = z.object({ user_id: userIdField, page_id: idField });
const clientBody = z.object({
  user_id: userIdField,
  id: idField.optional(),
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(32).regex(/^[\d\s+().-]*$/, 'digits, spaces, + ( ) . - only').default(''),
  favoriteColor: z.string().trim().max(200).default(''),
  stylePreference: z.string().trim().max(200).default(''),
  note: z.string().trim().max(2_000).default(''),
  page_id: idField.optional(),
});
const orderBody = z.object({
  user_id: userIdField,
  orderId: idField.optional(),
  productName: z.string().trim().min(1).max(200),
  unitPrice: z.number().int().min(0).max(1_000_000_000),
  quantity: z.number().int().min(1).max(100_000),
  deliveryAddress: z.string().trim().max(1_000).default(''),
  status: z.enum(ORDER_STATUSES).default('new'),
  page_id: idField.optional(),
  client_id: idField.nullable().default(null),
  note: z.string().trim().max(2_000).default(''),
});
const postBody = z
  .object({
    user_id: userIdField,
    idea: z.string().trim().max(POST_LIMITS.ideaMaxChars).default(''),
    content: z.string().trim().min(1).max(POST_LIMITS.contentMaxChars),
    page_ids: z.array(idField).min(1).max(POST_LIMITS.maxPages),
    /** The first post, an ISO instant in the future. */
    time: z.iso.datetime({ offset: true }),
    repeat: postRepeatSchema,
    iterations: z.number().int().min(1).max(POST_LIMITS.maxIterations).nullable().default(null),
    /** Last Vietnam day a repeating post may go out (included). */
    end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().default(null),
    media_ids: z.array(idField).max(POST_LIMITS.maxImages).default([]),
  })
  .refine((post) => post.repeat.kind === 'none' || post.iterations !== null || post.end_date !== null, {
    path: ['iterations'],
    message: 'A repeating post needs a number of posts or an end date',
  });

const TEMPERATURE_VALUES: readonly number[] = TEMPERATURE_OPTIONS.map((option) => option.value);

/** Amount bounds of a deposit, in whole dong. */
export const DEPOSIT_BOUNDS = { min: 10_000, max: 50_000_000 } as const;
/** Amounts the deposit form offers with one click. */
export const DEPOSIT_PRESETS = [50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000] as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
/** Paginated list query: page, page size, newest first unless `order=asc`, optional Vietnam-day range. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** `amount`: the amount (balance, deposits) or the cost (token transactions). */
  sort: z.enum(['date', 'amount']).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** First and last Vietnam calendar day included. */
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
const listOf = <T extends z.ZodType>(item: T) => envelope(z.object({ items: z.array(item), total: z.number().int().nonnegative() }));

export const endpoints = {
  health: {
    method: 'GET', path: 'health', auth: 'public', summary: 'Liveness and database readiness',
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), version: z.string() }),
  },
  dashboardCounts: {
    method: 'GET', path: 'api/v1/facebook/dashboard/count_all_by_userid', auth: 'user', summary: 'Dashboard figures',
    query: userIdQuery, response: envelope(dashboardCountsSchema),
  },
  getCollection: {
    method: 'GET', path: 'api/v1/facebook/get-collection/{userId}', auth: 'user', summary: 'Files and collections',
    params: userIdParams, response: envelope(z.array(collectionFileSchema)),
  },
  verifyEmail: {
    method: 'POST', path: 'verify_email', auth: 'public', summary: 'Send a 6-digit email verification code',
    body: z.object({ user_email: emailSchema }), response: okSchema,
  },
  registerAccount: {
    method: 'POST', path: 'register_account', auth: 'public', summary: 'Create an account',
    body: z.object({
      user_name: usernameSchema,
      user_pass: passwordSchema,
      user_email: emailSchema,
      verification_code: verificationCodeSchema,
      account_type: accountTypeSchema,
    }),
    response: okSchema,
  },
  login: {
    method: 'POST', path: 'login', auth: 'public', summary: 'Sign in; sets the refresh cookie',
    // `remember: false` makes the refresh cookie a browser-session cookie ("remember me" unticked).
    body: z.object({ username: z.string().trim().min(1).max(254), password: z.string().min(1).max(128), remember: z.boolean().default(true) }),
    response: envelope(z.object({ access_token: z.string(), user_features: z.array(z.string()), list_features: z.array(z.string()) })),
  },
  requestPasswordReset: {
    method: 'POST', path: 'request_password_reset', auth: 'public', summary: 'Email a 6-digit password reset code (same answer whether or not the email is known)',
    body: z.object({ user_email: emailSchema }), response: okSchema,
  },
  resetPassword: {
    method: 'POST', path: 'reset_password', auth: 'public', summary: 'Set a new password with the emailed code; ends every session of the account',
    body: z.object({ user_email: emailSchema, verification_code: verificationCodeSchema, new_password: passwordSchema }),
    response: okSchema,
  },
  accountFeatures: {
    method: 'GET', path: 'api/v1/account/features', auth: 'user', summary: 'Features of the signed-in user',
    response: envelope(z.object({ user_features: z.array(z.string()), list_features: z.array(z.string()) })),
  },
  logout: {
    method: 'POST', path: 'logout', auth: 'user', summary: 'End the session server-side',
    response: okSchema,
  },
  refreshToken: {
    method: 'POST', path: 'refresh_token', auth: 'refresh-cookie', summary: 'Rotate the refresh token; new access token',
    response: envelope(z.object({ access_token: z.string() })),
  },
  uploadFile: {
    method: 'POST', path: 'api/v1/documents/upload', auth: 'user', summary: 'Upload a document into a named collection (multipart: file + fields)',
    multipart: z.object({
      user_id: userIdField,
      collection_name: z.string().trim().min(1).max(200),
      /** The document's language, chosen at upload (`auto`: guessed from the text). */
      language: z.enum(['auto', 'vi', 'en']).default('auto'),
    }),
    response: envelope(collectionFileSchema),
  },
  deleteFile: {
    method: 'POST', path: 'api/v1/documents/delete-file', auth: 'user', summary: 'Delete one uploaded file and its passages',
    body: z.object({ user_id: userIdField, file_id: idField }), response: okSchema,
  },
  chatSend: {
    method: 'POST', path: 'api/v1/chat/send', auth: 'user', summary: 'Ask the chatbot; the answer streams as server-sent events',
    body: z.object({
      user_id: userIdField,
      /** Absent: a new conversation. */
      conversation_id: idField.optional(),
      mode: z.enum(CHAT_MODES),
      message: z.string().trim().min(1).max(8_000),
      /** The answer style (spec §9): Exactly 0, Stable 0.5, Flexible 0.7, Creative 1. */
      temperature: z.number().refine((value) => TEMPERATURE_VALUES.includes(value), `one of ${TEMPERATURE_VALUES.join(', ')}`).default(0.5),
      /** Full-documents mode: the files to answer from (a new conversation keeps them). */
      file_ids: z.array(idField).max(50).optional(),
      marketing_flow: z.enum(MARKETING_FLOWS).optional(),
    }),
    stream: true,
    response: chatStreamEventSchema,
  },
  chatConversations: {
    method: 'GET', path: 'api/v1/chat/conversations/{userId}', auth: 'user', summary: 'Conversations of one chat mode, newest first',
    params: userIdParams, query: z.object({ mode: z.enum(CHAT_MODES) }), response: envelope(z.array(conversationSchema)),
  },
  chatConversation: {
    method: 'GET', path: 'api/v1/chat/conversation/{id}', auth: 'user', summary: 'One conversation with its messages',
    params: z.object({ id: idField }), query: userIdQuery,
    response: envelope(z.object({ conversation: conversationSchema, messages: z.array(chatMessageSchema) })),
  },
  deleteConversation: {
    method: 'POST', path: 'api/v1/chat/delete-conversation', auth: 'user', summary: 'Delete a conversation',
    body: z.object({ user_id: userIdField, conversation_id: idField }), response: okSchema,
  },
  chatPassage: {
    method: 'GET', path: 'api/v1/chat/passage/{id}', auth: 'user', summary: 'The full passage a citation points at',
    params: z.object({ id: idField }), query: userIdQuery, response: envelope(passageSchema),
  },
  deleteCollection: {
    method: 'POST', path: 'api/v1/facebook/delete-collection', auth: 'user', summary: 'Delete a collection',
    /** The collection's name (collections are named, up to 200 characters like at upload). */
    body: z.object({ user_id: userIdField, collection_id: z.string().trim().min(1).max(200) }), response: okSchema,
  },
  accessTokenPages: {
    method: 'GET', path: 'api/v1/facebook/page/access-token-pages', auth: 'user', summary: 'Connected accounts and pages',
    response: envelope(z.array(facebookAccountSchema)),
  },
  saveCollectionPage: {
    method: 'POST', path: 'api/v1/facebook/save-collection-page', auth: 'user', summary: 'Attach files to pages',
    body: z.object({ list_page_ids: z.array(idField).min(1), list_collections: z.array(fileRefSchema) }), response: okSchema,
  },
  subscribed: {
    method: 'POST', path: 'api/v1/facebook/subscribed', auth: 'user', summary: 'Subscribe or unsubscribe automatic replies',
    body: z.object({
      user_id: userIdField,
      page_id: idField,
      page_access_token: z.string().max(2_000).optional(),
      type: pageActionSchema,
      action: z.enum(['subscribe', 'unsubscribe']),
    }),
    response: envelope(z.object({ page_id: idField, subscribed: z.array(pageActionSchema) })),
  },
  facebookConnectUrl: {
    method: 'POST', path: 'api/v1/facebook/connect-url', auth: 'user', summary: 'Authorization dialog URL with a state bound to this user (sandbox dialog when no Facebook app is configured)',
    body: z.object({ user_id: userIdField }),
    response: envelope(z.object({ url: z.string().url(), sandbox: z.boolean() })),
  },
  sandboxTestEvent: {
    method: 'POST', path: 'api/v1/sandbox/test-event', auth: 'user', summary: 'Meta sandbox: send a signed test comment or message webhook for one of your sandbox pages',
    body: z.object({ user_id: userIdField, page_id: idField, kind: z.enum(['comment', 'message']), text: z.string().trim().min(1).max(2_000), from_name: z.string().trim().min(1).max(100).default('Khách hàng thử') }),
    response: envelope(z.object({ event_id: z.string(), delivered: z.boolean(), status: z.number().int() })),
  },
  sandboxActivity: {
    method: 'GET', path: 'api/v1/sandbox/activity', auth: 'user', summary: 'Meta sandbox: what the sandbox received for your pages (subscriptions, replies, sends, posts)',
    query: z.object({ user_id: userIdField, page_id: idField.optional() }),
    response: envelope(z.array(z.object({ id: z.string(), page_id: z.string(), kind: z.enum(['subscribed_apps', 'comment_reply', 'private_reply', 'message', 'feed_post', 'photo_post', 'webhook']), summary: z.string(), payload: z.unknown(), created_at: z.string() }))),
  },
  deposit: {
    method: 'POST', path: 'api/v1/deposit', auth: 'user', summary: 'Create a payment to top up the balance',
    body: z.object({ user_id: userIdField, amount: z.number().int().min(DEPOSIT_BOUNDS.min).max(DEPOSIT_BOUNDS.max) }),
    response: envelope(depositSchema),
  },
  paymentStatus: {
    method: 'GET', path: 'api/v1/payment-status/{id}', auth: 'user', summary: 'Status of one payment',
    params: z.object({ id: idField }), query: userIdQuery, response: envelope(depositSchema),
  },
  cancelPayment: {
    method: 'POST', path: 'api/v1/payment-cancel', auth: 'user', summary: 'Cancel a pending payment',
    body: z.object({ user_id: userIdField, payment_id: idField }), response: envelope(depositSchema),
  },
  totalBalance: {
    method: 'GET', path: 'api/v1/total-balance/{userId}', auth: 'user', summary: 'Current balance in VND',
    params: userIdParams, response: envelope(z.object({ total_balance: z.number().int().nonnegative() })),
  },
  balanceSummary: {
    method: 'GET', path: 'api/v1/balance-summary/{userId}', auth: 'user', summary: 'Balance overview: month totals and daily spend and deposits',
    params: userIdParams, query: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
    response: envelope(balanceSummarySchema),
  },
  depositHistory: {
    method: 'GET', path: 'api/v1/deposit-history/{userId}', auth: 'user', summary: 'Deposits of the user, paginated',
    params: userIdParams, query: listQuerySchema, response: listOf(depositSchema),
  },
  balanceTransactions: {
    method: 'GET', path: 'api/v1/balance-transactions/{userId}', auth: 'user', summary: 'Balance transactions, paginated',
    params: userIdParams, query: listQuerySchema, response: listOf(balanceTransactionSchema),
  },
  tokenTransactions: {
    method: 'GET', path: 'api/v1/token-transactions/{userId}', auth: 'user', summary: 'Token-usage transactions, paginated',
    params: userIdParams, query: listQuerySchema, response: listOf(tokenTransactionSchema),
  },
  notifications: {
    method: 'GET', path: 'api/v1/notifications/{userId}', auth: 'user', summary: 'Undismissed notifications, newest first',
    params: userIdParams, response: envelope(z.object({ items: z.array(notificationSchema) })),
  },
  dismissNotifications: {
    method: 'POST', path: 'api/v1/notifications/dismiss', auth: 'user', summary: 'Dismiss notifications',
    body: z.object({ user_id: userIdField, ids: z.array(idField).min(1).max(100) }), response: okSchema,
  },
  updateManager: {
    method: 'POST', path: 'api/v1/facebook/page/update-manager', auth: 'user', summary: 'Create or update a page manager',
    body: pageManagerSchema.omit({ manager_id: true }).extend({ user_id: userIdField, manager_id: idField.optional() }),
    response: envelope(pageManagerSchema),
  },
  deleteManager: {
    method: 'POST', path: 'api/v1/facebook/page/delete-manager', auth: 'user', summary: 'Delete a page manager',
    body: z.object({ user_id: userIdField, manager_id: idField }), response: okSchema,
  },
  getManager: {
    method: 'POST', path: 'api/v1/facebook/page/get-manager', auth: 'user', summary: 'Page managers of the given pages',
    body: z.object({ user_id: userIdField, page_data: z.array(z.object({ page_id: idField, page_name: z.string().max(200) })) }),
    response: envelope(z.array(pageManagerSchema)),
  },
  createIdentity: {
    method: 'POST', path: 'api/v1/facebook/config/create-identity', auth: 'user', summary: 'Create an identity',
    body: identityBody, response: envelope(identitySchema),
  },
  updateIdentity: {
    method: 'POST', path: 'api/v1/facebook/config/update-identity', auth: 'user', summary: 'Update an identity',
    body: identityBody.extend({ identity_id: idField }), response: envelope(identitySchema),
  },
  deleteIdentity: {
    method: 'POST', path: 'api/v1/facebook/config/delete-identity', auth: 'user', summary: 'Delete an identity',
    body: z.object({ user_id: userIdField, identity_id: idField }), response: okSchema,
  },
  getIdentity: {
    method: 'GET', path: 'api/v1/facebook/config/get-identity', auth: 'user', summary: 'Identities of the user',
    query: userIdQuery, response: envelope(z.array(identitySchema)),
  },
  createProcedure: {
    method: 'POST', path: 'api/v1/facebook/config/create-procedure', auth: 'user', summary: 'Create a procedure',
    body: procedureBody, response: envelope(procedureSchema),
  },
  updateProcedure: {
    method: 'POST', path: 'api/v1/facebook/config/update-procedure', auth: 'user', summary: 'Update a procedure',
    body: procedureBody.extend({ procedure_id: idField }), response: envelope(procedureSchema),
  },
  deleteProcedure: {
    method: 'POST', path: 'api/v1/facebook/config/delete-procedure', auth: 'user', summary: 'Delete a procedure',
    body: z.object({ user_id: userIdField, procedure_id: idField }), response: okSchema,
  },
  getProcedure: {
    method: 'GET', path: 'api/v1/facebook/config/get-procedure', auth: 'user', summary: 'Procedures of the user',
    query: userIdQuery, response: envelope(z.array(procedureSchema)),
  },
  createConfig: {
    method: 'POST', path: 'api/v1/facebook/config/create', auth: 'user', summary: 'Create a bot config',
    body: configBody, response: envelope(botConfigSchema),
  },
  updateConfig: {
    method: 'POST', path: 'api/v1/facebook/config/update', auth: 'user', summary: 'Update a bot config',
    body: configBody.extend({ total_id: idField }), response: envelope(botConfigSchema),
  },
  deleteConfig: {
    method: 'POST', path: 'api/v1/facebook/config/delete', auth: 'user', summary: 'Delete a bot config',
    body: z.object({ user_id: userIdField, total_id: idField }), response: okSchema,
  },
  getConfig: {
    method: 'GET', path: 'api/v1/facebook/config/get', auth: 'user', summary: 'Bot configs of the user',
    query: userIdQuery, response: envelope(z.array(botConfigSchema)),
  },
  getPosts: {
    method: 'POST', path: 'api/v1/facebook/get-posts', auth: 'user', summary: 'Scheduled, published and failed posts of a page (next first, then newest)',
    body: pageListBody, response: envelope(z.array(scheduledPostSchema)),
  },
  createPost: {
    method: 'POST', path: 'api/v1/facebook/post/create', auth: 'user', summary: 'Schedule a post (add mode): content, pages, time, repeat, images',
    body: postBody, response: envelope(z.array(scheduledPostSchema)),
  },
  updatePost: {
    method: 'POST', path: 'api/v1/facebook/post/update', auth: 'user', summary: 'Change a scheduled post (update mode): its posts not yet published are planned again',
    body: postBody.extend({ post_id: idField }), response: envelope(z.array(scheduledPostSchema)),
  },
  deletePost: {
    method: 'POST', path: 'api/v1/facebook/post/delete', auth: 'user', summary: 'Cancel a scheduled post: nothing more is published (published posts stay on Facebook)',
    body: z.object({ user_id: userIdField, post_id: idField }), response: okSchema,
  },
  draftPost: {
    method: 'POST', path: 'api/v1/facebook/post/draft', auth: 'user', summary: "The AI drafts a post from the customer's idea (charged to the balance)",
    body: z.object({ user_id: userIdField, idea: z.string().trim().min(1).max(POST_LIMITS.ideaMaxChars), page_id: idField.optional() }),
    response: envelope(z.object({ content: z.string(), usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int(), cost: z.number().int() }) })),
  },
  uploadPostImage: {
    method: 'POST', path: 'api/v1/facebook/post/image', auth: 'user', summary: 'Upload an image for posts (JPEG, PNG, WebP or GIF, ≤ 10 MB)',
    multipart: z.object({ user_id: userIdField }), response: envelope(postImageSchema),
  },
  dashboardSeries: {
    method: 'GET', path: 'api/v1/facebook/dashboard/series', auth: 'user', summary: 'Dashboard figures per Vietnam day and per page over the last days',
    query: z.object({ user_id: userIdField, days: z.coerce.number().int().min(7).max(365).default(30), page_id: idField.optional() }),
    response: envelope(z.object({ days: z.array(dashboardDaySchema), pages: z.array(dashboardPageSchema) })),
  },
  getMessages: {
    method: 'POST', path: 'api/v1/facebook/get-messages', auth: 'user', summary: 'Messenger conversations of a page, newest first',
    body: pageListBody, response: envelope(z.array(inboxThreadSchema)),
  },
  getComments: {
    method: 'POST', path: 'api/v1/facebook/get-comments', auth: 'user', summary: 'Comment threads of a page, newest first',
    body: pageListBody, response: envelope(z.array(inboxThreadSchema)),
  },
  inboxThread: {
    method: 'GET', path: 'api/v1/facebook/thread/{id}', auth: 'user', summary: 'One comment or Messenger thread with its items, oldest first; marks it read',
    params: z.object({ id: idField }), query: userIdQuery,
    response: envelope(z.object({ thread: inboxThreadSchema, items: z.array(inboxItemSchema) })),
  },
  inboxReply: {
    method: 'POST', path: 'api/v1/facebook/thread/reply', auth: 'user', summary: 'Answer a thread as the page (a person): sent to Facebook, pauses the bot on the thread',
    body: z.object({ user_id: userIdField, thread_id: idField, text: z.string().trim().min(1).max(INBOX_REPLY_MAX_CHARS) }),
    response: envelope(z.object({ thread: inboxThreadSchema, item: inboxItemSchema })),
  },
  inboxBot: {
    method: 'POST', path: 'api/v1/facebook/thread/bot', auth: 'user', summary: 'Pause (until resumed) or resume the bot on one thread',
    body: z.object({ user_id: userIdField, thread_id: idField, paused: z.boolean() }),
    response: envelope(inboxThreadSchema),
  },
  getClients: {
    method: 'GET', path: 'api/v1/facebook/get-clients', auth: 'user', summary: 'Clients of the user',
    response: envelope(z.array(clientSchema)),
  },
  getOrders: {
    method: 'GET', path: 'api/v1/facebook/get-orders', auth: 'user', summary: 'Orders, optionally of one page, newest first',
    query: z.object({ user_id: userIdField, page_id: idField.optional() }), response: envelope(z.array(orderSchema)),
  },
  saveClient: {
    method: 'POST', path: 'api/v1/facebook/client/save', auth: 'user', summary: 'Create (without id) or edit a client',
    body: clientBody, response: envelope(clientSchema),
  },
  deleteClient: {
    method: 'POST', path: 'api/v1/facebook/client/delete', auth: 'user', summary: 'Delete a client (their orders stay, without the link)',
    body: z.object({ user_id: userIdField, id: idField }), response: okSchema,
  },
  clientFromThread: {
    method: 'POST', path: 'api/v1/facebook/client/from-thread', auth: 'user', summary: "The client of a conversation, created from it the first time",
    body: z.object({ user_id: userIdField, thread_id: idField }), response: envelope(clientSchema),
  },
  clientDetail: {
    method: 'GET', path: 'api/v1/facebook/client/{id}', auth: 'user', summary: "A client with their conversations and orders (the client detail modal)",
    params: z.object({ id: idField }), query: userIdQuery,
    response: envelope(z.object({ client: clientSchema, conversations: z.array(inboxThreadSchema), orders: z.array(orderSchema) })),
  },
  saveOrder: {
    method: 'POST', path: 'api/v1/facebook/order/save', auth: 'user', summary: 'Enter an order by hand (without orderId) or edit one; status moves only forward (or to cancelled)',
    body: orderBody, response: envelope(orderSchema),
  },
  ...partnerEndpoints,
} as const satisfies Record<string, EndpointContract>;

export type EndpointName = keyof typeof endpoints;

/** Fills `{name}` placeholders of an endpoint path: `endpointPath('totalBalance', { userId: '7' })`. */
export function endpointPath(name: EndpointName, params: Record<string, string> = {}): string {
  return endpoints[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${name}`);
    return encodeURIComponent(value);
  });
}

type Schema<T> = T extends z.ZodType ? z.infer<T> : never;
export type EndpointBody<N extends EndpointName> = (typeof endpoints)[N] extends { body: infer B } ? Schema<B> : never;
export type EndpointQuery<N extends EndpointName> = (typeof endpoints)[N] extends { query: infer Q } ? Schema<Q> : never;
export type EndpointResponse<N extends EndpointName> = Schema<(typeof endpoints)[N]['response']>;
