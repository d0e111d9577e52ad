import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  clients,
  facebookAccounts,
  facebookPages,
  inboxItems,
  inboxThreads,
  orders,
  pageManagers,
  postRuns,
  sandboxSubscriptions,
  scheduledPosts,
} from '../db/schema/index.js';
import { GRAPH_FIELDS_OF } from '../plugins/app/facebook/facebook-service.js';
import { DEMO_ACCOUNTS } from './demo-data.js';

/** What keeps a page id per user, besides the page row, the scheduled posts' lists and the ledger. */
const PAGE_TABLES = [pageManagers, inboxThreads, inboxItems, clients, orders, postRuns] as const;

/** The ids the demo pages had when every user's sandbox shared them. */
const SHARED_PAGE_IDS = DEMO_ACCOUNTS.flatMap((account) => account.pages.map((page) => page.id));

/**
 * Moves each sandbox page connected under a shared demo id (every user who connected a demo person got the same
 * page ids) to the id it has in its user's own sandbox: the page row with a fresh page token, its manager, inbox,
 * clients, orders and scheduled posts, and its sandbox subscription. The ledger keeps the old id: it is history,
 * and append-only. Old events of the shared pages stay attributed to nobody. Runs at every start of a sandbox
 * server; a page already moved (or moved by another instance meanwhile) is left alone. Answers how many moved.
 */
export async function moveSharedSandboxPages(app: FastifyInstance): Promise<number> {
  const orm = app.db.orm;
  const shared = await orm
    .select({ userId: facebookPages.userId, pageId: facebookPages.pageId, subscribed: facebookPages.subscribed, demoPersonId: facebookAccounts.facebookUserId })
    .from(facebookPages)
    .innerJoin(facebookAccounts, eq(facebookAccounts.id, facebookPages.accountId))
    .where(and(eq(facebookAccounts.sandbox, true), inArray(facebookPages.pageId, SHARED_PAGE_IDS)));
  let moved = 0;
  for (const page of shared) {
    const ownId = app.metaSandbox.pageIdOf(page.userId, page.pageId);
    const token = app.metaSandbox.tokens.issue({ k: 'page', t: page.userId, u: page.demoPersonId, p: ownId, d: page.pageId });
    const now = app.clock.now();
    const done = await orm.transaction(async (tx) => {
      const [taken] = await tx.select({ id: facebookPages.id }).from(facebookPages).where(and(eq(facebookPages.userId, page.userId), eq(facebookPages.pageId, ownId)));
      if (taken) return false;
      const updated = await tx
        .update(facebookPages)
        .set({ pageId: ownId, pageTokenEncrypted: app.meta.tokens.encrypt(token), updatedAt: now })
        .where(and(eq(facebookPages.userId, page.userId), eq(facebookPages.pageId, page.pageId)))
        .returning({ id: facebookPages.id });
      if (updated.length === 0) return false;
      for (const table of PAGE_TABLES) {
        await tx.update(table).set({ pageId: ownId }).where(and(eq(table.userId, page.userId), eq(table.pageId, page.pageId)));
      }
      await tx
        .update(scheduledPosts)
        .set({
          pageIds: sql`(select jsonb_agg(case when listed.value = ${page.pageId} then ${ownId} else listed.value end) from jsonb_array_elements_text(${scheduledPosts.pageIds}) as listed(value))`,
        })
        .where(and(eq(scheduledPosts.userId, page.userId), sql`${scheduledPosts.pageIds} ? ${page.pageId}`));
      const fields = page.subscribed.flatMap((action) => GRAPH_FIELDS_OF[action]);
      if (fields.length > 0) {
        await tx.insert(sandboxSubscriptions).values({ pageId: ownId, fields, updatedAt: now }).onConflictDoUpdate({ target: sandboxSubscriptions.pageId, set: { fields, updatedAt: now } });
      }
      return true;
    });
    if (done) moved += 1;
  }
  if (moved > 0) app.log.warn({ moved }, 'meta sandbox: pages connected under shared demo ids moved to their users\' own sandbox ids');
  return moved;
}
