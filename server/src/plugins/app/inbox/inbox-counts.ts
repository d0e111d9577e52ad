import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InboxRepository } from './inbox-repository.js';

/** A user's all-time figures for the dashboard: pages, customer comments and messages, sent bot answers, spend, orders, clients. */
export function createInboxCounts(app: FastifyInstance): Pick<InboxRepository, 'counts'> {
  const orm = app.db.orm;

  return {
    async counts(userId) {
      const result = await orm.execute<{ pages: number; comments: number; messages: number; bot_replies: number; spend: string | number; orders: number; clients: number }>(sql`
        select
          (select count(*)::int from facebook_pages p where p.user_id = ${userId}) as pages,
          (select count(*)::int from inbox_items i join inbox_threads t on t.id = i.thread_id
            where i.user_id = ${userId} and i.author = 'customer' and t.kind = 'comment') as comments,
          (select count(*)::int from inbox_items i join inbox_threads t on t.id = i.thread_id
            where i.user_id = ${userId} and i.author = 'customer' and t.kind = 'message') as messages,
          (select count(*)::int from inbox_items i where i.user_id = ${userId} and i.author = 'bot' and i.delivery = 'sent') as bot_replies,
          (select coalesce(sum(-e.amount), 0) from ledger_entries e where e.user_id = ${userId} and e.kind = 'token_charge') as spend,
          (select count(*)::int from orders o where o.user_id = ${userId}) as orders,
          (select count(*)::int from clients c where c.user_id = ${userId}) as clients`);
      const row = result.rows[0];
      return {
        pages: Number(row?.pages ?? 0),
        comments: Number(row?.comments ?? 0),
        messages: Number(row?.messages ?? 0),
        botReplies: Number(row?.bot_replies ?? 0),
        spend: Number(row?.spend ?? 0),
        orders: Number(row?.orders ?? 0),
        clients: Number(row?.clients ?? 0),
      };
    },
  };
}
