import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries } from '../lazy-table.js';
import { channelSchema, INBOX_REPLY_MAX_CHARS, inboxItemSchema, inboxThreadSchema } from '../entities.js';
import { envelope } from '../envelope.js';
import { pageListBody, userIdField, userIdQuery, uuidField } from './common.js';

/** A page's threads; `channel` keeps one channel's (Facebook and Instagram together when absent). */
const inboxListBody = () => pageListBody.extend({ channel: channelSchema.optional() });

/** The inbox: Messenger conversations and comment threads of a page, replying by hand, pausing the bot. */
export const inboxEndpoints = lazyEntries({
  getMessages: () => ({
    method: 'POST', path: 'api/v1/facebook/get-messages', auth: 'user', summary: 'Messenger conversations of a page, newest first',
    body: inboxListBody(), response: envelope(z.array(inboxThreadSchema)),
  }) as const satisfies EndpointContract,
  getComments: () => ({
    method: 'POST', path: 'api/v1/facebook/get-comments', auth: 'user', summary: 'Comment threads of a page, newest first',
    body: inboxListBody(), response: envelope(z.array(inboxThreadSchema)),
  }) as const satisfies EndpointContract,
  inboxThread: () => ({
    method: 'GET', path: 'api/v1/facebook/thread/{id}', auth: 'user', summary: 'One comment or Messenger thread with its items, oldest first; marks it read',
    params: z.object({ id: uuidField }), query: userIdQuery,
    response: envelope(z.object({ thread: inboxThreadSchema, items: z.array(inboxItemSchema) })),
  }) as const satisfies EndpointContract,
  inboxReply: () => ({
    method: 'POST', path: 'api/v1/facebook/thread/reply', auth: 'user', summary: 'Answer a thread as the page (a person): sent to Facebook, pauses the bot on the thread',
    body: z.object({ user_id: userIdField, thread_id: uuidField, text: z.string().trim().min(1).max(INBOX_REPLY_MAX_CHARS) }),
    response: envelope(z.object({ thread: inboxThreadSchema, item: inboxItemSchema })),
  }) as const satisfies EndpointContract,
  inboxBot: () => ({
    method: 'POST', path: 'api/v1/facebook/thread/bot', auth: 'user', summary: 'Pause (until resumed) or resume the bot on one thread',
    body: z.object({ user_id: userIdField, thread_id: uuidField, paused: z.boolean() }),
    response: envelope(inboxThreadSchema),
  }) as const satisfies EndpointContract,
});
