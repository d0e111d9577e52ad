import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Orm } from '../../../db/database.js';
import { type AccountRole, type EmailCodePurpose, emailCodes, sessions, users } from '../../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;

type Transaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

export interface NewUser {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  role: AccountRole;
  createdAt: Date;
}

export interface NewEmailCode {
  id: string;
  email: string;
  purpose: EmailCodePurpose;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Codes older than this are deleted when a new one is issued for the same address. */
const STALE_CODE_MS = 24 * 3600 * 1000;

export interface AccountsRepository {
  /** By username (any case) or by email: usernames cannot contain "@", so one query serves both. */
  findUserByLogin(identifier: string): Promise<UserRow | undefined>;
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  isUsernameTaken(username: string): Promise<boolean>;
  isEmailTaken(email: string): Promise<boolean>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
  /** Stores a new code; the address's earlier unused codes of that purpose stop working (marked used). */
  issueEmailCode(code: NewEmailCode): Promise<void>;
  /** The newest code of the address and purpose with this hash, used or not. */
  findEmailCode(email: string, purpose: EmailCodePurpose, codeHash: string): Promise<EmailCodeRow | undefined>;
  /** One more wrong guess against the address's live codes of that purpose. */
  countWrongCode(email: string, purpose: EmailCodePurpose, now: Date): Promise<void>;
  /**
   * Uses the code and creates the user in one transaction: `code-used` when another request used the code
   * first, `taken` when the username or email exists (the code then stays unused).
   */
  createUserWithCode(user: NewUser, codeId: string): Promise<'created' | 'code-used' | 'taken'>;
  /** Uses the code, sets the new hash and revokes every session of the user, in one transaction. */
  resetPasswordWithCode(userId: string, passwordHash: string, codeId: string, now: Date): Promise<'reset' | 'code-used'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountsRepository: AccountsRepository;
  }
}

class UserTaken extends Error {}

/** Marks the code used unless something else did first; true when this call used it. */
async function useCode(tx: Transaction, codeId: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return used.length === 1;
}

/** The SQL of users and email codes (docs/architecture.md §4: handlers and services never write SQL). */
function accountsRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;
  const usernameIs = (username: string) => sql`lower(${users.username}) = lower(${username})`;

  const repository: AccountsRepository = {
    async findUserByLogin(identifier) {
      const [row] = await orm
        .select()
        .from(users)
        .where(or(eq(users.email, identifier.toLowerCase()), usernameIs(identifier)))
        .limit(1);
      return row;
    },

    async findUserByEmail(email) {
      const [row] = await orm.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async isUsernameTaken(username) {
      return (await orm.select({ id: users.id }).from(users).where(usernameIs(username)).limit(1)).length > 0;
    },

    async isEmailTaken(email) {
      return (await orm.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0;
    },

    async setPasswordHash(userId, passwordHash) {
      await orm.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async issueEmailCode(code) {
      await orm.transaction(async (tx) => {
        const ofAddress = and(eq(emailCodes.email, code.email), eq(emailCodes.purpose, code.purpose));
        await tx.delete(emailCodes).where(and(ofAddress, lt(emailCodes.createdAt, new Date(code.createdAt.getTime() - STALE_CODE_MS))));
        await tx.update(emailCodes).set({ usedAt: code.createdAt }).where(and(ofAddress, isNull(emailCodes.usedAt)));
        await tx.insert(emailCodes).values(code);
      });
    },

    async findEmailCode(email, purpose, codeHash) {
      const [row] = await orm
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), eq(emailCodes.codeHash, codeHash)))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      return row;
    },

    async countWrongCode(email, purpose, now) {
      await orm
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now)));
    },

    async createUserWithCode(user, codeId) {
      try {
        return await orm.transaction(async (tx) => {
          if (!(await useCode(tx, codeId, user.createdAt))) return 'code-used' as const;
          // A partner account is its own partner; a shop joins one later with its invite code (partner-service).
          const inserted = await tx
            .insert(users)
            .values({ ...user, partnerId: user.role === 'partner' ? user.id : null })
            .onConflictDoNothing()
            .returning({ id: users.id });
          // Throwing rolls the transaction back, so the code stays usable with another username.
          if (inserted.length === 0) throw new UserTaken();
          return 'created' as const;
        });
      } catch (error) {
        if (error instanceof UserTaken) return 'taken';
        throw error;
      }
    },

    async resetPasswordWithCode(userId, passwordHash, codeId, now) {
      return orm.transaction(async (tx) => {
        if (!(await useCode(tx, codeId, now))) return 'code-used' as const;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx
          .update(sessions)
          .set({ revokedAt: now, revokedReason: 'password_reset' })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
        return 'reset' as const;
      });
    },
  };
  app.decorate('accountsRepository', repository);
}

export default fp(accountsRepositoryPlugin, { name: 'accounts-repository', fastify: '5.x', dependencies: ['db'] });
