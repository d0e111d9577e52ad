import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export function registerHelmet(app: FastifyInstance) {
  return app.register(helmet, {
    // The shell runs on another port of the same site and may embed API resources (images, files).
    crossOriginResourcePolicy: { policy: 'same-site' },
    contentSecurityPolicy: {
      // Local and private deployments serve /docs over plain http; upgrading its assets to https breaks it.
      directives: { upgradeInsecureRequests: null },
    },
  });
}
