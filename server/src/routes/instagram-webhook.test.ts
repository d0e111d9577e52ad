import type { FacebookAccount, InboxThread, PartnerShop } from '@pagemate/shared-contracts/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxItems, inboxThreads, tokenTransactions } from '../db/schema/index.js';
import { bearer, claimsOf, login, registerAccount } from '../test/accounts.js';
import { insertDocument } from '../test/chat.js';
import { api, chooseDocuments, connectThroughSandbox, connectUrlOf, sandboxPageId, type SignedIn, signedInUser, threadDetail } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';
import { deliverWebhook } from '../test/webhook.js';

/** Lan's bakery (demo page with a linked Instagram account) and her coffee shop (none). */
const DEMO = { bakery: '109000000000011', coffee: '109000000000013' };

let serial = 0;
const nextId = () => `${Date.now()}${String(++serial).padStart(4, '0')}`;

/** Meta's documented Instagram comment notification (instagram-platform/webhooks/examples, field `comments`). */
function igComment(igUserId: string, options: { text?: string; id?: string; fromId?: string; username?: string; parentId?: string } = {}) {
  return {
    object: 'instagram',
    entry: [
      {
        id: igUserId,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'comments',
            value: {
              from: { id: options.fromId ?? '232323232', username: options.username ?? 'mai.nguyen' },
              media: { id: '17887498072083520', media_product_type: 'FEED' },
              id: options.id ?? `179${nextId()}`,
              ...(options.parentId ? { parent_id: options.parentId } : {}),
              text: options.text ?? 'Bánh mì thịt nướng giá bao nhiêu vậy shop?',
            },
          },
        ],
      },
    ],
  };
}

/** Meta's documented Instagram message notification (the Messenger envelope; `is_echo` on the account's own). */
function igMessage(igUserId: string, options: { text?: string; mid?: string; igsid?: string; echo?: boolean; at?: Date } = {}) {
  const ms = (options.at ?? new Date()).getTime();
  const igsid = options.igsid ?? '1234567890123456';
  return {
    object: 'instagram',
    entry: [
      {
        id: igUserId,
        time: ms,
        messaging: [
          {
            sender: { id: options.echo ? igUserId : igsid },
            recipient: { id: options.echo ? igsid : igUserId },
            timestamp: ms,
            message: { mid: options.mid ?? `aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQ${nextId()}`, text: options.text ?? 'Shop ơi, giao hàng có miễn phí không?', ...(options.echo ? { is_echo: true } : {}) },
          },
        ],
      },
    ],
  };
}

