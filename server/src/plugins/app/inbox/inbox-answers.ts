import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { timeOrderedUuid } from '../../../db/ids.js';
import { facebookPages, inboxItems } from '../../../db/schema/index.js';
import type { InboxRepository } from './inbox-repository.js';

/** The bot's side of a conversation: its one answer per customer item, the item's outcome, private replies, a page's pause. */
export function createInboxAnswers(app: FastifyInstance): Pick<InboxRepository, 'botAnswerFor' | 'updateAnswer' | 'claimPrivateReply' | 'deleteAnswer' | 'finishCustomer' | 'setPagePause'> {
  const orm = app.db.orm;

  return {
    async botAnswerFor(customer, now) {
      const [created] = await orm
        .insert(inboxItems)
        .values({
          id: timeOrderedUuid(),
          threadId: customer.threadId,
          userId: customer.userId,
          pageId: customer.pageId,
          channel: customer.channel,
          author: 'bot',
          externalId: null,
          text: '',
          createdAt: now,
          replyToId: customer.id,
          delivery: 'generating',
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (created) return created;
      const [existing] = await orm.select().from(inboxItems).where(and(eq(inboxItems.replyToId, customer.id), eq(inboxItems.author, 'bot')));
      if (!existing) throw new Error('bot answer neither inserted nor found');
      return existing;
    },

    async updateAnswer(id, update, now) {
      await orm.update(inboxItems).set({ ...update, updatedAt: now }).where(eq(inboxItems.id, id));
    },

    async claimPrivateReply(customerItemId, now) {
      const claimed = await orm
        .update(inboxItems)
        .set({ privateReplyId: 'pending', updatedAt: now })
        .where(and(eq(inboxItems.id, customerItemId), sql`${inboxItems.privateReplyId} is null`))
        .returning({ id: inboxItems.id });
      return claimed.length === 1;
    },

    async deleteAnswer(id) {
      await orm.delete(inboxItems).where(and(eq(inboxItems.id, id), eq(inboxItems.author, 'bot')));
    },

    async finishCustomer(id, status, reason, now) {
      const done = await orm
        .update(inboxItems)
        .set({ replyStatus: status, reason, updatedAt: now })
        .where(and(eq(inboxItems.id, id), eq(inboxItems.replyStatus, 'pending')))
        .returning({ id: inboxItems.id });
      return done.length === 1;
    },

    async setPagePause(userId, pageId, reason, until) {
      // Not `updatedAt`: that orders page ownership (ownerOf), which a pause must not change.
      await orm
        .update(facebookPages)
        .set({ botPausedReason: reason, botPausedUntil: until })
        .where(and(eq(facebookPages.userId, userId), eq(facebookPages.pageId, pageId)));
    },
  };
}
