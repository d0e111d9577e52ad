import { type z } from 'zod';
import { accountEndpoints } from './endpoints/accounts.js';
import { balanceEndpoints } from './endpoints/balance.js';
import { botEndpoints } from './endpoints/bot.js';
import { chatEndpoints } from './endpoints/chat.js';
import { crmEndpoints } from './endpoints/crm.js';
import { dashboardEndpoints } from './endpoints/dashboard.js';
import { documentEndpoints } from './endpoints/documents.js';
import { facebookEndpoints } from './endpoints/facebook.js';
import { inboxEndpoints } from './endpoints/inbox.js';
import { notificationEndpoints } from './endpoints/notifications.js';
import { postEndpoints } from './endpoints/posts.js';
import { sandboxEndpoints } from './endpoints/sandbox.js';
import { systemEndpoints } from './endpoints/system.js';
import { mergeLazyTables } from './lazy-table.js';
import { partnerEndpoints } from './partner.js';

export { accountTypeSchema, emailSchema, passwordSchema, usernameSchema, verificationCodeSchema } from './endpoints/accounts.js';
export { DEPOSIT_BOUNDS, DEPOSIT_PRESETS } from './endpoints/balance.js';
export { listQuerySchema, type ListQuery } from './endpoints/common.js';

/**
 * Every call of docs/product.md §7 as one contract entry: method, path (relative to the API base URL, `{name}` for
 * path parameters), and zod schemas for what goes in and what comes out. The server validates with these and
 * generates its OpenAPI document from them; the client takes its types from them.
 */
export interface EndpointContract {
  method: 'GET' | 'POST';
  path: string;
  /**
   * Who may call it: `public` endpoints need no access token; `user` any signed-in account; `partner` a
   * signed-in account whose role is not `user` (docs/product.md §6: every other role gets the partner side).
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

/**
 * The table of every endpoint, assembled from the areas of `endpoints/` (and `partner.ts`); its order is the
 * order of the OpenAPI document and of the contract sweep. Each entry's schemas are built when it is first read
 * (lazy-table.ts).
 */
type EndpointTable = typeof systemEndpoints &
  typeof accountEndpoints &
  typeof dashboardEndpoints &
  typeof documentEndpoints &
  typeof chatEndpoints &
  typeof facebookEndpoints &
  typeof sandboxEndpoints &
  typeof balanceEndpoints &
  typeof notificationEndpoints &
  typeof botEndpoints &
  typeof postEndpoints &
  typeof inboxEndpoints &
  typeof crmEndpoints &
  typeof partnerEndpoints;

export const endpoints = mergeLazyTables<EndpointTable>(
  systemEndpoints,
  accountEndpoints,
  dashboardEndpoints,
  documentEndpoints,
  chatEndpoints,
  facebookEndpoints,
  sandboxEndpoints,
  balanceEndpoints,
  notificationEndpoints,
  botEndpoints,
  postEndpoints,
  inboxEndpoints,
  crmEndpoints,
  partnerEndpoints,
);

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
