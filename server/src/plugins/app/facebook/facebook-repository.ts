import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  facebookAccounts,
  facebookConnectStates,
  facebookPages,
  type PageActionName,
  pageManagers,
  type StoredFileRef,
} from '../../../db/schema/index.js';

export type FacebookAccountRow = typeof facebookAccounts.$inferSelect;
export type FacebookPageRow = typeof facebookPages.$inferSelect;
export type PageManagerRow = typeof pageManagers.$inferSelect;

export interface ConnectedAccount {
  facebookUserId: string;
  name: string;
  userTokenEncrypted: string;
  sandbox: boolean;
  instagramAllowed: boolean;
  pages: { pageId: string; name: string; pageTokenEncrypted: string; instagram?: LinkedInstagram | null }[];
}

/** The Instagram professional account linked to a page (`instagram_business_account`). */
export interface LinkedInstagram {
  igUserId: string;
  username: string;
  pictureUrl: string | null;
}

export interface ManagerFields {
  pageName: string;
  files: StoredFileRef[];
  configId: string | null;
  action: PageActionName[];
  autoReply: boolean;
}

/** The SQL of Facebook connections, pages and page managers; scoped by the PageMate user everywhere. */
export interface FacebookRepository {
  insertConnectState(state: { nonceHash: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** Whether the state is known, unused and unexpired (read only: the connect page's early answer). */
  isConnectStateUsable(nonceHash: string, now: Date): Promise<boolean>;
  /** The user who asked for a known, unused, unexpired state (read only: whose sandbox the dialog shows). */
  connectStateOwner(nonceHash: string, now: Date): Promise<string | undefined>;
  /** Marks the state used and answers its user — once, and only before it expires. */
  consumeConnectState(nonceHash: string, now: Date): Promise<string | undefined>;
  /**
   * Stores (or refreshes) the account and its pages in one transaction. A page seen again gets its new token
   * and loses `needs_reconnect`; its subscriptions and manager stay.
   */
  saveConnection(userId: string, account: ConnectedAccount, now: Date): Promise<void>;
  listAccounts(userId: string): Promise<FacebookAccountRow[]>;
  listPages(userId: string): Promise<FacebookPageRow[]>;
  /** The pages of every user given, in one query; each user's in `listPages` order. */
  listPagesOf(userIds: readonly string[]): Promise<FacebookPageRow[]>;
  /** The page, with what its account is: from the sandbox, allowed on Instagram. */
  findPage(userId: string, pageId: string): Promise<(FacebookPageRow & { sandbox: boolean; instagramAllowed: boolean }) | undefined>;
  /** Page ids of the user among these (the ones the user may touch). */
  ownedPageIds(userId: string, pageIds: string[]): Promise<Set<string>>;
  /** What is subscribed on the page (Facebook) or on its linked Instagram account. */
  setSubscribed(userId: string, pageId: string, subscribed: PageActionName[], now: Date, channel?: 'facebook' | 'instagram'): Promise<void>;
  markNeedsReconnect(userId: string, pageId: string, now: Date): Promise<void>;

  listManagers(userId: string, pageIds: string[]): Promise<PageManagerRow[]>;
  findManager(userId: string, managerId: string): Promise<PageManagerRow | undefined>;
  /** One manager per page: inserts, or updates the page's existing one. */
  upsertManager(userId: string, pageId: string, fields: ManagerFields, now: Date): Promise<PageManagerRow>;
  updateManager(userId: string, managerId: string, pageId: string, fields: ManagerFields, now: Date): Promise<PageManagerRow | undefined>;
  deleteManager(userId: string, managerId: string): Promise<boolean>;
  /** Sets the files of every listed page's manager (creating managers where there are none). */
  setManagerFiles(userId: string, pages: { pageId: string; pageName: string }[], files: StoredFileRef[], now: Date): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    facebookRepository: FacebookRepository;
  }
}

const usableState = (nonceHash: string, now: Date) =>
  and(eq(facebookConnectStates.nonceHash, nonceHash), isNull(facebookConnectStates.usedAt), gt(facebookConnectStates.expiresAt, now));

function facebookRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;
  const managerOf = (userId: string, managerId: string) => and(eq(pageManagers.userId, userId), eq(pageManagers.id, managerId));

  const repository: FacebookRepository = {
    async insertConnectState(state) {
      await orm.insert(facebookConnectStates).values(state);
    },
    async isConnectStateUsable(nonceHash, now) {
      return (await repository.connectStateOwner(nonceHash, now)) !== undefined;
    },
    async connectStateOwner(nonceHash, now) {
      const [row] = await orm.select({ userId: facebookConnectStates.userId }).from(facebookConnectStates).where(usableState(nonceHash, now));
      return row?.userId;
    },
    async consumeConnectState(nonceHash, now) {
      const [row] = await orm
        .update(facebookConnectStates)
        .set({ usedAt: now })
        .where(usableState(nonceHash, now))
        .returning({ userId: facebookConnectStates.userId });
      return row?.userId;
    },
    saveConnection: (userId, account, now) =>
      orm.transaction(async (tx) => {
        const [saved] = await tx
          .insert(facebookAccounts)
          .values({
            id: crypto.randomUUID(),
            userId,
            facebookUserId: account.facebookUserId,
            name: account.name,
            userTokenEncrypted: account.userTokenEncrypted,
            sandbox: account.sandbox,
            instagramAllowed: account.instagramAllowed,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [facebookAccounts.userId, facebookAccounts.facebookUserId],
            set: { name: account.name, userTokenEncrypted: account.userTokenEncrypted, sandbox: account.sandbox, instagramAllowed: account.instagramAllowed, updatedAt: now },
          })
          .returning({ id: facebookAccounts.id });
        if (!saved) throw new Error('account upsert returned nothing');
        for (const page of account.pages) {
          await tx
            .insert(facebookPages)
            .values({
              id: crypto.randomUUID(),
              userId,
              accountId: saved.id,
              pageId: page.pageId,
              name: page.name,
              pageTokenEncrypted: page.pageTokenEncrypted,
              igUserId: page.instagram?.igUserId ?? null,
              igUsername: page.instagram?.username ?? null,
              igPictureUrl: page.instagram?.pictureUrl ?? null,
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoUpdate({
              target: [facebookPages.userId, facebookPages.pageId],
              set: {
                accountId: saved.id,
                name: page.name,
                pageTokenEncrypted: page.pageTokenEncrypted,
                needsReconnect: false,
                // Unknown (Graph did not say): what was recorded stays.
                ...(page.instagram === undefined
                  ? {}
                  : {
                      igUserId: sql`excluded.ig_user_id`,
                      igUsername: sql`excluded.ig_username`,
                      igPictureUrl: sql`excluded.ig_picture_url`,
                      // Another (or no) Instagram account linked since: what was subscribed was the old one's.
                      igSubscribed: sql`case when ${facebookPages.igUserId} is not distinct from excluded.ig_user_id then ${facebookPages.igSubscribed} else '[]'::jsonb end`,
                    }),
                updatedAt: now,
              },
            });
        }
      }),
    listAccounts: (userId) => orm.select().from(facebookAccounts).where(eq(facebookAccounts.userId, userId)).orderBy(asc(facebookAccounts.createdAt), asc(facebookAccounts.id)),
    listPages: (userId) => orm.select().from(facebookPages).where(eq(facebookPages.userId, userId)).orderBy(asc(facebookPages.createdAt), asc(facebookPages.name)),
    listPagesOf: async (userIds) =>
      userIds.length === 0
        ? []
        : orm
            .select()
            .from(facebookPages)
            .where(inArray(facebookPages.userId, [...userIds]))
            .orderBy(asc(facebookPages.createdAt), asc(facebookPages.name)),
    async findPage(userId, pageId) {
      const [row] = await orm
        .select({ page: facebookPages, sandbox: facebookAccounts.sandbox, instagramAllowed: facebookAccounts.instagramAllowed })
        .from(facebookPages)
        .innerJoin(facebookAccounts, eq(facebookAccounts.id, facebookPages.accountId))
        .where(and(eq(facebookPages.userId, userId), eq(facebookPages.pageId, pageId)));
      return row ? { ...row.page, sandbox: row.sandbox, instagramAllowed: row.instagramAllowed } : undefined;
    },
    async ownedPageIds(userId, pageIds) {
      if (pageIds.length === 0) return new Set();
      const rows = await orm
        .select({ pageId: facebookPages.pageId })
        .from(facebookPages)
        .where(and(eq(facebookPages.userId, userId), inArray(facebookPages.pageId, pageIds)));
      return new Set(rows.map((row) => row.pageId));
    },
    async setSubscribed(userId, pageId, subscribed, now, channel = 'facebook') {
      await orm
        .update(facebookPages)
        .set({ ...(channel === 'instagram' ? { igSubscribed: subscribed } : { subscribed }), needsReconnect: false, updatedAt: now })
        .where(and(eq(facebookPages.userId, userId), eq(facebookPages.pageId, pageId)));
    },
    async markNeedsReconnect(userId, pageId, now) {
      await orm.update(facebookPages).set({ needsReconnect: true, updatedAt: now }).where(and(eq(facebookPages.userId, userId), eq(facebookPages.pageId, pageId)));
    },

    async listManagers(userId, pageIds) {
      if (pageIds.length === 0) return [];
      return orm
        .select()
        .from(pageManagers)
        .where(and(eq(pageManagers.userId, userId), inArray(pageManagers.pageId, pageIds)))
        .orderBy(asc(pageManagers.createdAt), asc(pageManagers.id));
    },
    async findManager(userId, managerId) {
      const [row] = await orm.select().from(pageManagers).where(managerOf(userId, managerId));
      return row;
    },
    async upsertManager(userId, pageId, fields, now) {
      const [row] = await orm
        .insert(pageManagers)
        .values({ id: crypto.randomUUID(), userId, pageId, ...fields, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [pageManagers.userId, pageManagers.pageId], set: { ...fields, updatedAt: now } })
        .returning();
      if (!row) throw new Error('manager upsert returned nothing');
      return row;
    },
    async updateManager(userId, managerId, pageId, fields, now) {
      const [row] = await orm.update(pageManagers).set({ pageId, ...fields, updatedAt: now }).where(managerOf(userId, managerId)).returning();
      return row;
    },
    async deleteManager(userId, managerId) {
      const deleted = await orm.delete(pageManagers).where(managerOf(userId, managerId)).returning({ id: pageManagers.id });
      return deleted.length > 0;
    },
    setManagerFiles: (userId, pages, files, now) =>
      orm.transaction(async (tx) => {
        for (const page of pages) {
          await tx
            .insert(pageManagers)
            .values({ id: crypto.randomUUID(), userId, pageId: page.pageId, pageName: page.pageName, files, createdAt: now, updatedAt: now })
            .onConflictDoUpdate({ target: [pageManagers.userId, pageManagers.pageId], set: { files, updatedAt: now } });
        }
      }),
  };
  app.decorate('facebookRepository', repository);
}

export default fp(facebookRepositoryPlugin, { name: 'facebook-repository', fastify: '5.x', dependencies: ['db'] });
