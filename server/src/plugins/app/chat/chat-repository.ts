import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chatConversations, chatMessages, documentFiles } from '../../../db/schema/index.js';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type NewConversation = Omit<ConversationRow, 'createdAt' | 'updatedAt'>;
export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'seq' | 'createdAt'>;

/** Conversations and their messages; every read is scoped by the owner's user id. */
export interface ChatRepository {
  findConversation(userId: string, id: string): Promise<ConversationRow | undefined>;
  listConversations(userId: string, mode: string): Promise<ConversationRow[]>;
  /** The conversation (when new) and the user's message, together or not at all. */
  saveUserTurn(conversation: NewConversation | undefined, conversationId: string, message: NewMessage, now: Date): Promise<void>;
  insertMessage(message: NewMessage, now: Date): Promise<MessageRow>;
  /** Oldest first. */
  listMessages(conversationId: string): Promise<MessageRow[]>;
  deleteConversation(userId: string, id: string): Promise<boolean>;
  /** Which of `fileIds` are the user's and indexed (ready). */
  readyFileIds(userId: string, fileIds: readonly string[]): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatRepository: ChatRepository;
  }
}

function chatRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;

  const repository: ChatRepository = {
    async findConversation(userId, id) {
      const [row] = await orm.select().from(chatConversations).where(and(eq(chatConversations.userId, userId), eq(chatConversations.id, id)));
      return row;
    },
    listConversations: (userId, mode) =>
      orm
        .select()
        .from(chatConversations)
        .where(and(eq(chatConversations.userId, userId), eq(chatConversations.mode, mode)))
        .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id)),
    saveUserTurn: (conversation, conversationId, message, now) =>
      orm.transaction(async (tx) => {
        if (conversation) await tx.insert(chatConversations).values({ ...conversation, createdAt: now, updatedAt: now });
        else await tx.update(chatConversations).set({ updatedAt: now }).where(eq(chatConversations.id, conversationId));
        await tx.insert(chatMessages).values({ ...message, createdAt: now });
      }),
    async insertMessage(message, now) {
      const [row] = await orm.insert(chatMessages).values({ ...message, createdAt: now }).returning();
      if (!row) throw new Error('message insert returned nothing');
      await orm.update(chatConversations).set({ updatedAt: now }).where(eq(chatConversations.id, message.conversationId));
      return row;
    },
    listMessages: (conversationId) => orm.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.seq)),
    async deleteConversation(userId, id) {
      const deleted = await orm
        .delete(chatConversations)
        .where(and(eq(chatConversations.userId, userId), eq(chatConversations.id, id)))
        .returning({ id: chatConversations.id });
      return deleted.length > 0;
    },
    async readyFileIds(userId, fileIds) {
      if (fileIds.length === 0) return [];
      const rows = await orm
        .select({ id: documentFiles.id })
        .from(documentFiles)
        .where(and(eq(documentFiles.userId, userId), inArray(documentFiles.id, [...fileIds]), eq(documentFiles.status, 'ready')));
      return rows.map((row) => row.id);
    },
  };

  app.decorate('chatRepository', repository);
}

export default fp(chatRepositoryPlugin, { name: 'chat-repository', fastify: '5.x', dependencies: ['db'] });
