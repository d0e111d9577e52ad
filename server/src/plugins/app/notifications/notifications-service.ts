import type { Notification, NotificationKind } from '@pagemate/shared-contracts/contracts';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifications } from '../../../db/schema/index.js';

/** Most notifications one list answer carries (older ones stay until dismissed). */
const LIST_LIMIT = 50;

export type NotificationParams = Record<string, string | number>;

/** What the user is told, stored so every instance and every tab sees it; the client words it per kind. */
export interface Notifications {
  /**
   * Records a notification once per `dedupeKey` (a replayed event notifies once); answers whether it was new.
   * Never throws for a duplicate, so callers may call it after the fact without a transaction.
   */
  notify(userId: string, kind: NotificationKind, params: NotificationParams, dedupeKey: string): Promise<boolean>;
  /** Undismissed notifications, newest first. */
  list(userId: string): Promise<Notification[]>;
  /** Dismisses the user's notifications among `ids` (others' ids are ignored). */
  dismiss(userId: string, ids: readonly string[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}


function notificationsPlugin(app: FastifyInstance) {
  const orm = app.db.orm;

  const service: Notifications = {
    async notify(userId, kind, params, dedupeKey) {
      const inserted = await orm
        .insert(notifications)
        .values({ id: crypto.randomUUID(), userId, kind, params, dedupeKey, createdAt: app.clock.now() })
        .onConflictDoNothing({ target: notifications.dedupeKey })
        .returning({ id: notifications.id });
      if (inserted.length > 0) app.log.info({ userId, kind, params }, 'notification recorded');
      return inserted.length > 0;
    },

    async list(userId) {
      const rows = await orm
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.dismissedAt)))
        .orderBy(desc(notifications.createdAt))
        .limit(LIST_LIMIT);
      return rows.map((row) => ({ id: row.id, kind: row.kind as NotificationKind, params: row.params, created_at: row.createdAt.toISOString() }));
    },

    async dismiss(userId, ids) {
      await orm
        .update(notifications)
        .set({ dismissedAt: app.clock.now() })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.dismissedAt)));
    },
  };
  app.decorate('notifications', service);
}

export default fp(notificationsPlugin, { name: 'notifications', fastify: '5.x', dependencies: ['db', 'clock'] });
