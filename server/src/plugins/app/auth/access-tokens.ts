import { accessTokenClaimsSchema, type SessionUser } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../../errors/app-error.js';

/** The only algorithm accepted on verify: `alg: none` and any asymmetric/confused algorithm are refused. */
export const ACCESS_TOKEN_ALGORITHMS = ['HS256'];
const ISSUER = 'pagemate';
const AUDIENCE = 'pagemate';

/** The user a verified access token names, and the session it belongs to. */
export interface AuthenticatedUser extends SessionUser {
  sessionId: string;
}

export interface AccessTokens {
  issue(user: SessionUser, sessionId: string): Promise<string>;
  /** The token's user, or `401 UNAUTHENTICATED` for a bad signature, algorithm, issuer, audience or time. */
  verify(token: string): Promise<AuthenticatedUser>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
  }
}

/** Verified access tokens remembered (`verify`): the oldest is forgotten past this many. */
const VERIFIED_TOKENS_KEPT = 10_000;

const verifiedClaims = accessTokenClaimsSchema.extend({ sub: z.string().min(1), sid: z.string().min(1), exp: z.number(), iat: z.number() });

/** Short-lived JWTs (HS256 via jose) carrying the session user of docs/product.md §3, `sub` and the session id `sid`. */
async function accessTokensPlugin(app: FastifyInstance) {
  const key = app.authKeys.accessToken;
  // Imported once: given the raw bytes, jose imports the key again on every verify.
  const verifyKey = await crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const ttl = app.config.auth.accessTokenTtlSeconds;

  const issue: AccessTokens['issue'] = (user, sessionId) => {
    const iat = Math.floor(app.clock.now().getTime() / 1000);
    const claims = { username: user.username, userId: user.userId, userEmail: user.userEmail, partnerId: user.partnerId, role: user.role, sid: sessionId };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(key);
  };

  /**
   * Tokens already verified, by their exact text, until they expire: the same bearer on every call of a
   * signed-in page skips the HMAC and the claims' parse. A token is only ever found here after passing the full
   * check below, so a changed byte misses; the session check (revocation) runs on every request regardless.
   */
  const verified = new Map<string, { user: AuthenticatedUser; expiresAtMs: number }>();
  const verify: AccessTokens['verify'] = async (token) => {
    const known = verified.get(token);
    if (known && app.clock.now().getTime() < known.expiresAtMs) return known.user;
    const user = await verifyFully(token);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, user);
    return user.user;
  };

  const verifyFully = async (token: string): Promise<{ user: AuthenticatedUser; expiresAtMs: number }> => {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, verifyKey, {
        algorithms: ACCESS_TOKEN_ALGORITHMS,
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: app.clock.now(),
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError(401, 'UNAUTHENTICATED', 'The access token has expired');
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw invalidToken();
      throw error;
    }
    const claims = verifiedClaims.safeParse(payload);
    if (!claims.success || claims.data.sub !== claims.data.userId) throw invalidToken();
    const { username, userId, userEmail, partnerId, role, sid, exp } = claims.data;
    return { user: Object.freeze({ username, userId, userEmail, partnerId, role, sessionId: sid }), expiresAtMs: exp * 1000 };
  };

  app.decorate('accessTokens', { issue, verify });
}

function invalidToken() {
  return new AppError(401, 'UNAUTHENTICATED', 'Invalid access token');
}

export default fp(accessTokensPlugin, { name: 'access-tokens', fastify: '5.x', dependencies: ['config', 'clock', 'auth-keys'] });
