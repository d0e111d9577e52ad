import type { InboxItem, InboxThread } from '@pagemate/shared-contracts/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { facebookPages, jobs } from '../db/schema/index.js';
import { JOB_PRIORITY } from '../jobs/index.js';
import { api, type SignedIn, threadDetail } from '../test/facebook.js';
import { type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';
import { bakeryShop, pagesOf, sampleComment, sampleMessage, webhookSteps } from '../test/webhook.js';

/**
 * The bot's answers to what the webhook brings: a comment's reply and a message's Messenger answer from the page's
 * documents, the handoff to a person (the page's own comments, Messenger echoes, manual answers), no balance, a
 * refused page token, and the dashboard counts that grow from them.
 */
describe.each(testDatabases)('webhook: the bot answers, hands off and stops (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let BAKERY = '';
  const { deliver, sandboxSent, itemsOf, botAnswersTo, chargesOf, threadsOf, subscribe, credit, connectedUser } = webhookSteps(() => ({ t, lan }));

  beforeAll(async () => {
    ({ t, lan, bakery: BAKERY } = await bakeryShop(kind));
  });
  afterAll(() => t?.close());

  it("Meta's sample comment: one reply under the comment, from the page's documents, charged once", async () => {
    const payload = sampleComment(BAKERY, { text: 'Bánh mì thịt nướng giá bao nhiêu vậy shop?' });
    const commentId = payload.entry[0]?.changes[0]?.value.comment_id ?? '';
    const charges = await chargesOf(lan.userId);
    const response = await deliver(payload);
    expect(response.statusCode).toBe(200);
    // 200 before any answer: the work is queued durably, not done while Meta waits.
    expect(await sandboxSent(BAKERY, 'comment_reply')).toHaveLength(0);
    const [customer] = await itemsOf(commentId);
    expect(customer?.replyStatus).toBe('pending');
    // Queued ahead of any indexing backlog (interactive), in the page owner's turns.
    const [job] = await t.app.db.orm.select().from(jobs).where(eq(jobs.dedupeKey, `bot.reply:${customer?.id ?? ''}`));
    expect(job).toMatchObject({ priority: JOB_PRIORITY.interactive, owner: lan.userId });

    await t.app.jobs.runDue();
    const replies = (await sandboxSent(BAKERY, 'comment_reply')).filter((event) => (event.payload as { comment_id: string }).comment_id === commentId);
    expect(replies).toHaveLength(1);
    const replyText = (replies[0]?.payload as { message: string }).message;
    expect(replyText).toContain('25.000');
    expect(replyText).not.toMatch(/\[\d\]/);
    expect(await chargesOf(lan.userId)).toBe(charges + 1);
    const [answered] = await itemsOf(commentId);
    expect(answered?.replyStatus).toBe('replied');
    const [answer] = await botAnswersTo(answered?.id ?? '');
    expect(answer?.delivery).toBe('sent');
    expect(answer?.externalId).toBe((replies[0]?.payload as { id: string }).id);
    expect(answer?.cost).toBeGreaterThan(0);

    const [thread] = (await threadsOf(lan, BAKERY, 'comments')).filter((item) => item.customer_name === 'Cinderella Hoover');
    expect(thread).toMatchObject({ kind: 'comment', state: 'bot', last_author: 'bot', unread: 1, bot_paused: false, post_id: `${BAKERY}_444444444`, post_url: null });
    const detail = await threadDetail(t, lan, thread?.thread_id ?? '');
    expect(detail.items.map((item) => item.author)).toEqual(['customer', 'bot']);
    expect(detail.items[1]?.cost).toBe(answer?.cost);
    expect(detail.thread.unread).toBe(0);
    await expectLedgerConsistent(t);
  });

  it("Meta's sample message: one Messenger answer with messaging_type RESPONSE, named from the User Profile API", async () => {
    // The sandbox knows the sender's name from a test event, as Meta knows a real person's.
    const sent = await api(t, lan, 'POST', '/api/v1/sandbox/test-event', { user_id: lan.userId, page_id: BAKERY, kind: 'message', text: 'Chào shop', from_name: 'Phạm Thu Hà' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as { data: { delivered: boolean } }).data.delivered).toBe(true);
    await t.app.jobs.runDue();
    const messages = await sandboxSent(BAKERY, 'message');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.payload).toMatchObject({ messaging_type: 'RESPONSE' });
    const [thread] = await threadsOf(lan, BAKERY, 'messages');
    expect(thread?.customer_name).toBe('Phạm Thu Hà');

    const psid = thread?.customer_id ?? '';
    const payload = sampleMessage(BAKERY, { psid, text: 'Giao hàng có miễn phí không shop?' });
    expect((await deliver(payload)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const after = await sandboxSent(BAKERY, 'message');
    expect(after).toHaveLength(2);
    expect((after[0]?.payload as { recipient: { id: string }; message: { text: string } }).recipient.id).toBe(psid);
    expect((after[0]?.payload as { message: { text: string } }).message.text.toLowerCase()).toContain('miễn phí');
  });

  it("never answers the page's own comments; a person answering from Facebook pauses the bot on that thread", async () => {
    // The page comments on its own post: not a customer, no thread, no answer.
    const own = sampleComment(BAKERY, { fromId: BAKERY, fromName: 'Tiệm Bánh Mì Cô Lan', text: 'Khuyến mãi hôm nay!' });
    expect((await deliver(own)).statusCode).toBe(200);
    expect(await itemsOf(own.entry[0]?.changes[0]?.value.comment_id ?? '')).toHaveLength(0);

    // A customer asks; a person answers from Facebook before the bot runs: the bot steps back.
    const question = sampleComment(BAKERY, { text: 'Bánh mì chả cá còn không?', fromId: '5550000000000001', fromName: 'Lê Văn Tám' });
    const questionId = question.entry[0]?.changes[0]?.value.comment_id ?? '';
    await deliver(question);
    const answer = sampleComment(BAKERY, { fromId: BAKERY, fromName: 'Tiệm Bánh Mì Cô Lan', parentId: questionId, text: 'Dạ còn ạ, anh ghé nhé!' });
    await deliver(answer);
    await t.app.jobs.runDue();
    const [customer] = await itemsOf(questionId);
    expect(customer).toMatchObject({ replyStatus: 'skipped', reason: 'paused' });
    expect((await sandboxSent(BAKERY, 'comment_reply')).filter((event) => (event.payload as { comment_id: string }).comment_id === questionId)).toHaveLength(0);
    const thread = (await threadsOf(lan, BAKERY, 'comments')).find((item) => item.customer_name === 'Lê Văn Tám');
    expect(thread).toMatchObject({ state: 'human', bot_paused: true, bot_pause_reason: 'handoff' });
    expect(Date.parse(thread?.bot_paused_until ?? '')).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('a Messenger echo from a person pauses the bot; the echo of our own send does not', async () => {
    const psid = '7100000000000001';
    await deliver(sampleMessage(BAKERY, { psid, text: 'Shop có giao hàng không?' }));
    await t.app.jobs.runDue();
    // Our own send echoes back with our app id: nothing changes.
    const ours = await sandboxSent(BAKERY, 'message');
    const ourText = (ours[0]?.payload as { message: { text: string }; message_id: string }).message.text;
    await deliver(sampleMessage(BAKERY, { psid, echo: { appId: Number(t.app.meta.appId) }, text: ourText, mid: (ours[0]?.payload as { message_id: string }).message_id }));
    let thread = (await threadsOf(lan, BAKERY, 'messages')).find((item) => item.customer_id === psid);
    expect(thread).toMatchObject({ state: 'bot', bot_paused: false });
    // A person types in Meta's inbox (another app id): handoff.
    await deliver(sampleMessage(BAKERY, { psid, echo: { appId: 263902037430900 }, text: 'Dạ có ạ, em gọi lại cho chị nhé' }));
    thread = (await threadsOf(lan, BAKERY, 'messages')).find((item) => item.customer_id === psid);
    expect(thread).toMatchObject({ state: 'human', bot_paused: true, bot_pause_reason: 'handoff' });
    await deliver(sampleMessage(BAKERY, { psid, text: 'Cảm ơn shop' }));
    await t.app.jobs.runDue();
    const detail = await threadDetail(t, lan, thread?.thread_id ?? '');
    expect(detail.items.map((item) => `${item.author}:${item.reply_status ?? item.delivery}`)).toEqual(['customer:replied', 'bot:sent', 'human:sent', 'customer:skipped']);
    expect(detail.items[3]?.reason).toBe('paused');
  });

  it('a manual answer goes to Facebook, pauses the bot on the thread; resuming lets the bot answer again', async () => {
    const first = sampleComment(BAKERY, { text: 'Shop ơi cho hỏi chút', fromId: '5550000000000002', fromName: 'Võ Thị Sáu' });
    await deliver(first);
    await t.app.jobs.runDue();
    const thread = (await threadsOf(lan, BAKERY, 'comments')).find((item) => item.customer_name === 'Võ Thị Sáu');
    const reply = await api(t, lan, 'POST', '/api/v1/facebook/thread/reply', { user_id: lan.userId, thread_id: thread?.thread_id, text: 'Dạ chị cần hỏi gì ạ?' });
    expect(reply.statusCode, reply.body).toBe(200);
    const { thread: after, item } = (reply.json() as { data: { thread: InboxThread; item: InboxItem } }).data;
    expect(item).toMatchObject({ author: 'human', delivery: 'sent', text: 'Dạ chị cần hỏi gì ạ?' });
    expect(after).toMatchObject({ state: 'human', bot_paused: true, bot_pause_reason: 'handoff' });
    const firstId = first.entry[0]?.changes[0]?.value.comment_id ?? '';
    expect((await sandboxSent(BAKERY, 'comment_reply')).filter((event) => (event.payload as { comment_id: string }).comment_id === firstId)).toHaveLength(2);

    const followUp = sampleComment(BAKERY, { text: 'Bánh mì thịt nướng bao nhiêu?', fromId: '5550000000000002', fromName: 'Võ Thị Sáu', parentId: firstId });
    await deliver(followUp);
    await t.app.jobs.runDue();
    expect((await itemsOf(followUp.entry[0]?.changes[0]?.value.comment_id ?? ''))[0]).toMatchObject({ replyStatus: 'skipped', reason: 'paused' });

    const resumed = await api(t, lan, 'POST', '/api/v1/facebook/thread/bot', { user_id: lan.userId, thread_id: thread?.thread_id, paused: false });
    expect(resumed.statusCode).toBe(200);
    expect((resumed.json() as { data: InboxThread }).data.bot_paused).toBe(false);
    const again = sampleComment(BAKERY, { text: 'Còn chả cá không shop?', fromId: '5550000000000002', fromName: 'Võ Thị Sáu', parentId: firstId });
    await deliver(again);
    await t.app.jobs.runDue();
    expect((await itemsOf(again.entry[0]?.changes[0]?.value.comment_id ?? ''))[0]?.replyStatus).toBe('replied');

    const paused = await api(t, lan, 'POST', '/api/v1/facebook/thread/bot', { user_id: lan.userId, thread_id: thread?.thread_id, paused: true });
    expect((paused.json() as { data: InboxThread }).data).toMatchObject({ bot_paused: true, bot_pause_reason: 'manual', bot_paused_until: null });
  });

  it('no balance: no model call, no answer, the user is told and the page shows the bot paused for funds', async () => {
    const broke = await connectedUser(0);
    const own = pagesOf(t, broke);
    await subscribe(broke, own.coffee, 'comments');
    const payload = sampleComment(own.coffee, { text: 'Cà phê sữa giá bao nhiêu?' });
    await deliver(payload);
    await t.app.jobs.runDue();
    const [item] = await itemsOf(payload.entry[0]?.changes[0]?.value.comment_id ?? '');
    expect(item).toMatchObject({ userId: broke.userId, replyStatus: 'skipped', reason: 'no_funds' });
    expect(await botAnswersTo(item?.id ?? '')).toHaveLength(0);
    expect((await sandboxSent(own.coffee, 'comment_reply')).length).toBe(0);
    const notifications = (await api(t, broke, 'GET', `/api/v1/notifications/${broke.userId}`)).json() as { data: { items: { kind: string }[] } };
    expect(notifications.data.items.map((n) => n.kind)).toContain('ai_paused_no_funds');
    const pages = (await api(t, broke, 'GET', '/api/v1/facebook/page/access-token-pages')).json() as { data: { page_data: { page_id: string; bot_paused: string | null }[] }[] };
    expect(pages.data[0]?.page_data.find((page) => page.page_id === own.coffee)?.bot_paused).toBe('no_funds');
    const [thread] = await threadsOf(broke, own.coffee, 'comments');
    expect(thread?.state).toBe('attention');
    // A top-up lifts the pause; the next comment is answered.
    await credit(broke, 50_000);
    const next = sampleComment(own.coffee, { text: 'Có giao hàng không?' });
    await deliver(next);
    await t.app.jobs.runDue();
    expect((await itemsOf(next.entry[0]?.changes[0]?.value.comment_id ?? ''))[0]?.replyStatus).toBe('replied');
    const after = (await api(t, broke, 'GET', '/api/v1/facebook/page/access-token-pages')).json() as { data: { page_data: { page_id: string; bot_paused: string | null }[] }[] };
    expect(after.data[0]?.page_data.find((page) => page.page_id === own.coffee)?.bot_paused).toBeNull();
    await expectLedgerConsistent(t);
  });

  it('Facebook refusing the page token: the page needs reconnecting, the user is told, the charge comes back, no endless retries', async () => {
    const user = await connectedUser(50_000);
    const own = pagesOf(t, user);
    await subscribe(user, own.fashion, 'comments');
    // The token Meta knew is gone (revoked): the sandbox answers 190 to it.
    await t.app.db.orm
      .update(facebookPages)
      .set({ pageTokenEncrypted: t.app.meta.tokens.encrypt('EAASrevoked.token') })
      .where(and(eq(facebookPages.userId, user.userId), eq(facebookPages.pageId, own.fashion)));
    const payload = sampleComment(own.fashion, { text: 'Áo này còn size M không?' });
    await deliver(payload);
    const balance = await t.app.ledger.balanceOf(user.userId);
    const summary = await t.app.jobs.runDue();
    expect(summary.retried).toBe(0);
    const [item] = await itemsOf(payload.entry[0]?.changes[0]?.value.comment_id ?? '');
    expect(item).toMatchObject({ replyStatus: 'failed', reason: 'needs_reconnect' });
    expect(await t.app.ledger.balanceOf(user.userId)).toBe(balance);
    const pages = (await api(t, user, 'GET', '/api/v1/facebook/page/access-token-pages')).json() as { data: { page_data: { page_id: string; needs_reconnect: boolean }[] }[] };
    expect(pages.data[0]?.page_data.find((page) => page.page_id === own.fashion)?.needs_reconnect).toBe(true);
    const notifications = (await api(t, user, 'GET', `/api/v1/notifications/${user.userId}`)).json() as { data: { items: { kind: string; params: Record<string, string> }[] } };
    expect(notifications.data.items.find((n) => n.kind === 'page_reconnect')?.params.page_name).toBe('Thời Trang Lan Anh');
    await expectLedgerConsistent(t);
  });

  it('the page row is read once per answer; a page token that no longer decrypts skips the answer before any money moves', async () => {
    const user = await connectedUser(50_000);
    const own = pagesOf(t, user);
    await subscribe(user, own.fashion, 'comments');
    const findPage = vi.spyOn(t.app.facebookRepository, 'findPage');
    try {
      await deliver(sampleComment(own.fashion, { text: 'Áo này giá bao nhiêu vậy shop?' }));
      await t.app.jobs.runDue();
      expect(findPage).toHaveBeenCalledTimes(1);
    } finally {
      findPage.mockRestore();
    }
    expect(await chargesOf(user.userId)).toBe(1);
    // The encryption key changed since the token was stored: only a reconnect helps, and nothing is charged.
    await t.app.db.orm
      .update(facebookPages)
      .set({ pageTokenEncrypted: 'v1:not-a-token-this-key-wrote' })
      .where(and(eq(facebookPages.userId, user.userId), eq(facebookPages.pageId, own.fashion)));
    const balance = await t.app.ledger.balanceOf(user.userId);
    const payload = sampleComment(own.fashion, { text: 'Còn size L không shop?' });
    await deliver(payload);
    expect((await t.app.jobs.runDue()).retried).toBe(0);
    const [item] = await itemsOf(payload.entry[0]?.changes[0]?.value.comment_id ?? '');
    expect(item).toMatchObject({ replyStatus: 'skipped', reason: 'needs_reconnect' });
    expect(await botAnswersTo(item?.id ?? '')).toEqual([]);
    expect(await t.app.ledger.balanceOf(user.userId)).toBe(balance);
    expect(await chargesOf(user.userId)).toBe(1);
    const pages = (await api(t, user, 'GET', '/api/v1/facebook/page/access-token-pages')).json() as { data: { page_data: { page_id: string; needs_reconnect: boolean }[] }[] };
    expect(pages.data[0]?.page_data.find((page) => page.page_id === own.fashion)?.needs_reconnect).toBe(true);
    await expectLedgerConsistent(t);
  });

  it('the dashboard counts grow from real data', async () => {
    const response = await api(t, lan, 'GET', `/api/v1/facebook/dashboard/count_all_by_userid?user_id=${lan.userId}`);
    expect(response.statusCode, response.body).toBe(200);
    const counts = (response.json() as { data: Record<string, number> }).data;
    expect(counts.pages).toBe(3);
    // What the tests above brought to Lan's bakery: 5 customer comments, 4 messages, 6 answers sent by the bot.
    expect(counts.comments).toBeGreaterThanOrEqual(5);
    expect(counts.messages).toBeGreaterThanOrEqual(4);
    expect(counts.bot_replies).toBeGreaterThanOrEqual(6);
    const spend = await t.app.db.orm.execute<{ s: string }>(sql`select coalesce(sum(total_cost), 0) as s from token_transactions where user_id = ${lan.userId}`);
    expect(counts.spend).toBe(Number(spend.rows[0]?.s));
  });
});
