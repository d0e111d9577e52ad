import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS: HelmetOptions = {
  // The shell runs on another port of the same site and may embed API resources (images, files).
  crossOriginResourcePolicy: { policy: 'same-site' },
  contentSecurityPolicy: {
    // Local and private deployments serve /docs over plain http; upgrading its assets to https breaks it.
    directives: { upgradeInsecureRequests: null },
  },
};

/**
 * The headers helmet's middleware sets, collected once: with these options (no CSP nonces) they are the same
 * for every response, so a request only copies them instead of building helmet's middleware again.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return Object.fromEntries(headers);
}

/** Helmet's security headers on every response (set before the route runs, so hijacked replies keep them). */
export function registerHelmet(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