describe.each(testDatabases)('Instagram: the same bot answers comments and Direct messages (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let BAKERY = '';
  let IG = '';
  let creditCounter = 0;

  const deliver = (payload: unknown) => deliverWebhook(t, payload);
  const sandboxSent = async (user: SignedIn, pageId: string, kindOf: 'comment_reply' | 'message') =>
    (await t.app.sandboxRepository.activityOf(user.userId, pageId, 500)).filter((event) => event.kind === kindOf);
  const itemsOf = (externalId: string) => t.app.db.orm.select().from(inboxItems).where(eq(inboxItems.externalId, externalId));
  const botAnswersTo = (itemId: string) => t.app.db.orm.select().from(inboxItems).where(and(eq(inboxItems.replyToId, itemId), eq(inboxItems.author, 'bot')));
  const chargesOf = async (userId: string) => (await t.app.db.orm.select({ n: count() }).from(tokenTransactions).where(eq(tokenTransactions.userId, userId)))[0]?.n ?? 0;
  const threadsOf = async (user: SignedIn, pageId: string, which: 'comments' | 'messages', channel?: 'facebook' | 'instagram') => {
    const response = await api(t, user, 'POST', `/api/v1/facebook/get-${which}`, { user_id: user.userId, page_id: pageId, ...(channel ? { channel } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: InboxThread[] }).data;
  };
  const subscribe = (user: SignedIn, pageId: string, type: 'comments' | 'messages', channel: 'facebook' | 'instagram' = 'instagram', action = 'subscribe') =>
    api(t, user, 'POST', '/api/v1/facebook/subscribed', { user_id: user.userId, page_id: pageId, type, action, channel });
  const pagesOf = async (user: SignedIn) => {
    const response = await api(t, user, 'GET', '/api/v1/facebook/page/access-token-pages');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: FacebookAccount[] }).data.flatMap((account) => account.page_data);
  };
  const connectedUser = async (funds: number, instagram = true) => {
    const user = await signedInUser(t);
    await connectThroughSandbox(t, user, undefined, { instagram });
    if (funds > 0) await t.app.ledger.credit(user.userId, funds, `ig-credit-${process.pid}-${++creditCounter}`, 'deposit');
    return user;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    // Lan connects as a new user does: the page permissions only; she allows Instagram in the first test.
    lan = await connectedUser(100_000, false);
    BAKERY = sandboxPageId(t, lan, DEMO.bakery);
    IG = t.app.metaSandbox.instagramIdOf(lan.userId, DEMO.bakery);
    await insertDocument(t, lan.userId, 'bang-gia.txt', ['Bánh mì thịt nướng giá 25.000đ một ổ. Giao hàng miễn phí trong bán kính 3 km.']);
    await chooseDocuments(t, lan, [BAKERY], [{ collection_name: 'Tài liệu', file_name: 'bang-gia.txt' }]);
  });
  afterAll(() => t?.close());

  it('the Instagram permissions are asked only when the user allows Instagram, and kept on every later connect', async () => {
    const scopesOf = async (instagram = false) => new URL(await connectUrlOf(t, lan, instagram)).searchParams.get('scope')?.split(',') ?? [];
    const [account] = (await api(t, lan, 'GET', '/api/v1/facebook/page/access-token-pages').then((response) => response.json() as { data: FacebookAccount[] })).data;
    expect(account?.instagram_allowed).toBe(false);
    // Before: the page shows that it has a linked account (its id), not who it is, and nothing can be subscribed.
    const before = account?.page_data.find((page) => page.page_id === BAKERY);
    expect(before?.instagram).toMatchObject({ ig_user_id: IG, username: '', picture_url: null, subscribed: [] });
    const refused = await subscribe(lan, BAKERY, 'comments');
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { code: string }).code).toBe('INSTAGRAM_NOT_ALLOWED');
    expect(await scopesOf()).not.toContain('instagram_basic');
    expect(await scopesOf(true)).toEqual(expect.arrayContaining(['pages_show_list', 'instagram_basic', 'instagram_manage_comments', 'instagram_manage_messages', 'instagram_content_publish']));

    // Allowing Instagram is the dialog again with its permissions added.
    await connectThroughSandbox(t, lan, undefined, { instagram: true });
    const after = (await pagesOf(lan)).find((page) => page.page_id === BAKERY);
    expect(after?.instagram).toMatchObject({ ig_user_id: IG, username: 'banhmicolan' });
    // A later connect (say, to reconnect a page) asks them again rather than silently losing Instagram.
    expect(await scopesOf()).toContain('instagram_manage_messages');
  });

  it('a page with a linked account shows it, and its two subscriptions are its own', async () => {
    const pages = await pagesOf(lan);
    const bakery = pages.find((page) => page.page_id === BAKERY);
    expect(bakery?.instagram).toMatchObject({ ig_user_id: IG, username: 'banhmicolan', subscribed: [] });
    expect(bakery?.instagram?.picture_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(pages.find((page) => page.page_id === sandboxPageId(t, lan, DEMO.coffee))?.instagram).toBeNull();

    // Nothing subscribed: an Instagram delivery for the account records nothing.
    const early = igComment(IG, { text: 'Có ai không?' });
    expect((await deliver(early)).statusCode).toBe(200);
    expect(await itemsOf(early.entry[0]?.changes[0]?.value.id ?? '')).toHaveLength(0);

    const comments = await subscribe(lan, BAKERY, 'comments');
    expect(comments.statusCode, comments.body).toBe(200);
    expect((comments.json() as { data: unknown }).data).toEqual({ page_id: BAKERY, channel: 'instagram', subscribed: ['comments'] });
    expect((await subscribe(lan, BAKERY, 'messages')).statusCode).toBe(200);
    const after = (await pagesOf(lan)).find((page) => page.page_id === BAKERY);
    expect(after?.instagram?.subscribed).toEqual(['comments', 'messages']);
    // The page's own Facebook subscriptions are untouched.
    expect(after?.subscribed).toEqual([]);
    // A page without a linked account cannot subscribe Instagram events.
    const none = await subscribe(lan, sandboxPageId(t, lan, DEMO.coffee), 'comments');
    expect(none.statusCode).toBe(409);
    expect((none.json() as { code: string }).code).toBe('INSTAGRAM_NOT_LINKED');
  });

  it("the app is put on the page at Meta while the account has subscriptions, and taken off with the last", async () => {
    const minh = await connectedUser(0);
    const page = sandboxPageId(t, minh, DEMO.bakery);
    const fieldsAtMeta = () => t.app.sandboxRepository.subscribedFields(page);
    expect(await fieldsAtMeta()).toEqual([]);
    expect((await subscribe(minh, page, 'comments')).statusCode).toBe(200);
    // Meta delivers the account's events only to an app subscribed to the page, with any page field.
    expect(await fieldsAtMeta()).toEqual(['name']);
    expect((await subscribe(minh, page, 'comments', 'facebook')).statusCode).toBe(200);
    expect((await fieldsAtMeta()).sort()).toEqual(['feed', 'name']);
    // Ending Facebook's last subscription keeps the app on the page for Instagram.
    expect((await subscribe(minh, page, 'comments', 'facebook', 'unsubscribe')).statusCode).toBe(200);
    expect(await fieldsAtMeta()).toEqual(['name']);
    const shown = (await pagesOf(minh)).find((entry) => entry.page_id === page);
    expect(shown?.subscribed).toEqual([]);
    expect(shown?.instagram?.subscribed).toEqual(['comments']);
    // The account's last subscription takes the app off the page.
    expect((await subscribe(minh, page, 'comments', 'instagram', 'unsubscribe')).statusCode).toBe(200);
    expect(await fieldsAtMeta()).toEqual([]);
    // Lan's page, the same demo person's in her own sandbox, was never touched.
    expect(page).not.toBe(BAKERY);
  });

  it("Meta's documented comment payload: one reply through /{ig-comment-id}/replies, charged once, marked Instagram", async () => {
    const payload = igComment(IG);
    const commentId = payload.entry[0]?.changes[0]?.value.id ?? '';
    const charges = await chargesOf(lan.userId);
    expect((await deliver(payload)).statusCode).toBe(200);
    const [customer] = await itemsOf(commentId);
    expect(customer).toMatchObject({ replyStatus: 'pending', channel: 'instagram', pageId: BAKERY });
    await t.app.jobs.runDue();
    const replies = (await sandboxSent(lan, BAKERY, 'comment_reply')).filter((event) => (event.payload as { comment_id: string }).comment_id === commentId);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.payload).toMatchObject({ channel: 'instagram' });
    expect((replies[0]?.payload as { message: string }).message).toContain('25.000');
    expect(await chargesOf(lan.userId)).toBe(charges + 1);
    const [charge] = await t.app.db.orm.select().from(tokenTransactions).where(eq(tokenTransactions.userId, lan.userId));
    expect(charge?.message).toContain('Instagram');

    const [thread] = await threadsOf(lan, BAKERY, 'comments', 'instagram');
    expect(thread).toMatchObject({ channel: 'instagram', kind: 'comment', customer_name: 'mai.nguyen', last_author: 'bot', post_url: null });
    expect(await threadsOf(lan, BAKERY, 'comments', 'facebook')).toEqual([]);
    expect((await threadsOf(lan, BAKERY, 'comments')).map((item) => item.thread_id)).toContain(thread?.thread_id);
    const detail = await threadDetail(t, lan, thread?.thread_id ?? '');
    expect(detail.items.map((item) => item.author)).toEqual(['customer', 'bot']);
    const [answer] = await botAnswersTo(customer?.id ?? '');
    expect(answer).toMatchObject({ channel: 'instagram', delivery: 'sent', externalId: (replies[0]?.payload as { id: string }).id });
    await expectLedgerConsistent(t);
  });

  it('a Direct message 5× one after another and 5× at once: one item, one answer through /messages, one charge', async () => {
    for (const mode of ['sequential', 'concurrent'] as const) {
      const igsid = `99${nextId()}`.slice(0, 16);
      const payload = igMessage(IG, { igsid, text: `Giao hàng có miễn phí không shop? (${mode})` });
      const mid = payload.entry[0]?.messaging[0]?.message.mid ?? '';
      const charges = await chargesOf(lan.userId);
      if (mode === 'sequential') for (let i = 0; i < 5; i += 1) expect((await deliver(payload)).statusCode).toBe(200);
      else expect((await Promise.all(Array.from({ length: 5 }, () => deliver(payload)))).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
      expect(await itemsOf(mid)).toHaveLength(1);
      const sends = (await sandboxSent(lan, BAKERY, 'message')).filter((event) => (event.payload as { recipient: { id: string } }).recipient.id === igsid);
      expect(sends, mode).toHaveLength(1);
      expect(sends[0]?.payload).toMatchObject({ messaging_type: 'RESPONSE' });
      expect(await chargesOf(lan.userId), mode).toBe(charges + 1);
      const threads = await t.app.db.orm.select().from(inboxThreads).where(and(eq(inboxThreads.userId, lan.userId), eq(inboxThreads.customerId, igsid)));
      expect(threads.map((row) => `${row.channel}:${row.kind}`)).toEqual(['instagram:message']);
    }
    await expectLedgerConsistent(t);
  });

  it("echoes and the account's own comments are never answered; a person's echo pauses the bot on the thread", async () => {
    const charges = await chargesOf(lan.userId);
    // The account commenting on its own media (a person answering from Instagram): recorded, not answered.
    const root = igComment(IG, { text: 'Còn bánh không shop?', username: 'khach.a', fromId: '454545454' });
    const rootId = root.entry[0]?.changes[0]?.value.id ?? '';
    await deliver(root);
    await t.app.jobs.runDue();
    const own = igComment(IG, { text: 'Dạ còn ạ, chị ghé nhé!', fromId: IG, username: 'banhmicolan', parentId: rootId });
    await deliver(own);
    await t.app.jobs.runDue();
    const [ownItem] = await itemsOf(own.entry[0]?.changes[0]?.value.id ?? '');
    expect(ownItem).toMatchObject({ author: 'human', channel: 'instagram' });
    expect(await botAnswersTo(ownItem?.id ?? '')).toHaveLength(0);

    // A person answering a Direct thread from the Instagram app: an echo without app id; the bot steps back.
    const igsid = '7777777777777777';
    await deliver(igMessage(IG, { igsid, text: 'Chào shop' }));
    await t.app.jobs.runDue();
    const echo = igMessage(IG, { igsid, echo: true, text: 'Shop đây, chị cần gì ạ?' });
    await deliver(echo);
    const [echoItem] = await itemsOf(echo.entry[0]?.messaging[0]?.message.mid ?? '');
    expect(echoItem).toMatchObject({ author: 'human', channel: 'instagram' });
    const [thread] = (await threadsOf(lan, BAKERY, 'messages', 'instagram')).filter((item) => item.customer_id === igsid);
    expect(thread).toMatchObject({ bot_paused: true, bot_pause_reason: 'handoff' });
    const next = igMessage(IG, { igsid, text: 'Cho mình 2 ổ' });
    await deliver(next);
    await t.app.jobs.runDue();
    const [skipped] = await itemsOf(next.entry[0]?.messaging[0]?.message.mid ?? '');
    expect(skipped).toMatchObject({ replyStatus: 'skipped', reason: 'paused' });
    // Two answers in all: the root comment and the first message; echoes and the account's comment cost nothing.
    expect(await chargesOf(lan.userId)).toBe(charges + 2);
  });

  it('the 24-hour window: a Direct message older than a day is not answered, sent or charged', async () => {
    const charges = await chargesOf(lan.userId);
    const igsid = '8888888888888888';
    const late = igMessage(IG, { igsid, text: 'Shop ơi?', at: new Date(Date.now() - 25 * 3600 * 1000) });
    await deliver(late);
    await t.app.jobs.runDue();
    const [item] = await itemsOf(late.entry[0]?.messaging[0]?.message.mid ?? '');
    expect(item).toMatchObject({ replyStatus: 'skipped', reason: 'window_closed' });
    expect((await sandboxSent(lan, BAKERY, 'message')).filter((event) => (event.payload as { recipient: { id: string } }).recipient.id === igsid)).toHaveLength(0);
    expect(await chargesOf(lan.userId)).toBe(charges);
    // A person cannot answer outside the window either.
    const [thread] = (await threadsOf(lan, BAKERY, 'messages', 'instagram')).filter((row) => row.customer_id === igsid);
    const manual = await api(t, lan, 'POST', '/api/v1/facebook/thread/reply', { user_id: lan.userId, thread_id: thread?.thread_id, text: 'Chào bạn' });
    expect(manual.statusCode).toBe(409);
  });

  it('a manual answer to an Instagram comment goes through /replies', async () => {
    const payload = igComment(IG, { text: 'Shop mở cửa mấy giờ?', username: 'khach.b', fromId: '565656565' });
    await deliver(payload);
    await t.app.jobs.runDue();
    const [thread] = (await threadsOf(lan, BAKERY, 'comments', 'instagram')).filter((row) => row.customer_name === 'khach.b');
    const manual = await api(t, lan, 'POST', '/api/v1/facebook/thread/reply', { user_id: lan.userId, thread_id: thread?.thread_id, text: 'Dạ 6 giờ sáng ạ' });
    expect(manual.statusCode, manual.body).toBe(200);
    const commentId = payload.entry[0]?.changes[0]?.value.id ?? '';
    const replies = (await sandboxSent(lan, BAKERY, 'comment_reply')).filter((event) => (event.payload as { comment_id: string }).comment_id === commentId);
    expect(replies.map((event) => (event.payload as { message: string }).message)).toContain('Dạ 6 giờ sáng ạ');
  });

  it('the sandbox sends signed Instagram test comments and DMs; a second user sees and pays for nothing of the first', async () => {
    const sent = await api(t, lan, 'POST', '/api/v1/sandbox/test-event', { user_id: lan.userId, page_id: BAKERY, kind: 'message', text: 'Chào shop', from_name: 'Phạm Thu Hà', channel: 'instagram' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as { data: { delivered: boolean } }).data.delivered).toBe(true);
    await t.app.jobs.runDue();
    const named = (await threadsOf(lan, BAKERY, 'messages', 'instagram')).find((thread) => thread.customer_name === 'Phạm Thu Hà');
    expect(named).toMatchObject({ channel: 'instagram', last_author: 'bot' });

    const hoa = await connectedUser(100_000);
    const hoaBakery = sandboxPageId(t, hoa, DEMO.bakery);
    const hoaIg = t.app.metaSandbox.instagramIdOf(hoa.userId, DEMO.bakery);
    expect(hoaIg).not.toBe(IG);
    const lanBefore = { charges: await chargesOf(lan.userId), balance: await t.app.ledger.balanceOf(lan.userId), threads: (await threadsOf(lan, BAKERY, 'comments')).length };
    // Hoa has not subscribed her account: her deliveries record nothing; Lan's account is not hers to test.
    expect((await api(t, hoa, 'POST', '/api/v1/sandbox/test-event', { user_id: hoa.userId, page_id: BAKERY, kind: 'comment', text: 'x', channel: 'instagram' })).statusCode).toBe(404);
    expect((await api(t, hoa, 'POST', '/api/v1/facebook/get-comments', { user_id: hoa.userId, page_id: BAKERY, channel: 'instagram' })).statusCode).toBe(404);
    expect((await subscribe(hoa, BAKERY, 'comments')).statusCode).toBe(404);
    expect((await subscribe(hoa, hoaBakery, 'comments')).statusCode).toBe(200);
    const hers = await api(t, hoa, 'POST', '/api/v1/sandbox/test-event', { user_id: hoa.userId, page_id: hoaBakery, kind: 'comment', text: 'Giá bao nhiêu?', from_name: 'chi.mai', channel: 'instagram' });
    expect((hers.json() as { data: { delivered: boolean } }).data.delivered).toBe(true);
    await t.app.jobs.runDue();
    const [hoaThread] = await threadsOf(hoa, hoaBakery, 'comments', 'instagram');
    expect(hoaThread).toMatchObject({ channel: 'instagram', customer_name: 'chi.mai', last_author: 'bot' });
    expect(await chargesOf(hoa.userId)).toBe(1);
    expect((await api(t, hoa, 'GET', `/api/v1/facebook/thread/${named?.thread_id ?? ''}?user_id=${hoa.userId}`)).statusCode).toBe(404);
    expect({ charges: await chargesOf(lan.userId), balance: await t.app.ledger.balanceOf(lan.userId), threads: (await threadsOf(lan, BAKERY, 'comments')).length }).toEqual(lanBefore);
    await expectLedgerConsistent(t);
  });

  it('an order written in a Direct message is captured once, confirmed on Instagram, and its client recorded', async () => {
    const igsid = '1780000000000042';
    const payload = igMessage(IG, { igsid, text: 'Cho mình đặt 2 ổ bánh mì thịt nướng, giao tới 12 Lê Lợi, Quận 1. SĐT 0912 345 678' });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await deliver(payload)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const orders = await api(t, lan, 'GET', `/api/v1/facebook/get-orders?user_id=${lan.userId}&page_id=${BAKERY}`);
    expect(orders.statusCode, orders.body).toBe(200);
    const captured = (orders.json() as { data: { productName: string; quantity: number; totalPrice: number; source: string; page_id: string; client_id: string | null }[] }).data;
    expect(captured).toHaveLength(1);
    expect(captured[0]).toMatchObject({ productName: 'Bánh mì thịt nướng', quantity: 2, totalPrice: 50_000, source: 'bot', page_id: BAKERY });
    // The confirmation went to the Instagram customer, through /messages.
    const confirmations = (await sandboxSent(lan, BAKERY, 'message')).filter((event) => JSON.stringify(event.payload).includes(igsid));
    expect(confirmations.map((event) => JSON.stringify(event.payload)).join(' ')).toContain('2 × Bánh mì thịt nướng');
    const clients = await api(t, lan, 'GET', '/api/v1/facebook/get-clients');
    const client = (clients.json() as { data: { id: string; phone: string }[] }).data.find((row) => row.id === captured[0]?.client_id);
    expect(client?.phone).toBe('0912345678');
  });

  it("the dashboard and the shop's partner count the Instagram account's comments, messages and the bot's answers", async () => {
    const { dashboardPageSchema } = await import('@pagemate/shared-contracts/contracts');
    const response = await api(t, lan, 'GET', `/api/v1/facebook/dashboard/series?user_id=${lan.userId}&days=30`);
    expect(response.statusCode, response.body).toBe(200);
    const bakery = (response.json() as { data: { pages: unknown[] } }).data.pages.map((row) => dashboardPageSchema.parse(row)).find((row) => row.page_id === BAKERY);
    // What the tests above left on the bakery's Instagram account, counted from the rows themselves.
    const rows = await t.app.db.orm
      .select({ author: inboxItems.author, delivery: inboxItems.delivery, kind: inboxThreads.kind })
      .from(inboxItems)
      .innerJoin(inboxThreads, eq(inboxThreads.id, inboxItems.threadId))
      .where(and(eq(inboxItems.userId, lan.userId), eq(inboxItems.pageId, BAKERY), eq(inboxItems.channel, 'instagram')));
    const instagram = {
      comments: rows.filter((row) => row.author === 'customer' && row.kind === 'comment').length,
      messages: rows.filter((row) => row.author === 'customer' && row.kind === 'message').length,
      bot_replies: rows.filter((row) => row.author === 'bot' && row.delivery === 'sent').length,
    };
    expect(instagram.comments).toBeGreaterThan(0);
    expect(instagram.messages).toBeGreaterThan(0);
    expect(instagram.bot_replies).toBeGreaterThan(0);
    // Only Instagram happened on the bakery in this file: the page's figures are exactly those.
    expect(bakery).toMatchObject(instagram);
    expect(bakery?.spend).toBeGreaterThan(0);

    // A partner the shop joins sees the same figures in its shop list (Lan's other pages had no activity).
    const agencyAccount = await registerAccount(t, { accountType: 'partner', prefix: 'agency' });
    const { accessToken } = await login(t, agencyAccount.username, agencyAccount.password);
    const agency: SignedIn = { accessToken, userId: String(claimsOf(accessToken).userId), username: agencyAccount.username, headers: bearer(accessToken) };
    const invite = await api(t, agency, 'GET', '/api/v1/partner/invite');
    const { code } = (invite.json() as { data: { code: string } }).data;
    expect((await api(t, lan, 'POST', '/api/v1/account/partner/join', { user_id: lan.userId, code })).statusCode).toBe(200);
    const shops = await api(t, agency, 'GET', '/api/v1/partner/shops?days=30');
    expect(shops.statusCode, shops.body).toBe(200);
    const shop = (shops.json() as { data: PartnerShop[] }).data.find((row) => row.shop_id === lan.userId);
    expect(shop).toMatchObject(instagram);
  });
});
