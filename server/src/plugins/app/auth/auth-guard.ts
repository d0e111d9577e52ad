import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../errors/app-error.js';
import type { AuthenticatedUser } from './access-tokens.js';
import { checkSessionAlongside } from './session-check.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The access token's user. Only on routes whose contract says `auth: 'user'` or `'partner'`; reading it elsewhere throws. */
    readonly user: AuthenticatedUser;
    authenticatedUser: AuthenticatedUser | null;
  }
}

/** Where a request may name a user: `user_id` in the body or query, `userId` in the path. */
const USER_ID_FIELDS = [
  ['body', 'user_id'],
  ['query', 'user_id'],
  ['params', 'userId'],
] as const;

function fieldOf(source: unknown, field: string): unknown {
  return typeof source === 'object' && source !== null && field in source ? (source as Record<string, unknown>)[field] : undefined;
}

/**
 * A request a cookie authenticates must come from the shell: not `Sec-Fetch-Site: cross-site`, and no `Origin`
 * other than CORS_ORIGINS. SameSite=Strict already keeps the refresh cookie off cross-site requests in
 * current browsers; this refuses them outright, whatever the browser (OWASP CSRF: Fetch Metadata, Origin).
 * Bearer routes need no such check: a browser never attaches the token by itself (no CSRF), and the
 * `Authorization` header makes every browser call a preflighted one, which CORS_ORIGINS answers.
 */
export function assertSameSite(request: FastifyRequest, allowedOrigins: ReadonlySet<string>) {
  const origin = request.headers.origin;
  if (request.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && !allowedOrigins.has(origin))) {
    throw new AppError(403, 'CROSS_SITE_REQUEST', 'Cross-site request refused');
  }
}

/**
 * A `user_id` the request names (absent is fine) must be the token's user, else 403. The guard applies it to
 * body, query and path; routes whose fields arrive later (multipart parts) call it themselves.
 */
export function assertOwnUserId(request: FastifyRequest, claimed: unknown, part: string, field: string) {
  if (claimed !== undefined && claimed !== request.user.userId) {
    request.log.warn({ part, field }, 'request names another user');
    throw new AppError(403, 'FORBIDDEN', 'This request names another account');
  }
}

/**
 * The one auth guard, for every route: the contract's `auth` decides.
 * - `user`: a valid bearer access token (HS256 only, unexpired) whose session is still active (not logged
 *   out, not revoked by a replayed refresh token or a password reset, within its absolute lifetime) →
 *   `request.user` (on a read-only route the session query runs beside the handler's, see session-check.ts); then any `user_id`/`userId` in the request must be that user's. Any allowed origin may
 *   call, another site included (the shell at 127.0.0.1 and the API at localhost): CORS decides.
 * - `partner`: as `user` (without the `user_id` check: partner calls name shops by `shop_id`, which the
 *   partner service scopes), and the token's role must not be `user`, else 403.
 * - `refresh-cookie`: same-site check; the route reads the cookie itself. Every route that reads a cookie
 *   says `refresh-cookie`.
 * - `public` (or a route outside the contract): nothing.
 */
function authGuard(app: FastifyInstance) {
  const allowedOrigins = new Set(app.config.corsOrigins);

  app.decorateRequest('authenticatedUser', null);
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      if (!this.authenticatedUser) throw new Error(`request.user read on ${this.url}, a route without auth: 'user'`);
      return this.authenticatedUser;
    },
  });

  async function assertSessionActive(user: AuthenticatedUser): Promise<void> {
    if (!(await app.sessionsRepository.isSessionActive(user.sessionId, user.userId, app.clock.now()))) {
      throw new AppError(401, 'UNAUTHENTICATED', 'The session has ended; sign in again');
    }
  }

  /** The token's user; its session is checked before the handler, or alongside it on read-only routes. */
  async function authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new AppError(401, 'UNAUTHENTICATED', 'Sign in to continue');
    const user = await app.accessTokens.verify(token);
    if (request.routeOptions.config.sessionCheck === 'alongside') checkSessionAlongside(request, assertSessionActive(user));
    else await assertSessionActive(user);
    return user;
  }

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === undefined || auth === 'public') return;
    if (auth === 'refresh-cookie') return assertSameSite(request, allowedOrigins);
    const user = await authenticate(request);
    request.authenticatedUser = user;
    // docs/product.md §6: role user gets the user side, every other role the partner side.
    if (auth === 'partner' && user.role === 'user') {
      throw new AppError(403, 'PARTNER_ONLY', 'This is for partner accounts');
    }
  });

  // Before validation, on the raw request: a user id naming someone else is refused whatever else is wrong.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.auth !== 'user') return;
    for (const [part, field] of USER_ID_FIELDS) assertOwnUserId(request, fieldOf(request[part], field), part, field);
  });
}

export default fp(authGuard, {
  name: 'auth-guard',
  fastify: '5.x',
  dependencies: ['config', 'clock', 'access-tokens', 'sessions-repository'],
});
