import cors, { type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '../../logging.js';

/**
 * `Retry-After` is not a CORS-safelisted response header: exposed so the shell can say how long to wait.
 * Only the listed origins (the shell) get CORS headers, credentials included; any other origin gets none,
 * so a browser there can neither read responses nor send the refresh cookie cross-origin.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  const delegator: FastifyCorsOptionsDelegateCallback = (request, callback) => {
    const origin = request.headers.origin;
    callback(
      null,
      origin !== undefined && allowed.has(origin)
        ? { origin, credentials: true, exposedHeaders: [REQUEST_ID_HEADER, 'retry-after'], maxAge: 600 }
        : { origin: false },
    );
  };
  return app.register(cors, { delegator });
}
