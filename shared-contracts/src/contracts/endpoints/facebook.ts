import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries } from '../lazy-table.js';
import { channelSchema, facebookAccountSchema, fileRefSchema, pageActionSchema, pageManagerSchema } from '../entities.js';
import { envelope, okSchema } from '../envelope.js';
import { idField, userIdField, uuidField } from './common.js';

/** Connected Facebook accounts and pages: connecting, their files, automatic replies, and page managers. */
export const facebookEndpoints = lazyEntries({
  accessTokenPages: () => ({
    method: 'GET', path: 'api/v1/facebook/page/access-token-pages', auth: 'user', summary: 'Connected accounts and pages',
    response: envelope(z.array(facebookAccountSchema)),
  }) as const satisfies EndpointContract,
  saveCollectionPage: () => ({
    method: 'POST', path: 'api/v1/facebook/save-collection-page', auth: 'user', summary: 'Attach files to pages',
    body: z.object({ list_page_ids: z.array(idField).min(1), list_collections: z.array(fileRefSchema) }), response: okSchema,
  }) as const satisfies EndpointContract,
  subscribed: () => ({
    method: 'POST', path: 'api/v1/facebook/subscribed', auth: 'user', summary: 'Subscribe or unsubscribe automatic replies',
    body: z.object({
      user_id: userIdField,
      page_id: idField,
      page_access_token: z.string().max(2_000).optional(),
      type: pageActionSchema,
      action: z.enum(['subscribe', 'unsubscribe']),
      /** `instagram`: the event type on the page's linked Instagram account. */
      channel: channelSchema.default('facebook'),
    }),
    response: envelope(z.object({ page_id: idField, channel: channelSchema, subscribed: z.array(pageActionSchema) })),
  }) as const satisfies EndpointContract,
  facebookConnectUrl: () => ({
    method: 'POST', path: 'api/v1/facebook/connect-url', auth: 'user', summary: 'Authorization dialog URL with a state bound to this user (sandbox dialog when no Facebook app is configured)',
    body: z.object({
      user_id: userIdField,
      /** Also ask the Instagram permissions: the user allows PageMate to answer a linked Instagram account. */
      instagram: z.boolean().default(false),
    }),
    response: envelope(z.object({ url: z.string().url(), sandbox: z.boolean() })),
  }) as const satisfies EndpointContract,
  facebookConnectComplete: () => ({
    method: 'POST', path: 'api/v1/facebook/connect-complete', auth: 'user',
    summary: 'Finish a connection: the code and state the connect popup handed to the page manager; the state must be one this user asked for',
    body: z.object({ user_id: userIdField, code: z.string().min(1).max(4_000), state: z.string().min(1).max(512) }),
    response: envelope(z.object({ name_fb: z.string(), pages: z.number().int().nonnegative(), access_token: z.string() })),
  }) as const satisfies EndpointContract,
  updateManager: () => ({
    method: 'POST', path: 'api/v1/facebook/page/update-manager', auth: 'user', summary: 'Create or update a page manager',
    body: pageManagerSchema.omit({ manager_id: true }).extend({ user_id: userIdField, manager_id: uuidField.optional(), config_id: uuidField.nullable() }),
    response: envelope(pageManagerSchema),
  }) as const satisfies EndpointContract,
  deleteManager: () => ({
    method: 'POST', path: 'api/v1/facebook/page/delete-manager', auth: 'user', summary: 'Delete a page manager',
    body: z.object({ user_id: userIdField, manager_id: uuidField }), response: okSchema,
  }) as const satisfies EndpointContract,
  getManager: () => ({
    method: 'POST', path: 'api/v1/facebook/page/get-manager', auth: 'user', summary: 'Page managers of the given pages',
    body: z.object({ user_id: userIdField, page_data: z.array(z.object({ page_id: idField, page_name: z.string().max(200) })) }),
    response: envelope(z.array(pageManagerSchema)),
  }) as const satisfies EndpointContract,
});
