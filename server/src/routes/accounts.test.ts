import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, jobs, users } from '../db/schema/index.js';
import { MAX_CODE_ATTEMPTS, PASSWORD_RESET_QUEUE } from '../plugins/app/accounts/accounts-service.js';
import type { MailTransport } from '../plugins/app/mailer.js';
import {
  bearer,
  errorOf,
  features,
  GOOD_PASSWORD,
  loggedCode,
  login,
  post,
  refresh,
  registerAccount,
  requestCode,
  uniqueAccount,
} from '../test/accounts.js';
import { ManualClock } from '../test/clock.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../test/helper.js';

describe.each(testDatabases)('accounts on %s', (kind) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_IP_MULTIPLIER: '100' } });
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  const register = (fields: { username: string; email: string; code: string; password?: string; accountType?: string }) =>
    post(t, '/register_account', {
      user_name: fields.username,
      user_pass: fields.password ?? GOOD_PASSWORD,
      user_email: fields.email,
      verification_code: fields.code,
      account_type: fields.accountType ?? 'user',
    });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('verify_email', () => {
    it('logs a 6-digit code as one structured line when no SMTP is configured, and stores only its hash', async () => {
      const { email } = uniqueAccount();
      const response = await post(t, '/verify_email', { user_email: email });
      expect(response.json()).toEqual({ status: 200, data: { ok: true } });

      const line = t.logs.find((entry) => entry.msg === 'email code (no SMTP configured)' && entry.email === email);
      expect(line).toMatchObject({ email, purpose: 'register', code: expect.stringMatching(/^\d{6}$/) });
      const rows = await t.app.db.orm.select().from(emailCodes).where(eq(emailCodes.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.codeHash).not.toContain(String(line?.code));
      expect(rows[0]?.codeHash.length).toBeGreaterThanOrEqual(43);
      expect(rows[0]?.expiresAt.getTime()).toBe(clock.now().getTime() + 10 * 60_000);
    });

    it('lower-cases the address and answers the same for an address that already has an account', async () => {
      const account = await registerAccount(t);
      const response = await post(t, '/verify_email', { user_email: account.email.toUpperCase() });
      expect(response.json()).toEqual({ status: 200, data: { ok: true } });
      expect(loggedCode(t, account.email, 'register')).toMatch(/^\d{6}$/);
    });

    it('rejects an invalid address with the contract’s validation error', async () => {
      const response = await post(t, '/verify_email', { user_email: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    });
  });

  describe('register_account', () => {
    it('creates the account with an argon2id hash of at least OWASP’s parameters', async () => {
      const account = await registerAccount(t);
      const [row] = await t.app.db.orm.select().from(users).where(eq(users.email, account.email));
      expect(row).toMatchObject({ username: account.username, role: 'user', partnerId: null });
      // PHC string: $argon2id$v=19$<parameters in any order>$<salt>$<hash>
      const [, algorithm, version, parameters = '', salt, hash] = (row?.passwordHash ?? '').split('$');
      expect({ algorithm, version }).toEqual({ algorithm: 'argon2id', version: 'v=19' });
      const cost = Object.fromEntries(parameters.split(',').map((pair) => pair.split('=')).map(([k, v]) => [k, Number(v)]));
      expect(cost.m).toBeGreaterThanOrEqual(19_456);
      expect(cost.t).toBeGreaterThanOrEqual(2);
      expect(cost.p).toBe(1);
      expect(salt?.length).toBeGreaterThanOrEqual(22);
      expect(hash?.length).toBeGreaterThanOrEqual(43);
      expect(row?.passwordHash).not.toContain(GOOD_PASSWORD);
    });

    it('answers CODE_INVALID to a wrong code and counts the attempt', async () => {
      const { username, email } = uniqueAccount();
      const code = await requestCode(t, email);
      const response = await register({ username, email, code: wrongCodeFor(code) });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('CODE_INVALID');
      const [row] = await t.app.db.orm.select().from(emailCodes).where(eq(emailCodes.email, email));
      expect(row?.attempts).toBe(1);
      expect((await register({ username, email, code })).statusCode).toBe(200);
    });

    it('answers CODE_INVALID when no code was ever sent to the address', async () => {
      const { username, email } = uniqueAccount();
      expect(errorOf(await register({ username, email, code: '123456' })).code).toBe('CODE_INVALID');
    });

    it('answers CODE_EXPIRED to the right code after 10 minutes', async () => {
      const { username, email } = uniqueAccount();
      const code = await requestCode(t, email);
      clock.advanceSeconds(10 * 60 + 1);
      const response = await register({ username, email, code });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('CODE_EXPIRED');
    });

    it('accepts a code once: reusing it answers CODE_EXPIRED', async () => {
      const { username, email } = uniqueAccount();
      const code = await requestCode(t, email);
      expect((await register({ username, email, code })).statusCode).toBe(200);
      const again = await register({ username: `${username}_2`, email, code });
      expect(again.statusCode).toBe(400);
      expect(errorOf(again).code).toBe('CODE_EXPIRED');
    });

    it('retires a code when a newer one is sent', async () => {
      const { username, email } = uniqueAccount();
      const first = await requestCode(t, email);
      const second = await requestCode(t, email);
      if (first !== second) expect(errorOf(await register({ username, email, code: first })).code).toBe('CODE_EXPIRED');
      expect((await register({ username, email, code: second })).statusCode).toBe(200);
    });

    it(`kills a code after ${MAX_CODE_ATTEMPTS} wrong guesses: even the right one then answers CODE_EXPIRED`, async () => {
      const { username, email } = uniqueAccount();
      const code = await requestCode(t, email);
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1) {
        expect(errorOf(await register({ username, email, code: wrongCodeFor(code) })).code).toBe('CODE_INVALID');
      }
      expect(errorOf(await register({ username, email, code })).code).toBe('CODE_EXPIRED');
    });

    it('answers 409 USERNAME_TAKEN (whatever the case) and EMAIL_TAKEN, keeping the code usable', async () => {
      const existing = await registerAccount(t);
      const fresh = uniqueAccount();
      const code = await requestCode(t, fresh.email);
      const taken = await register({ username: existing.username.toUpperCase(), email: fresh.email, code });
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken)).toMatchObject({ code: 'USERNAME_TAKEN' });

      const existingCode = await requestCode(t, existing.email);
      const emailTaken = await register({ username: fresh.username, email: existing.email, code: existingCode });
      expect(emailTaken.statusCode).toBe(409);
      expect(errorOf(emailTaken).code).toBe('EMAIL_TAKEN');

      expect((await register({ username: fresh.username, email: fresh.email, code })).statusCode).toBe(200);
    });

    it.each(['password123', 'iloveyou', 'Qwerty123', 'anhyeuem'])('refuses the common password %s with PASSWORD_TOO_COMMON', async (password) => {
      const { username, email } = uniqueAccount();
      const code = await requestCode(t, email);
      const response = await register({ username, email, code, password });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('PASSWORD_TOO_COMMON');
    });

    it.each([
      ['a password under 8 characters', { password: 'Ab1!xyz' }],
      ['a password over 128 characters', { password: 'x'.repeat(129) }],
      ['an unknown account type', { accountType: 'admin' }],
    ])('refuses %s with VALIDATION_FAILED', async (_, fields) => {
      const { username, email } = uniqueAccount();
      const response = await register({ username, email, code: '123456', ...fields });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    });
  });

  describe('password reset', () => {
    /** Asks for a reset and runs the job that issues and sends the code. */
    const requestReset = async (email: string) => {
      const response = await post(t, '/request_password_reset', { user_email: email });
      await t.app.jobs.runDue();
      return response;
    };
    const resetJobsOf = (email: string) =>
      t.app.db.orm
        .select({ payload: jobs.payload, status: jobs.status, maxAttempts: jobs.maxAttempts })
        .from(jobs)
        .where(and(eq(jobs.queue, PASSWORD_RESET_QUEUE), eq(sql`${jobs.payload}->>'email'`, email)));
    const codesOf = (email: string) => t.app.db.orm.select().from(emailCodes).where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, 'reset')));

    it('answers ok for an unknown address without sending anything', async () => {
      const { email } = uniqueAccount();
      const response = await requestReset(email);
      expect(response.json()).toEqual({ status: 200, data: { ok: true } });
      expect(t.logs.some((entry) => entry.email === email)).toBe(false);
    });

    it('answers a known and an unknown address after the same work, one queued job, before the account is even looked up', async () => {
      const known = await registerAccount(t);
      const unknown = uniqueAccount().email;
      for (const email of [known.email, unknown]) {
        expect((await post(t, '/request_password_reset', { user_email: email })).json()).toEqual({ status: 200, data: { ok: true } });
        // Answered: the code's transaction and the email have not happened yet, for either address.
        expect(await codesOf(email)).toEqual([]);
        expect(await resetJobsOf(email)).toEqual([{ payload: { email }, status: 'queued', maxAttempts: expect.any(Number) }]);
      }
      const [knownJob] = await resetJobsOf(known.email);
      const [unknownJob] = await resetJobsOf(unknown);
      expect(knownJob?.maxAttempts).toBe(unknownJob?.maxAttempts);

      await t.app.jobs.runDue();
      expect(await codesOf(known.email)).toHaveLength(1);
      expect(loggedCode(t, known.email, 'reset')).toMatch(/^\d{6}$/);
      expect(await codesOf(unknown)).toEqual([]);
      expect(t.logs.some((entry) => entry.email === unknown)).toBe(false);
      expect((await resetJobsOf(known.email))[0]?.status).toBe('done');
      expect((await resetJobsOf(unknown))[0]?.status).toBe('done');
    });

    it('sets the new password with the emailed code and ends every session of the account', async () => {
      const account = await registerAccount(t);
      const before = await login(t, account.username, account.password);

      expect((await requestReset(account.email)).json()).toEqual({ status: 200, data: { ok: true } });
      const code = loggedCode(t, account.email, 'reset');
      const newPassword = `${GOOD_PASSWORD}-mới`;
      const reset = await post(t, '/reset_password', { user_email: account.email, verification_code: code, new_password: newPassword });
      expect(reset.json()).toEqual({ status: 200, data: { ok: true } });

      expect((await features(t, before.accessToken)).statusCode).toBe(401);
      expect(errorOf(await refresh(t, before.refreshToken)).code).toBe('SESSION_EXPIRED');
      expect(errorOf(await post(t, '/login', { username: account.username, password: account.password })).code).toBe('INVALID_CREDENTIALS');
      const after = await login(t, account.username, newPassword);
      expect((await features(t, after.accessToken)).statusCode).toBe(200);

      const reused = await post(t, '/reset_password', { user_email: account.email, verification_code: code, new_password: `${newPassword}2` });
      expect(errorOf(reused).code).toBe('CODE_EXPIRED');
    });

    it('does not take a registration code as a reset code, nor a common password', async () => {
      const account = await registerAccount(t);
      const registrationCode = await requestCode(t, account.email);
      const wrongPurpose = await post(t, '/reset_password', { user_email: account.email, verification_code: registrationCode, new_password: `${GOOD_PASSWORD}x` });
      expect(errorOf(wrongPurpose).code).toBe('CODE_INVALID');

      await requestReset(account.email);
      const code = loggedCode(t, account.email, 'reset');
      const common = await post(t, '/reset_password', { user_email: account.email, verification_code: code, new_password: 'password1' });
      expect(errorOf(common).code).toBe('PASSWORD_TOO_COMMON');
    });

    it('answers CODE_EXPIRED to a reset code after 10 minutes', async () => {
      const account = await registerAccount(t);
      await requestReset(account.email);
      const code = loggedCode(t, account.email, 'reset');
      clock.advanceSeconds(10 * 60 + 1);
      const response = await post(t, '/reset_password', { user_email: account.email, verification_code: code, new_password: `${GOOD_PASSWORD}x` });
      expect(errorOf(response).code).toBe('CODE_EXPIRED');
    });
  });

  describe('features', () => {
    it('needs a signed-in user', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/account/features' });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    });

    it('refuses a user_id in the query that is not the token’s user', async () => {
      const account = await registerAccount(t);
      const { accessToken } = await login(t, account.username, account.password);
      const response = await features(t, accessToken, '?user_id=someone-else');
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
      expect((await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(accessToken) })).statusCode).toBe(200);
    });
  });
});

