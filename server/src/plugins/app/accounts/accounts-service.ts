import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountRole, EmailCodePurpose } from '../../../db/schema/index.js';
import { AppError } from '../../../errors/app-error.js';
import { JOB_PRIORITY } from '../../../jobs/index.js';
import { isCommonPassword } from './common-passwords.js';
import { EMAIL_CODE_TTL_MINUTES, emailCodeMessage } from './email-code-message.js';
import { hashPassword } from './passwords.js';

/** Tries to email a reset code before giving up (an SMTP outage). */
const PASSWORD_RESET_MAX_ATTEMPTS = 4;

/** Wrong guesses a code survives; then even the right code answers CODE_EXPIRED. */
export const MAX_CODE_ATTEMPTS = 5;

/** The job that looks the address up and, for an account, issues and emails a reset code. */
export const PASSWORD_RESET_QUEUE = 'password_reset_email';

/** The log line written instead of an email when no SMTP is configured (the e2e tests read it). */
export const EMAIL_CODE_LOG_MESSAGE = 'email code (no SMTP configured)';

export interface Registration {
  username: string;
  password: string;
  email: string;
  code: string;
  role: AccountRole;
}

export interface PasswordReset {
  email: string;
  code: string;
  newPassword: string;
}

export interface AccountsService {
  /**
   * Emails a registration code. Same answer whether or not the address has an account: the code is sent
   * either way, and register_account says EMAIL_TAKEN only to whoever holds a valid code, the mailbox owner.
   */
  sendRegistrationCode(email: string): Promise<void>;
  register(registration: Registration): Promise<void>;
  /**
   * Queues the reset for `email` and returns: the same single insert whatever the address, so the answer takes
   * as long for an unknown address as for an account's. The job emails a code only when the address has one.
   */
  requestPasswordReset(email: string): Promise<void>;
  /** Sets the new password and ends every session of the account. */
  resetPassword(reset: PasswordReset): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

const tooCommon = () => new AppError(400, 'PASSWORD_TOO_COMMON', 'This password is among the most common ones; choose another');
const codeInvalid = () => new AppError(400, 'CODE_INVALID', 'The verification code is not correct');
const codeExpired = () => new AppError(400, 'CODE_EXPIRED', 'The verification code has expired or was already used; request a new one');

/** Sign-up, email codes and password reset. */
function accountsService(app: FastifyInstance) {
  const repository = app.accountsRepository;
  const codeHash = (email: string, purpose: EmailCodePurpose, code: string) =>
    createHmac('sha256', app.authKeys.emailCode).update(`${purpose}:${email}:${code}`).digest('base64url');

  /** Stores a fresh code (earlier ones stop working) and returns it for delivery. */
  async function issueCode(email: string, purpose: EmailCodePurpose): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const createdAt = app.clock.now();
    await repository.issueEmailCode({
      id: randomUUID(),
      email,
      purpose,
      codeHash: codeHash(email, purpose, code),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000),
    });
    return code;
  }

  async function deliverCode(email: string, purpose: EmailCodePurpose, code: string) {
    if (!app.mailer.enabled) {
      app.log.info({ email, purpose, code }, EMAIL_CODE_LOG_MESSAGE);
      return;
    }
    await app.mailer.send(emailCodeMessage(email, purpose, code));
  }

  /** The id of the live code matching `code`, or the error the user should see. */
  async function checkCode(email: string, purpose: EmailCodePurpose, code: string): Promise<string> {
    const now = app.clock.now();
    const row = await repository.findEmailCode(email, purpose, codeHash(email, purpose, code));
    if (!row) {
      await repository.countWrongCode(email, purpose, now);
      throw codeInvalid();
    }
    if (row.usedAt !== null || row.expiresAt <= now || row.attempts >= MAX_CODE_ATTEMPTS) throw codeExpired();
    return row.id;
  }

  const service: AccountsService = {
    async sendRegistrationCode(email) {
      const code = await issueCode(email, 'register');
      try {
        await deliverCode(email, 'register', code);
      } catch (error) {
        app.log.error({ err: error }, 'verification email could not be sent');
        throw new AppError(503, 'UNAVAILABLE', 'The email could not be sent; try again later');
      }
    },

    async register({ username, password, email, code, role }) {
      if (isCommonPassword(password)) throw tooCommon();
      const codeId = await checkCode(email, 'register', code);
      await assertAvailable(username, email);
      const user = { id: randomUUID(), username, email, passwordHash: await hashPassword(password), role, createdAt: app.clock.now() };
      const outcome = await repository.createUserWithCode(user, codeId);
      if (outcome === 'code-used') throw codeExpired();
      if (outcome === 'taken') {
        // Someone registered the name or address between the check and the insert.
        await assertAvailable(username, email);
        throw new AppError(409, 'CONFLICT', 'The account could not be created; try again');
      }
      app.log.info({ userId: user.id, role }, 'account created');
      try {
        await app.notifications.notify(user.id, 'welcome', { username }, `welcome:${user.id}`);
      } catch (error) {
        app.log.error({ err: error, userId: user.id }, 'welcome notification could not be recorded'); // the account exists either way
      }
    },

    async requestPasswordReset(email) {
      // Someone is waiting for this email: it goes before indexing backlogs, in the slots kept for replies.
      await app.jobs.enqueue(PASSWORD_RESET_QUEUE, { email }, { maxAttempts: PASSWORD_RESET_MAX_ATTEMPTS, priority: JOB_PRIORITY.interactive });
    },

    async resetPassword({ email, code, newPassword }) {
      if (isCommonPassword(newPassword)) throw tooCommon();
      const codeId = await checkCode(email, 'reset', code);
      const user = await repository.findUserByEmail(email);
      // Reset codes are only issued to existing accounts; this one was deleted since.
      if (!user) throw codeInvalid();
      const outcome = await repository.resetPasswordWithCode(user.id, await hashPassword(newPassword), codeId, app.clock.now());
      if (outcome === 'code-used') throw codeExpired();
      app.log.info({ userId: user.id }, 'password reset; every session of the account revoked');
    },
  };

  async function assertAvailable(username: string, email: string) {
    if (await repository.isEmailTaken(email)) throw new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists');
    if (await repository.isUsernameTaken(username)) throw new AppError(409, 'USERNAME_TAKEN', 'This username is already taken');
  }

  // After the answer: the lookup, the code's transaction and the email happen only for an account's address.
  app.jobs.handle(PASSWORD_RESET_QUEUE, async (payload) => {
    const email = String(payload.email);
    const user = await repository.findUserByEmail(email);
    if (!user) return;
    // A retry (the email failed) issues a fresh code: only the last one sent works.
    await deliverCode(email, 'reset', await issueCode(email, 'reset'));
  });

  app.decorate('accounts', service);
}

export default fp(accountsService, {
  name: 'accounts-service',
  fastify: '5.x',
  dependencies: ['clock', 'auth-keys', 'mailer', 'jobs', 'accounts-repository', 'notifications'],
});
