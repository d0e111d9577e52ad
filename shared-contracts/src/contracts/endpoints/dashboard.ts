import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries } from '../lazy-table.js';
import { dashboardCountsSchema, dashboardDaySchema, dashboardPageSchema } from '../entities.js';
import { envelope } from '../envelope.js';
import { idField, userIdField, userIdQuery } from './common.js';

/** The dashboard's figures: today's counts, and the series per Vietnam day and per page. */
export const dashboardEndpoints = lazyEntries({
  dashboardCounts: () => ({
    method: 'GET', path: 'api/v1/facebook/dashboard/count_all_by_userid', auth: 'user', summary: 'Dashboard figures',
    query: userIdQuery, response: envelope(dashboardCountsSchema),
  }) as const satisfies EndpointContract,
  dashboardSeries: () => ({
    method: 'GET', path: 'api/v1/facebook/dashboard/series', auth: 'user', summary: 'Dashboard figures per Vietnam day and per page over the last days',
    query: z.object({ user_id: userIdField, days: z.coerce.number().int().min(7).max(365).default(30), page_id: idField.optional() }),
    response: envelope(z.object({ days: z.array(dashboardDaySchema), pages: z.array(dashboardPageSchema) })),
  }) as const satisfies EndpointContract,
});
