import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OK, ok, registerEndpoint } from '../http/contract-route.js';
import { featuresFor } from '../plugins/app/accounts/features.js';
import { ACCOUNT_RATE_LIMITS as LIMITS } from '../plugins/app/accounts/limits.js';

/** The validated body's `user_email`: the per-account key of the email-code limits. */
const userEmail = (request: FastifyRequest) => (request.body as { user_email?: string } | undefined)?.user_email;

/** Sign-up with an email code, password reset, and the signed-in user's features. */
export default async function accountRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    'verifyEmail',
    async (request) => {
      await app.accounts.sendRegistrationCode(request.body.user_email);
      return OK;
    },
    { preHandler: app.rateLimits.hook('verify_email', LIMITS.verifyEmail, userEmail) },
  );

  registerEndpoint(
    app,
    'registerAccount',
    async ({ body }) => {
      await app.accounts.register({
        username: body.user_name,
        password: body.user_pass,
        email: body.user_email,
        code: body.verification_code,
        role: body.account_type,
      });
      return OK;
    },
    { preHandler: app.rateLimits.hook('register_account', LIMITS.registerAccount, userEmail) },
  );

  registerEndpoint(
    app,
    'requestPasswordReset',
    async (request) => {
      await app.accounts.requestPasswordReset(request.body.user_email);
      return OK;
    },
    { preHandler: app.rateLimits.hook('request_password_reset', LIMITS.requestPasswordReset, userEmail) },
  );

  registerEndpoint(
    app,
    'resetPassword',
    async ({ body }) => {
      await app.accounts.resetPassword({ email: body.user_email, code: body.verification_code, newPassword: body.new_password });
      return OK;
    },
    { preHandler: app.rateLimits.hook('reset_password', LIMITS.resetPassword, userEmail) },
  );

  registerEndpoint(app, 'accountFeatures', async (request) => ok(featuresFor(request.user.role)));
}
