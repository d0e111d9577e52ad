import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../test/chat.js';
import { api, chooseDocuments, type SignedIn } from '../test/facebook.js';
import { type TestApp, testDatabases } from '../test/helper.js';
import { bakeryShop, pagesOf, webhookSteps } from '../test/webhook.js';

/**
 * Many shops on one deployment: two users who connect the same demo person see, trigger and pay for nothing of
 * each other's, and another user's threads are out of reach.
 */
describe.each(testDatabases)('webhook: one shop never reaches another (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let BAKERY = '';
  const { chargesOf, threadsOf, subscribe, connectedUser } = webhookSteps(() => ({ t, lan }));

  beforeAll(async () => {
    ({ t, lan, bakery: BAKERY } = await bakeryShop(kind));
  });
  afterAll(() => t?.close());

  it('two users connect the same demo person: neither sees, triggers or pays for the other\'s activity', async () => {
    const hoa = await connectedUser(100_000);
    const hoaBakery = pagesOf(t, hoa).bakery;
    expect(hoaBakery).not.toBe(BAKERY);
    await subscribe(hoa, hoaBakery, 'comments');
    await insertDocument(t, hoa.userId, 'menu-hoa.txt', ['Bánh mì của Hoa giá 30.000đ một ổ.']);
    await chooseDocuments(t, hoa, [hoaBakery], [{ collection_name: 'Tài liệu', file_name: 'menu-hoa.txt' }]);
    await t.app.jobs.runDue();
    const activityIds = async (user: SignedIn) =>
      ((await api(t, user, 'GET', `/api/v1/sandbox/activity?user_id=${user.userId}`)).json() as { data: { id: string; page_id: string }[] }).data;
    const snapshot = async (user: SignedIn, pageId: string) => ({
      threads: (await threadsOf(user, pageId, 'comments')).map((thread) => `${thread.thread_id}:${thread.last_text}`).sort(),
      charges: await chargesOf(user.userId),
      balance: await t.app.ledger.balanceOf(user.userId),
      activity: (await activityIds(user)).map((item) => item.id),
    });
    const lanBefore = await snapshot(lan, BAKERY);

    // Hoa's test comment reaches her page only: her thread, her bot's answer from her document, her charge.
    const sent = await api(t, hoa, 'POST', '/api/v1/sandbox/test-event', { user_id: hoa.userId, page_id: hoaBakery, kind: 'comment', text: 'Bánh mì giá bao nhiêu vậy shop?', from_name: 'Chị Mai' });
    expect((sent.json() as { data: unknown }).data).toMatchObject({ delivered: true });
    await t.app.jobs.runDue();
    const [hoaThread] = await threadsOf(hoa, hoaBakery, 'comments');
    expect(hoaThread).toMatchObject({ customer_name: 'Chị Mai', last_author: 'bot' });
    expect(await chargesOf(hoa.userId)).toBe(1);
    const hoaReplies = (await t.app.sandboxRepository.activityOf(hoa.userId, hoaBakery, 50)).filter((event) => event.kind === 'comment_reply');
    expect(hoaReplies).toHaveLength(1);
    expect(await snapshot(lan, BAKERY)).toEqual(lanBefore);
    expect((await activityIds(hoa)).every((item) => item.page_id === hoaBakery)).toBe(true);

    // Neither can send to, list or read the other's page; Lan's own test event stays hers.
    expect((await api(t, hoa, 'POST', '/api/v1/sandbox/test-event', { user_id: hoa.userId, page_id: BAKERY, kind: 'comment', text: 'x' })).statusCode).toBe(404);
    expect((await api(t, hoa, 'POST', '/api/v1/facebook/get-comments', { user_id: hoa.userId, page_id: BAKERY })).statusCode).toBe(404);
    expect((await api(t, hoa, 'GET', `/api/v1/sandbox/activity?user_id=${hoa.userId}&page_id=${BAKERY}`)).json()).toEqual({ status: 200, data: [] });
    const hoaBefore = await snapshot(hoa, hoaBakery);
    await api(t, lan, 'POST', '/api/v1/sandbox/test-event', { user_id: lan.userId, page_id: BAKERY, kind: 'comment', text: 'Còn bánh không shop?', from_name: 'Anh Ba' });
    await t.app.jobs.runDue();
    expect(await snapshot(hoa, hoaBakery)).toEqual(hoaBefore);
    expect((await threadsOf(lan, BAKERY, 'comments')).some((thread) => thread.customer_name === 'Anh Ba')).toBe(true);
    expect(await chargesOf(lan.userId)).toBe(lanBefore.charges + 1);
  });

  it("another user's threads are out of reach (404), and user_id must be one's own (403)", async () => {
    const bob = await connectedUser(0);
    // Lan's thread with Anh Ba, from the test above.
    const [thread] = await threadsOf(lan, BAKERY, 'comments');
    expect((await api(t, bob, 'GET', `/api/v1/facebook/thread/${thread?.thread_id}?user_id=${bob.userId}`)).statusCode).toBe(404);
    expect((await api(t, bob, 'POST', '/api/v1/facebook/thread/reply', { user_id: bob.userId, thread_id: thread?.thread_id, text: 'hi' })).statusCode).toBe(404);
    expect((await api(t, bob, 'POST', '/api/v1/facebook/thread/bot', { user_id: bob.userId, thread_id: thread?.thread_id, paused: true })).statusCode).toBe(404);
    expect((await api(t, bob, 'GET', `/api/v1/facebook/thread/${thread?.thread_id}?user_id=${lan.userId}`)).statusCode).toBe(403);
    // Bob connected the same demo pages but subscribed nothing: Lan's threads are not his.
    expect(await threadsOf(bob, pagesOf(t, bob).bakery, 'comments')).toEqual([]);
    const strange = await api(t, bob, 'POST', '/api/v1/facebook/get-comments', { user_id: bob.userId, page_id: '999' });
    expect(strange.statusCode).toBe(404);
    const empty = await api(t, lan, 'POST', '/api/v1/facebook/thread/reply', { user_id: lan.userId, thread_id: thread?.thread_id, text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual(['text']);
  });
});
