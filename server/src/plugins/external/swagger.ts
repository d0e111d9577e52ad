import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BEARER_SECURITY_SCHEME } from '../../http/contract-route.js';
import { SERVER_VERSION } from '../../version.js';

export const DOCS_PREFIX = '/docs';

/** The OpenAPI document (`/docs/json`) and its page (`/docs`), generated from the routes' zod schemas. */
export async function registerSwagger(app: FastifyInstance, publicApiUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PageMate API',
        description: 'Generated from the zod schemas of @pagemate/shared-contracts.',
        version: SERVER_VERSION,
      },
      servers: [{ url: publicApiUrl }],
      components: {
        securitySchemes: { [BEARER_SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
