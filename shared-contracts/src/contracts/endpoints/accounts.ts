import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { envelope, okSchema } from '../envelope.js';

/** Sign-up with an emailed code, sign-in, password reset, the session and its refresh cookie. */

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[a-zA-Z0-9._-]+$/);
export const passwordSchema = z.string().min(8).max(128);
export const emailSchema = z.string().trim().toLowerCase().email().max(254);
export const verificationCodeSchema = z.string().regex(/^\d{6}$/);
export const accountTypeSchema = z.enum(['user', 'partner']);

export const accountEndpoints = {
  verifyEmail: {
    method: 'POST', path: 'verify_email', auth: 'public', summary: 'Send a 6-digit email verification code',
    body: z.object({ user_email: emailSchema }), response: okSchema,
  },
  registerAccount: {
    method: 'POST', path: 'register_account', auth: 'public', summary: 'Create an account',
    body: z.object({
      user_name: usernameSchema,
      user_pass: passwordSchema,
      user_email: emailSchema,
      verification_code: verificationCodeSchema,
      account_type: accountTypeSchema,
    }),
    response: okSchema,
  },
  login: {
    method: 'POST', path: 'login', auth: 'public', summary: 'Sign in; sets the refresh cookie',
    // `remember: false` makes the refresh cookie a browser-session cookie ("remember me" unticked).
    body: z.object({ username: z.string().trim().min(1).max(254), password: z.string().min(1).max(128), remember: z.boolean().default(true) }),
    response: envelope(z.object({ access_token: z.string(), user_features: z.array(z.string()), list_features: z.array(z.string()) })),
  },
  requestPasswordReset: {
    method: 'POST', path: 'request_password_reset', auth: 'public', summary: 'Email a 6-digit password reset code (same answer whether or not the email is known)',
    body: z.object({ user_email: emailSchema }), response: okSchema,
  },
  resetPassword: {
    method: 'POST', path: 'reset_password', auth: 'public', summary: 'Set a new password with the emailed code; ends every session of the account',
    body: z.object({ user_email: emailSchema, verification_code: verificationCodeSchema, new_password: passwordSchema }),
    response: okSchema,
  },
  accountFeatures: {
    method: 'GET', path: 'api/v1/account/features', auth: 'user', summary: 'Features of the signed-in user',
    response: envelope(z.object({ user_features: z.array(z.string()), list_features: z.array(z.string()) })),
  },
  logout: {
    method: 'POST', path: 'logout', auth: 'user', summary: 'End the session server-side',
    response: okSchema,
  },
  refreshToken: {
    method: 'POST', path: 'refresh_token', auth: 'refresh-cookie', summary: 'Rotate the refresh token; new access token',
    response: envelope(z.object({ access_token: z.string() })),
  },
} as const satisfies Record<string, EndpointContract>;
