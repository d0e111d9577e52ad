import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries } from '../lazy-table.js';
import { envelope } from '../envelope.js';
import { idField, userIdField } from './common.js';

/** The Meta sandbox: test webhooks for sandbox pages, and what the sandbox received. */
export const sandboxEndpoints = lazyEntries({
  sandboxTestEvent: () => ({
    method: 'POST', path: 'api/v1/sandbox/test-event', auth: 'user', summary: 'Meta sandbox: send a signed test comment or message webhook for one of your sandbox pages',
    body: z.object({ user_id: userIdField, page_id: idField, kind: z.enum(['comment', 'message']), text: z.string().trim().min(1).max(2_000), from_name: z.string().trim().min(1).max(100).default('Khách hàng thử'), channel: z.enum(['facebook', 'instagram']).default('facebook') }),
    response: envelope(z.object({ event_id: z.string(), delivered: z.boolean(), status: z.number().int() })),
  }) as const satisfies EndpointContract,
  sandboxActivity: () => ({
    method: 'GET', path: 'api/v1/sandbox/activity', auth: 'user', summary: 'Meta sandbox: what the sandbox received for your pages (subscriptions, replies, sends, posts)',
    query: z.object({ user_id: userIdField, page_id: idField.optional() }),
    response: envelope(z.array(z.object({ id: z.string(), page_id: z.string(), kind: z.enum(['subscribed_apps', 'comment_reply', 'private_reply', 'message', 'feed_post', 'photo_post', 'webhook', 'ig_container', 'ig_media']), summary: z.string(), payload: z.unknown(), created_at: z.string() }))),
  }) as const satisfies EndpointContract,
});
