import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sandboxEvents, sandboxSubscriptions, sandboxUsedCodes } from '../db/schema/index.js';

export const SANDBOX_EVENT_KINDS = ['subscribed_apps', 'comment_reply', 'private_reply', 'message', 'feed_post', 'photo_post', 'webhook', 'ig_container', 'ig_media'] as const;
export type SandboxEventKind = (typeof SANDBOX_EVENT_KINDS)[number];
export type SandboxEventRow = typeof sandboxEvents.$inferSelect;

/** The sandbox's own state: what it received, page subscriptions, and codes already exchanged. */
export interface SandboxRepository {
  /** An event of `userId`'s sandbox (the PageMate user whose page it is). */
  record(event: { userId: string; pageId: string; kind: SandboxEventKind; summary: string; payload: unknown }, now: Date): Promise<SandboxEventRow>;
  /** Events of the user's own sandbox (optionally of one page), newest first. */
  activityOf(userId: string, pageId: string | undefined, limit: number): Promise<SandboxEventRow[]>;
  subscribedFields(pageId: string): Promise<string[]>;
  setSubscribedFields(pageId: string, fields: string[], now: Date): Promise<void>;
  /** What the app received of one kind on a page whose payload contains `match` (jsonb containment), newest first. */
  received(pageId: string, kind: SandboxEventKind, match: Record<string, unknown>, limit: number): Promise<SandboxEventRow[]>;
  /** The name a test sender of this page was given (the sandbox's User Profile API). */
  senderName(pageId: string, senderId: string): Promise<string | undefined>;
  /** True the first time a code's nonce is used; false ever after. */
  useCode(nonce: string, now: Date): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandboxRepository: SandboxRepository;
  }
}

function sandboxRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;
  const repository: SandboxRepository = {
    async record(event, now) {
      const [row] = await orm
        .insert(sandboxEvents)
        .values({ id: crypto.randomUUID(), userId: event.userId, pageId: event.pageId, kind: event.kind, summary: event.summary, payload: event.payload ?? null, createdAt: now })
        .returning();
      if (!row) throw new Error('sandbox event insert returned nothing');
      return row;
    },
    activityOf(userId, pageId, limit) {
      return orm
        .select()
        .from(sandboxEvents)
        .where(and(eq(sandboxEvents.userId, userId), pageId === undefined ? undefined : eq(sandboxEvents.pageId, pageId)))
        .orderBy(desc(sandboxEvents.createdAt), desc(sandboxEvents.id))
        .limit(limit);
    },
    received(pageId, kind, match, limit) {
      return orm
        .select()
        .from(sandboxEvents)
        .where(and(eq(sandboxEvents.pageId, pageId), eq(sandboxEvents.kind, kind), sql`${sandboxEvents.payload} @> ${JSON.stringify(match)}::jsonb`))
        .orderBy(desc(sandboxEvents.createdAt), desc(sandboxEvents.id))
        .limit(limit);
    },
    async senderName(pageId, senderId) {
      const [row] = await orm
        .select({ name: sql<string>`${sandboxEvents.payload} -> 'sender' ->> 'name'` })
        .from(sandboxEvents)
        .where(and(eq(sandboxEvents.pageId, pageId), eq(sandboxEvents.kind, 'webhook'), sql`${sandboxEvents.payload} @> ${JSON.stringify({ sender: { id: senderId } })}::jsonb`))
        .orderBy(desc(sandboxEvents.createdAt))
        .limit(1);
      return row?.name ?? undefined;
    },
    async subscribedFields(pageId) {
      const [row] = await orm.select({ fields: sandboxSubscriptions.fields }).from(sandboxSubscriptions).where(eq(sandboxSubscriptions.pageId, pageId));
      return row?.fields ?? [];
    },
    async setSubscribedFields(pageId, fields, now) {
      await orm
        .insert(sandboxSubscriptions)
        .values({ pageId, fields, updatedAt: now })
        .onConflictDoUpdate({ target: sandboxSubscriptions.pageId, set: { fields, updatedAt: now } });
    },
    async useCode(nonce, now) {
      const inserted = await orm.insert(sandboxUsedCodes).values({ nonce, usedAt: now }).onConflictDoNothing().returning({ nonce: sandboxUsedCodes.nonce });
      return inserted.length === 1;
    },
  };
  app.decorate('sandboxRepository', repository);
}

export default fp(sandboxRepositoryPlugin, { name: 'sandbox-repository', fastify: '5.x', dependencies: ['db'] });
