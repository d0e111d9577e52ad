import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';

/** The API itself: is it up, and is its database. */
export const systemEndpoints = {
  health: {
    method: 'GET', path: 'health', auth: 'public', summary: 'Liveness and database readiness',
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), version: z.string() }),
  },
} as const satisfies Record<string, EndpointContract>;
