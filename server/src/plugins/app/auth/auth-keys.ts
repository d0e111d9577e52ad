import { hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appMeta } from '../../../db/schema/index.js';

/** app_meta key of the secret generated when JWT_SECRET is not set. */
export const GENERATED_JWT_SECRET_KEY = 'auth.jwt_secret';

export interface AuthKeys {
  /** HS256 key of access tokens. */
  accessToken: Uint8Array;
  /** HMAC key of stored email-code hashes, derived from the same secret. */
  emailCode: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    authKeys: AuthKeys;
  }
}

/**
 * The signing secret: JWT_SECRET, or one generated at the first start and kept in the database so restarts
 * and every instance sharing the database agree on it (inserted with ON CONFLICT, so racing instances too).
 */
async function authKeysPlugin(app: FastifyInstance) {
  const secret = app.config.auth.jwtSecret ?? (await storedSecret(app));
  app.decorate('authKeys', {
    accessToken: new TextEncoder().encode(secret),
    emailCode: Buffer.from(hkdfSync('sha256', secret, '', 'pagemate/email-codes', 32)),
  });
}

async function storedSecret(app: FastifyInstance): Promise<string> {
  const created = await app.db.orm
    .insert(appMeta)
    .values({ key: GENERATED_JWT_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
    .returning({ key: appMeta.key });
  if (created.length > 0) {
    app.log.warn(`JWT_SECRET is not set: generated one and stored it in the database (app_meta "${GENERATED_JWT_SECRET_KEY}")`);
  }
  const [row] = await app.db.orm.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, GENERATED_JWT_SECRET_KEY));
  if (!row) throw new Error('The generated JWT secret could not be read back');
  return row.value;
}

export default fp(authKeysPlugin, { name: 'auth-keys', fastify: '5.x', dependencies: ['config', 'db'] });
