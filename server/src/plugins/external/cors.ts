import cors, { type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '../../logging.js';

/**
 * `Retry-After` is not a CORS-safelisted response header: exposed so the shell can say how long to wait.
 * Only the listed origins (the shell) get CORS headers, credentials included; any other origin gets none,
 * so a browser there can neither read responses nor send the refresh cookie cross-origin.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]) {
  // Built once: each allowed origin's options, and the one refusal every other request gets.
  const exposedHeaders = [REQUEST_ID_HEADER, 'retry-after'];
  const allowed = new Map(allowedOrigins.map((origin) => [origin, { origin, credentials: true, exposedHeaders, maxAge: 600 }]));
  const refused = { origin: false };
  const delegator: FastifyCorsOptionsDelegateCallback = (request, callback) => {
    const origin = request.headers.origin;
    callback(null, (origin !== undefined && allowed.get(origin)) || refused);
  };
  return app.register(cors, { delegator });
}
