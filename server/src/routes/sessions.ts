import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { OK, ok, registerEndpoint } from '../http/contract-route.js';
import { clearRefreshCookie, readRefreshCookie, refreshCookieOptions, setRefreshCookie } from '../http/refresh-cookie.js';
import { featuresFor } from '../plugins/app/accounts/features.js';
import { ACCOUNT_RATE_LIMITS as LIMITS } from '../plugins/app/accounts/limits.js';
import { hashRefreshToken } from '../plugins/app/accounts/sessions-service.js';

/** The presented refresh token (hashed) is the per-account key of the refresh limit. */
const presentedToken = (request: FastifyRequest) => {
  const token = readRefreshCookie(request);
  return token && hashRefreshToken(token);
};

/** Sign-in, refresh and sign-out. The refresh token only ever travels in its HttpOnly cookie. */
export default async function sessionRoutes(app: FastifyInstance) {
  const cookie = refreshCookieOptions(app.config.publicApiUrl);

  registerEndpoint(
    app,
    'login',
    async ({ body, ip }, reply) => {
      const signIn = { identifier: body.username, password: body.password, remember: body.remember, clientAddress: ip };
      const { accessToken, refreshCookie, user } = await app.sessions.login(signIn);
      setRefreshCookie(reply, cookie, refreshCookie.token, refreshCookie.maxAgeSeconds);
      return ok({ access_token: accessToken, ...featuresFor(user.role) });
    },
    { preHandler: app.rateLimits.hook('login', LIMITS.login) },
  );

  registerEndpoint(
    app,
    'refreshToken',
    async (request, reply) => {
      try {
        const { accessToken, refreshCookie } = await app.sessions.refresh(readRefreshCookie(request));
        if (refreshCookie) setRefreshCookie(reply, cookie, refreshCookie.token, refreshCookie.maxAgeSeconds);
        return ok({ access_token: accessToken });
      } catch (error) {
        // A dead session's cookie is useless: drop it. Other failures (database down) leave it in place.
        if (error instanceof AppError && error.code === 'SESSION_EXPIRED') clearRefreshCookie(reply, cookie);
        throw error;
      }
    },
    { preHandler: app.rateLimits.hook('refresh_token', LIMITS.refreshToken, presentedToken) },
  );

  registerEndpoint(app, 'logout', async (request, reply) => {
    await app.sessions.logout(request.user.sessionId);
    clearRefreshCookie(reply, cookie);
    return OK;
  });
}