describe.each(testDatabases)('email codes over SMTP on %s', (kind) => {
  let t: TestApp;
  const sent: Parameters<MailTransport['sendMail']>[0][] = [];
  let refuseMail = false;
  /** The code of the last email sent to `email`. */
  const mailedCode = (email: string) => /: (\d{6})\n/.exec(sent.findLast((m) => m.to === email)?.text ?? '')?.[1] ?? '';

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      mailTransport: {
        sendMail: async (message) => {
          if (refuseMail) throw new Error('421 try again later');
          sent.push(message);
        },
      },
    });
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('emails the code in Vietnamese and English and keeps it out of the log', async () => {
    const { email } = uniqueAccount();
    expect((await post(t, '/verify_email', { user_email: email })).statusCode).toBe(200);
    const message = sent.find((m) => m.to === email);
    const code = /: (\d{6})\n/.exec(message?.text ?? '')?.[1];
    expect(code).toBeDefined();
    expect(message).toMatchObject({ from: 'PageMate <no-reply@pagemate.local>', subject: 'Mã xác minh PageMate / PageMate verification code' });
    expect(message?.text).toContain(`Mã xác minh email của bạn để tạo tài khoản PageMate là: ${code}`);
    expect(message?.text).toContain(`Your code to verify your email and create your PageMate account is: ${code}`);
    expect(JSON.stringify(t.logs)).not.toContain(`"${code}"`);
  });

  it('sends a reset code again when the mail server failed the first time; the code sent works', async () => {
    const { username, email } = uniqueAccount();
    await post(t, '/verify_email', { user_email: email });
    const registration = await post(t, '/register_account', { user_name: username, user_pass: GOOD_PASSWORD, user_email: email, verification_code: mailedCode(email), account_type: 'user' });
    expect(registration.statusCode).toBe(200);

    refuseMail = true;
    expect((await post(t, '/request_password_reset', { user_email: email })).statusCode).toBe(200);
    expect(await t.app.jobs.runDue()).toMatchObject({ retried: 1 });
    refuseMail = false;
    await t.app.db.orm.update(jobs).set({ runAt: new Date(0) }).where(and(eq(jobs.queue, PASSWORD_RESET_QUEUE), eq(jobs.status, 'queued')));
    expect(await t.app.jobs.runDue()).toMatchObject({ done: 1 });
    const reset = await post(t, '/reset_password', { user_email: email, verification_code: mailedCode(email), new_password: `${GOOD_PASSWORD}-2` });
    expect(reset.json()).toEqual({ status: 200, data: { ok: true } });
  });

  it('answers 503 UNAVAILABLE when the mail server refuses the message', async () => {
    const failing = await buildTestApp(kind, {
      mailTransport: {
        sendMail: async () => {
          throw new Error('550 relay denied');
        },
      },
    });
    try {
      const response = await post(failing, '/verify_email', { user_email: uniqueAccount().email });
      expect(response.statusCode).toBe(503);
      expect(errorOf(response)).toEqual({ status: 503, code: 'UNAVAILABLE', message: 'The email could not be sent; try again later' });
    } finally {
      await failing.close();
    }
  }, BOOT_TIMEOUT_MS);
});
