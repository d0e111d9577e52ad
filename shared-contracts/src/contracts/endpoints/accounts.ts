import { z } from 'zod';
import { ACCOUNT_PATHS, ACCOUNT_RULES } from '../account-rules.js';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries, lazySchema } from '../lazy-table.js';
import { envelope, okSchema } from '../envelope.js';

/** Sign-up with an emailed code, sign-in, password reset, the session and its refresh cookie. */

const RULES = ACCOUNT_RULES;
export const usernameSchema = lazySchema(() => z.string().trim().min(RULES.username.min).max(RULES.username.max).regex(RULES.username.pattern));
export const passwordSchema = lazySchema(() => z.string().min(RULES.password.min).max(RULES.password.max));
export const emailSchema = lazySchema(() => z.string().trim().toLowerCase().email({ pattern: RULES.email.pattern }).max(RULES.email.max));
export const verificationCodeSchema = lazySchema(() => z.string().regex(RULES.verificationCode.pattern));
export const accountTypeSchema = lazySchema(() => z.enum(['user', 'partner']));

export const accountEndpoints = lazyEntries({
  verifyEmail: () => ({
    method: 'POST', path: ACCOUNT_PATHS.verifyEmail, auth: 'public', summary: 'Send a 6-digit email verification code',
    body: z.object({ user_email: emailSchema }), response: okSchema,
  }) as const satisfies EndpointContract,
  registerAccount: () => ({
    method: 'POST', path: ACCOUNT_PATHS.registerAccount, auth: 'public', summary: 'Create an account',
    body: z.object({
      user_name: usernameSchema,
      user_pass: passwordSchema,
      user_email: emailSchema,
      verification_code: verificationCodeSchema,
      account_type: accountTypeSchema,
    }),
    response: okSchema,
  }) as const satisfies EndpointContract,
  login: () => ({
    method: 'POST', path: ACCOUNT_PATHS.login, auth: 'public', summary: 'Sign in; sets the refresh cookie',
    // `remember: false` makes the refresh cookie a browser-session cookie ("remember me" unticked).
    body: z.object({ username: z.string().trim().min(1).max(RULES.login.max), password: z.string().min(1).max(RULES.login.passwordMax), remember: z.boolean().default(true) }),
    response: envelope(z.object({ access_token: z.string(), user_features: z.array(z.string()), list_features: z.array(z.string()) })),
  }) as const satisfies EndpointContract,
  requestPasswordReset: () => ({
    method: 'POST', path: ACCOUNT_PATHS.requestPasswordReset, auth: 'public', summary: 'Email a 6-digit password reset code (same answer whether or not the email is known)',
    body: z.object({ user_email: emailSchema }), response: okSchema,
  }) as const satisfies EndpointContract,
  resetPassword: () => ({
    method: 'POST', path: ACCOUNT_PATHS.resetPassword, auth: 'public', summary: 'Set a new password with the emailed code; ends every session of the account',
    body: z.object({ user_email: emailSchema, verification_code: verificationCodeSchema, new_password: passwordSchema }),
    response: okSchema,
  }) as const satisfies EndpointContract,
  accountFeatures: () => ({
    method: 'GET', path: 'api/v1/account/features', auth: 'user', summary: 'Features of the signed-in user',
    response: envelope(z.object({ user_features: z.array(z.string()), list_features: z.array(z.string()) })),
  }) as const satisfies EndpointContract,
  logout: () => ({
    method: 'POST', path: 'logout', auth: 'user', summary: 'End the session server-side',
    response: okSchema,
  }) as const satisfies EndpointContract,
  refreshToken: () => ({
    method: 'POST', path: 'refresh_token', auth: 'refresh-cookie', summary: 'Rotate the refresh token; new access token',
    response: envelope(z.object({ access_token: z.string() })),
  }) as const satisfies EndpointContract,
});
