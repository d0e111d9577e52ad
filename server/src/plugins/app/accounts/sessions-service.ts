import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SessionUser } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../errors/app-error.js';
import type { UserRow } from './accounts-repository.js';
import { LOGIN_BACKOFF } from './limits.js';
import { dummyPasswordHash, hashNeedsUpgrade, hashPassword, verifyPassword } from './passwords.js';
import type { RefreshTokenRecord } from './sessions-repository.js';

/** A refresh token to set as the cookie, valid for the rest of the session. */
export interface RefreshCookie {
  token: string;
  /** Absent for a session that is not remembered: the cookie then ends with the browser session. */
  maxAgeSeconds?: number;
}

export interface SignedIn {
  accessToken: string;
  refreshCookie: RefreshCookie;
  user: SessionUser;
}

export interface Refreshed {
  accessToken: string;
  /** Absent when the presented token had just been rotated by a concurrent refresh (see `refresh`). */
  refreshCookie?: RefreshCookie;
}

export interface SignIn {
  /** A username or an email. */
  identifier: string;
  password: string;
  /** Keep the session after the browser closes (the default). */
  remember?: boolean | undefined;
  /** The client's address (`request.ip`), whose attempts are slowed down too. */
  clientAddress: string;
}

export interface SessionsService {
  /**
   * `401 INVALID_CREDENTIALS` for both an unknown user and a wrong password; `429 RATE_LIMITED` when the account
   * or the address must wait before its next attempt (`LOGIN_BACKOFF`).
   */
  login(signIn: SignIn): Promise<SignedIn>;
  refresh(refreshToken: string | undefined): Promise<Refreshed>;
  logout(sessionId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsService;
  }
}

/** Refresh tokens are 256 random bits; only their SHA-256 is stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const sessionExpired = () => new AppError(401, 'SESSION_EXPIRED', 'The session has expired; sign in again');

export function sessionUserOf(user: UserRow): SessionUser {
  return { username: user.username, userId: user.id, userEmail: user.email, partnerId: user.partnerId, role: user.role };
}

/**
 * Sign-in, refresh-token rotation with reuse detection, logout. The session is the token family: a token
 * presented after it was rotated means two parties hold it, so the whole session is revoked (ASVS 10.4.5),
 * unless it comes within REFRESH_REUSE_GRACE_SECONDS of the rotation, which is two tabs refreshing at once.
 */
async function sessionsService(app: FastifyInstance) {
  const { refreshTokenTtlSeconds, sessionAbsoluteLifetimeSeconds, refreshReuseGraceSeconds } = app.config.auth;
  const repository = app.sessionsRepository;
  const dummyHash = await dummyPasswordHash();

  const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);
  const secondsBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 1000);

  function newRefreshToken(now: Date, sessionEnds: Date, persistent: boolean) {
    const token = randomBytes(32).toString('base64url');
    const idleExpiry = later(now, refreshTokenTtlSeconds);
    return {
      token,
      row: { tokenHash: hashRefreshToken(token), issuedAt: now, expiresAt: idleExpiry < sessionEnds ? idleExpiry : sessionEnds },
      cookie: persistent ? { token, maxAgeSeconds: secondsBetween(now, sessionEnds) } : { token },
    };
  }

  async function checkPassword({ identifier, password, clientAddress }: SignIn): Promise<UserRow> {
    const user = await app.accountsRepository.findUserByLogin(identifier.trim());
    // Attempts count per account, so alternating its username and email gains nothing.
    const keys = { ip: clientAddress, account: user ? `user:${user.id}` : `unknown:${identifier.trim().toLowerCase()}` };
    // Counted atomically before argon2: attempts made at once verify no more passwords than the backoff allows.
    await app.rateLimits.claimAttempt('login_attempts', keys, LOGIN_BACKOFF);
    // An unknown user costs the same argon2 verification as a wrong password.
    const matches = await verifyPassword(user?.passwordHash ?? dummyHash, password);
    if (!user || !matches) throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect username or password');
    await app.rateLimits.attemptSucceeded('login_attempts', keys);
    if (hashNeedsUpgrade(user.passwordHash)) await app.accountsRepository.setPasswordHash(user.id, await hashPassword(password));
    return user;
  }

  /** An already rotated token: a concurrent refresh within the grace window, a replay after it. */
  async function refreshWithRotatedToken({ token, session, user }: RefreshTokenRecord, now: Date): Promise<Refreshed> {
    const rotatedAt = token.rotatedAt ?? now;
    if (now.getTime() - rotatedAt.getTime() <= refreshReuseGraceSeconds * 1000) {
      app.log.info({ sessionId: session.id }, 'rotated refresh token presented within the grace window');
      // No cookie: only the successor's hash is stored, and the browser got the successor from the rotation.
      return { accessToken: await app.accessTokens.issue(sessionUserOf(user), session.id) };
    }
    await repository.revokeSession(session.id, now, 'refresh_token_reuse');
    app.log.warn({ sessionId: session.id, userId: user.id }, 'rotated refresh token replayed: session revoked');
    throw sessionExpired();
  }

  const service: SessionsService = {
    async login(signIn) {
      const user = await checkPassword(signIn);
      const remember = signIn.remember ?? true;
      const now = app.clock.now();
      const session = {
        id: randomUUID(),
        userId: user.id,
        createdAt: now,
        absoluteExpiresAt: later(now, sessionAbsoluteLifetimeSeconds),
        persistent: remember,
      };
      const refresh = newRefreshToken(now, session.absoluteExpiresAt, remember);
      await repository.createSession(session, refresh.row);
      const sessionUser = sessionUserOf(user);
      app.log.info({ userId: user.id, sessionId: session.id }, 'signed in');
      return { accessToken: await app.accessTokens.issue(sessionUser, session.id), refreshCookie: refresh.cookie, user: sessionUser };
    },

    async refresh(presented) {
      if (!presented) throw sessionExpired();
      const tokenHash = hashRefreshToken(presented);
      let record = await repository.findRefreshToken(tokenHash);
      const now = app.clock.now();
      if (!record || record.session.revokedAt !== null || record.session.absoluteExpiresAt <= now) throw sessionExpired();

      if (record.token.rotatedAt === null) {
        if (record.token.expiresAt <= now) throw sessionExpired();
        const next = newRefreshToken(now, record.session.absoluteExpiresAt, record.session.persistent);
        if (await repository.rotateRefreshToken(tokenHash, record.session.id, next.row)) {
          return { accessToken: await app.accessTokens.issue(sessionUserOf(record.user), record.session.id), refreshCookie: next.cookie };
        }
        // A concurrent request rotated it first.
        record = await repository.findRefreshToken(tokenHash);
        if (!record) throw sessionExpired();
      }
      return refreshWithRotatedToken(record, now);
    },

    async logout(sessionId) {
      await repository.revokeSession(sessionId, app.clock.now(), 'logout');
      app.log.info({ sessionId }, 'signed out');
    },
  };
  app.decorate('sessions', service);
}

export default fp(sessionsService, {
  name: 'sessions-service',
  fastify: '5.x',
  dependencies: ['config', 'clock', 'rate-limits', 'access-tokens', 'accounts-repository', 'sessions-repository'],
});
