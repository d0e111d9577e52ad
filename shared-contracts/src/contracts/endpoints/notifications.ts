import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries } from '../lazy-table.js';
import { notificationSchema } from '../entities.js';
import { envelope, okSchema } from '../envelope.js';
import { userIdField, userIdParams, uuidField } from './common.js';

/** The notifications of an account, and dismissing them. */
export const notificationEndpoints = lazyEntries({
  notifications: () => ({
    method: 'GET', path: 'api/v1/notifications/{userId}', auth: 'user', summary: 'Undismissed notifications, newest first',
    params: userIdParams, response: envelope(z.object({ items: z.array(notificationSchema) })),
  }) as const satisfies EndpointContract,
  dismissNotifications: () => ({
    method: 'POST', path: 'api/v1/notifications/dismiss', auth: 'user', summary: 'Dismiss notifications',
    body: z.object({ user_id: userIdField, ids: z.array(uuidField).min(1).max(100) }), response: okSchema,
  }) as const satisfies EndpointContract,
});
