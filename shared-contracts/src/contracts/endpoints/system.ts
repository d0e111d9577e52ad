import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries } from '../lazy-table.js';

/** The API itself: is it up, and is its database. */
export const systemEndpoints = lazyEntries({
  health: () => ({
    method: 'GET', path: 'health', auth: 'public', summary: 'Liveness and database readiness',
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), version: z.string() }),
  }) as const satisfies EndpointContract,
});
