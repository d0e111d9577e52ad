import { isUuid } from '@pagemate/shared-contracts/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { statement } from '../../../db/statement.js';
import fp from 'fastify-plugin';
import { refreshTokens, sessions, users } from '../../../db/schema/index.js';
import type { UserRow } from './accounts-repository.js';

export type SessionRow = typeof sessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export interface NewRefreshToken {
  tokenHash: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface RefreshTokenRecord {
  token: RefreshTokenRow;
  session: SessionRow;
  user: UserRow;
}


/** Revoked or ended sessions are deleted at the user's next sign-in once older than this. */
const PRUNE_AFTER_MS = 24 * 3600 * 1000;

export interface SessionsRepository {
  /** The session and its first refresh token; also forgets the user's sessions that ended a day ago. */
  createSession(session: { id: string; userId: string; createdAt: Date; absoluteExpiresAt: Date; persistent: boolean }, token: NewRefreshToken): Promise<void>;
  /** The token with its session and user, whatever their state. */
  findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined>;
  /**
   * Replaces a live token by `next`; false when it had already been rotated (by a concurrent request: the
   * conditional update takes the row lock, so exactly one of several racing rotations wins).
   */
  rotateRefreshToken(tokenHash: string, sessionId: string, next: NewRefreshToken): Promise<boolean>;
  /** Idempotent: the first revocation's time and reason are kept. */
  revokeSession(sessionId: string, now: Date, reason: string): Promise<void>;
  /** Not revoked, not past its absolute expiry, and the user's own. */
  isSessionActive(sessionId: string, userId: string, now: Date): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionsRepository: SessionsRepository;
  }
}

/** The SQL of sessions and refresh tokens. */
function sessionsRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;
  // Every authenticated request asks this: built once, parsed once per connection by the database, run through
  // Database.query (no query builder or row mapping per request).
  const activeSession = statement<{ id: string }>(
    'session_active',
    sql`select ${sessions.id} from ${sessions}
      where ${sessions.id} = ${sql.placeholder('sessionId')}::uuid and ${sessions.userId} = ${sql.placeholder('userId')}::uuid
        and ${sessions.revokedAt} is null and ${sessions.absoluteExpiresAt} > ${sql.placeholder('now')}::timestamptz
      limit 1`,
  );

  const repository: SessionsRepository = {
    async createSession(session, token) {
      const ended = new Date(session.createdAt.getTime() - PRUNE_AFTER_MS);
      await orm.transaction(async (tx) => {
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, session.userId), or(lt(sessions.revokedAt, ended), lt(sessions.absoluteExpiresAt, ended))));
        await tx.insert(sessions).values(session);
        await tx.insert(refreshTokens).values({ ...token, sessionId: session.id });
      });
    },

    async findRefreshToken(tokenHash) {
      const [row] = await orm
        .select({ token: refreshTokens, session: sessions, user: users })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async rotateRefreshToken(tokenHash, sessionId, next) {
      return orm.transaction(async (tx) => {
        const rotated = await tx
          .update(refreshTokens)
          .set({ rotatedAt: next.issuedAt, replacedBy: next.tokenHash })
          .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
          .returning({ tokenHash: refreshTokens.tokenHash });
        if (rotated.length === 0) return false;
        await tx.insert(refreshTokens).values({ ...next, sessionId });
        return true;
      });
    },

    async revokeSession(sessionId, now, reason) {
      await orm
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async isSessionActive(sessionId, userId, now) {
      if (!isUuid(sessionId) || !isUuid(userId)) return false;
      const rows = await activeSession.execute(app.db, { sessionId, userId, now });
      return rows.length > 0;
    },
  };
  app.decorate('sessionsRepository', repository);
}

export default fp(sessionsRepositoryPlugin, { name: 'sessions-repository', fastify: '5.x', dependencies: ['db'] });
