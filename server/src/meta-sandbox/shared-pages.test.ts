import type { InboxThread } from '@pagemate/shared-contracts/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookPages, inboxItems, inboxThreads, pageManagers, postRuns, sandboxSubscriptions, scheduledPosts } from '../db/schema/index.js';
import { api, chooseDocuments, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { DEMO_ACCOUNTS } from './demo-data.js';
import { moveSharedSandboxPages } from './shared-pages.js';

const LAN = DEMO_ACCOUNTS[0];
const BAKERY = '109000000000011';
const COFFEE = '109000000000013';

describe.each(testDatabases)('sandbox pages connected under the shared demo ids (%s)', (kind) => {
  let t: TestApp;
  let first: SignedIn;
  let second: SignedIn;

  const threadsOf = async (user: SignedIn, pageId: string) => {
    const response = await api(t, user, 'POST', '/api/v1/facebook/get-comments', { user_id: user.userId, page_id: pageId });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: InboxThread[] }).data;
  };
  const testComment = async (user: SignedIn, pageId: string, text: string) => {
    const response = await api(t, user, 'POST', '/api/v1/sandbox/test-event', { user_id: user.userId, page_id: pageId, kind: 'comment', text, from_name: 'Chị Hoa' });
    expect((response.json() as { data: unknown }).data).toMatchObject({ delivered: true });
  };

  /** Puts a user's sandbox back as it was stored when every user shared the demo pages' ids and tokens. */
  async function asSharedPages(user: SignedIn) {
    const orm = t.app.db.orm;
    for (const demo of LAN?.pages.filter((page) => !page.withoutToken) ?? []) {
      const own = sandboxPageId(t, user, demo.id);
      const sharedToken = t.app.metaSandbox.tokens.issue({ k: 'page', u: LAN?.id, p: demo.id } as unknown as Parameters<typeof t.app.metaSandbox.tokens.issue>[0]);
      await orm
        .update(facebookPages)
        .set({ pageId: demo.id, pageTokenEncrypted: t.app.meta.tokens.encrypt(sharedToken) })
        .where(and(eq(facebookPages.userId, user.userId), eq(facebookPages.pageId, own)));
      await orm.update(pageManagers).set({ pageId: demo.id }).where(and(eq(pageManagers.userId, user.userId), eq(pageManagers.pageId, own)));
      await orm.update(inboxThreads).set({ pageId: demo.id }).where(and(eq(inboxThreads.userId, user.userId), eq(inboxThreads.pageId, own)));
      await orm.update(inboxItems).set({ pageId: demo.id }).where(and(eq(inboxItems.userId, user.userId), eq(inboxItems.pageId, own)));
      await orm.update(postRuns).set({ pageId: demo.id }).where(and(eq(postRuns.userId, user.userId), eq(postRuns.pageId, own)));
      await orm.delete(sandboxSubscriptions).where(eq(sandboxSubscriptions.pageId, own));
    }
    await orm.update(scheduledPosts).set({ pageIds: [BAKERY, COFFEE] }).where(eq(scheduledPosts.userId, user.userId));
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    first = await signedInUser(t);
    second = await signedInUser(t);
    for (const [user, text] of [[first, 'Bánh mì còn không?'], [second, 'Mấy giờ mở cửa?']] as const) {
      await connectThroughSandbox(t, user, { account: LAN?.id ?? '' });
      const page = sandboxPageId(t, user, BAKERY);
      const subscribed = await api(t, user, 'POST', '/api/v1/facebook/subscribed', { user_id: user.userId, page_id: page, type: 'comments', action: 'subscribe' });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
      await chooseDocuments(t, user, [page], []);
      await testComment(user, page, text);
      expect(await threadsOf(user, page)).toHaveLength(1);
      const post = await api(t, user, 'POST', '/api/v1/facebook/post/create', {
        user_id: user.userId, content: 'Bánh mì mới ra lò', page_ids: [page, sandboxPageId(t, user, COFFEE)], time: new Date(Date.now() + 86_400_000).toISOString(), repeat: { kind: 'none' },
      });
      expect(post.statusCode, post.body).toBe(200);
      await asSharedPages(user);
    }
  });
  afterAll(() => t?.close());

  it('moves each to its user\'s own id with its manager, inbox and subscription; their events then reach their owner only', async () => {
    // As stored before: both users hold the bakery under one id.
    expect(await t.app.facebookRepository.findPage(first.userId, BAKERY)).toBeDefined();
    expect(await t.app.facebookRepository.findPage(second.userId, BAKERY)).toBeDefined();

    expect(await moveSharedSandboxPages(t.app)).toBe(6);
    expect(await moveSharedSandboxPages(t.app)).toBe(0);

    for (const [user, text] of [[first, 'Bánh mì còn không?'], [second, 'Mấy giờ mở cửa?']] as const) {
      const own = sandboxPageId(t, user, BAKERY);
      expect(await t.app.facebookRepository.findPage(user.userId, BAKERY)).toBeUndefined();
      const page = await t.app.facebookRepository.findPage(user.userId, own);
      expect(page).toMatchObject({ pageId: own, subscribed: ['comments'], needsReconnect: false });
      expect((await t.app.facebookRepository.listManagers(user.userId, [own])).map((manager) => manager.pageId)).toEqual([own]);
      const [thread] = await threadsOf(user, own);
      expect(thread?.last_text).toBe(text);
      // A fresh token of the user's own page, which the sandbox accepts, with the subscription kept.
      const token = await t.app.facebook.pageToken(user.userId, own);
      expect(await t.app.meta.graph.me(token)).toEqual({ id: own, name: 'Tiệm Bánh Mì Cô Lan' });
      expect(await t.app.meta.graph.subscribedFields(own, token)).toEqual(['feed']);
      const [post] = await t.app.db.orm.select().from(scheduledPosts).where(eq(scheduledPosts.userId, user.userId));
      expect(post?.pageIds).toEqual([own, sandboxPageId(t, user, COFFEE)]);
      const runs = await t.app.db.orm.select({ pageId: postRuns.pageId }).from(postRuns).where(eq(postRuns.userId, user.userId));
      expect(runs.map((run) => run.pageId).sort()).toEqual([own, sandboxPageId(t, user, COFFEE)].sort());
    }

    await testComment(first, sandboxPageId(t, first, BAKERY), 'Có bánh mì chay không?');
    expect(await threadsOf(first, sandboxPageId(t, first, BAKERY))).toHaveLength(2);
    expect(await threadsOf(second, sandboxPageId(t, second, BAKERY))).toHaveLength(1);
  });
});
