/**
 * The account fields' rules and the account calls' paths, without zod: the zod schemas of the account
 * endpoints are built from these, and the light sign-in pages (which load no zod) check with the same values.
 */

export const ACCOUNT_RULES = {
  username: { min: 3, max: 32, pattern: /^[a-zA-Z0-9._-]+$/ },
  password: { min: 8, max: 128 },
  /** zod's own email pattern (`z.regexes.email`), named here so a browser without zod checks the same. */
  email: { max: 254, pattern: /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/ },
  verificationCode: { pattern: /^\d{6}$/ },
  /** Sign-in takes a username or an email, whatever its form. */
  login: { max: 254, passwordMax: 128 },
} as const;

/** Paths (relative to the API base URL) of the public account calls. */
export const ACCOUNT_PATHS = {
  verifyEmail: 'verify_email',
  registerAccount: 'register_account',
  login: 'login',
  requestPasswordReset: 'request_password_reset',
  resetPassword: 'reset_password',
} as const;

export type AccountField = 'username' | 'password' | 'email' | 'verificationCode';

/** Whether `value` passes the field's rule, after the same trimming (and lower-casing of emails) the schemas do. */
export function isValidAccountField(field: AccountField, value: string): boolean {
  const { username, password, email, verificationCode } = ACCOUNT_RULES;
  switch (field) {
    case 'username': {
      const trimmed = value.trim();
      return trimmed.length >= username.min && trimmed.length <= username.max && username.pattern.test(trimmed);
    }
    case 'password':
      return value.length >= password.min && value.length <= password.max;
    case 'email': {
      const normalised = value.trim().toLowerCase();
      return email.pattern.test(normalised) && normalised.length <= email.max;
    }
    case 'verificationCode':
      return verificationCode.pattern.test(value);
  }
}
