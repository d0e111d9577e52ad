import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { type FetchLike, GraphApiError, GraphClient } from '../meta/graph-client.js';
import { connectThroughSandbox, connectUrlOf, api, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, injectingFetch, type TestApp, testDatabases } from '../test/helper.js';
import { digitsFrom } from './webhook-payload.js';

/** Minh's first demo page; each user's copy of it has an id of its own. */
const MINH_PAGE = '109000000000021';

/** What the webhook receiver got: the exact bytes and the signature header. */
const received: { body: string; signature: string }[] = [];

/**
 * The app's outbound HTTP with its webhook deliveries caught on the way (bytes and signature kept, answered
 * 200) — or, `unreachable`, failing as a receiver that cannot be reached does; everything else goes to the app.
 */
function webhookCatcher(getApp: () => FastifyInstance | undefined, mode: 'capture' | 'unreachable'): FetchLike {
  const publicApiUrl = loadConfig({ NODE_ENV: 'test' }).publicApiUrl;
  const inner = injectingFetch(getApp, publicApiUrl);
  return async (input, init) => {
    if (new URL(input).pathname !== '/webhook') return inner(input, init);
    if (mode === 'unreachable') throw new TypeError('fetch failed: connect ECONNREFUSED');
    received.push({ body: String(init?.body), signature: String(new Headers(init?.headers).get('x-hub-signature-256')) });
    return new Response('EVENT_RECEIVED', { status: 200 });
  };
}

describe.each(testDatabases)('Meta sandbox (%s)', (kind) => {
  let t: TestApp;
  let withoutWebhook: TestApp;
  let user: SignedIn;
  let graph: GraphClient;
  let pageToken: string;
  /** The user's copy of Minh's first page. */
  let PAGE: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { fetch: webhookCatcher(() => (t as TestApp | undefined)?.app, 'capture') });
    withoutWebhook = await buildTestApp(kind, { fetch: webhookCatcher(() => (withoutWebhook as TestApp | undefined)?.app, 'unreachable') });
    user = await signedInUser(t);
    await connectThroughSandbox(t, user, { account: '100090000000002' });
    PAGE = sandboxPageId(t, user, MINH_PAGE);
    graph = t.app.meta.graph;
    pageToken = await t.app.facebook.pageToken(user.userId, PAGE);
  });
  afterAll(async () => {
    await t?.close();
    await withoutWebhook?.close();
  });

  it('the production Graph client talks to it: me, accounts, subscribed_apps, replies, sends, posts', async () => {
    expect(graph.baseUrl).toBe(`${t.app.config.publicApiUrl}/meta-sandbox`);
    expect(await graph.me(pageToken)).toEqual({ id: PAGE, name: 'Nông Sản Sạch Minh Phát' });
    await graph.setSubscribedFields(PAGE, pageToken, ['feed']);
    expect(await graph.subscribedFields(PAGE, pageToken)).toEqual(['feed']);
    expect((await graph.replyToComment('123_456', pageToken, 'Dạ shop gửi giá qua tin nhắn ạ')).id).toBeTruthy();
    expect((await graph.sendMessage(PAGE, pageToken, { id: '2400000000000001' }, 'Chào anh/chị')).message_id).toMatch(/^m_/);
    expect((await graph.sendMessage(PAGE, pageToken, { comment_id: '123_456' }, 'Inbox ạ')).message_id).toMatch(/^m_/);
    expect((await graph.publishPost(PAGE, pageToken, { message: 'Rau sạch về rồi!' })).id).toMatch(new RegExp(`^${PAGE}_`));
    expect((await graph.publishPhoto(PAGE, pageToken, { url: 'https://example.vn/rau.jpg', caption: 'Rau muống' })).post_id).toMatch(new RegExp(`^${PAGE}_`));

    const activity = await api(t, user, 'GET', `/api/v1/sandbox/activity?user_id=${user.userId}&page_id=${PAGE}`);
    const kinds = (activity.json() as { data: { kind: string }[] }).data.map((item) => item.kind).sort();
    expect(kinds).toEqual(['comment_reply', 'feed_post', 'message', 'photo_post', 'private_reply', 'subscribed_apps']);
    expect(activity.body).not.toContain(pageToken);
  });

  it('multi-photo posts: unpublished photos attached to one feed post; the feed reads back the page\'s posts', async () => {
    const { id, photoIds } = await graph.publishPhotos(PAGE, pageToken, { message: 'Ba loại rau mới', urls: ['https://example.vn/1.jpg', 'https://example.vn/2.jpg'] });
    expect(photoIds).toHaveLength(2);
    const feed = await graph.pageFeed(PAGE, pageToken);
    expect(feed[0]).toMatchObject({ id, message: 'Ba loại rau mới' });
    expect(feed[0]?.created_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/);
    // Unpublished photos are not posts of the feed; an unknown or already used photo cannot be attached.
    expect(feed.some((post) => photoIds.some((photoId) => post.id.endsWith(`_${photoId}`)))).toBe(false);
    const attach = (fbid: string) => t.app.meta.graph.request({ method: 'POST', path: `${PAGE}/feed`, accessToken: pageToken, body: { message: 'x', attached_media: [{ media_fbid: fbid }] } });
    await expect(attach('999')).rejects.toMatchObject({ code: 100 });
    await expect(attach(photoIds[0] ?? '')).rejects.toMatchObject({ code: 100 });
  });

  it('rejects a wrong or missing appsecret_proof with a Graph-shaped error, like Meta with "Require App Secret"', async () => {
    const wrongSecret = new GraphClient({ baseUrl: graph.baseUrl, appId: t.app.meta.appId, appSecret: 'f'.repeat(32), fetch: t.app.meta.fetch, sleep: async () => undefined });
    const error = await wrongSecret.me(pageToken).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GraphApiError);
    expect(error).toMatchObject({ kind: 'other', code: 100, graph: { message: 'Invalid appsecret_proof provided in the API argument', type: 'GraphMethodException' } });
    expect((error as GraphApiError).graph.fbtrace_id).toBeTruthy();

    const bare = await t.app.inject({ method: 'GET', url: '/meta-sandbox/v20.0/me', headers: { authorization: `Bearer ${pageToken}` } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ error: { code: 100, message: expect.stringContaining('appsecret_proof') } });
  });

  it('answers a forged token with 190 and a token of another page with a permission error', async () => {
    await expect(graph.me('EAASforged.token')).rejects.toMatchObject({ kind: 'token', code: 190 });
    const otherPage = sandboxPageId(t, user, '109000000000011');
    await expect(graph.subscribedFields(otherPage, pageToken)).rejects.toMatchObject({ kind: 'permission', code: 200 });
    const userToken = t.app.meta.tokens.decrypt((await t.app.facebookRepository.listAccounts(user.userId))[0]?.userTokenEncrypted ?? '');
    await expect(graph.subscribedFields(PAGE, userToken)).rejects.toMatchObject({ kind: 'permission', code: 210 });
    await expect(graph.sendMessage(PAGE, pageToken, { id: '1' }, 'x'.repeat(2000))).rejects.toMatchObject({ code: 100 });
  });

  it('test-event: a Graph-shaped comment webhook, signed over the exact bytes with the app secret', async () => {
    received.length = 0;
    const response = await api(t, user, 'POST', '/api/v1/sandbox/test-event', { user_id: user.userId, page_id: PAGE, kind: 'comment', text: 'Giá rau muống bao nhiêu ạ?', from_name: 'Chị Hoa' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: unknown }).data).toMatchObject({ delivered: true, status: 200 });
    const [delivery] = received;
    expect(delivery?.signature).toBe(`sha256=${createHmac('sha256', t.app.meta.appSecret).update(delivery?.body ?? '').digest('hex')}`);
    expect(delivery?.body).toContain('\\u00e1'); // escaped unicode, as Meta signs it
    const payload = JSON.parse(delivery?.body ?? '{}') as { object: string; entry: { id: string; changes: { field: string; value: Record<string, unknown> }[] }[] };
    expect(payload.object).toBe('page');
    expect(payload.entry[0]?.id).toBe(PAGE);
    expect(payload.entry[0]?.changes[0]).toMatchObject({ field: 'feed', value: { item: 'comment', verb: 'add', message: 'Giá rau muống bao nhiêu ạ?', from: { name: 'Chị Hoa' } } });
    const value = payload.entry[0]?.changes[0]?.value ?? {};
    expect(String(value.post_id)).toMatch(new RegExp(`^${PAGE}_\\d+$`));
    expect(value.comment_id).toBeTruthy();
    expect(String(value.created_time)).toMatch(/^\d{10}$/);
  });

  it('test-event: a Messenger message with sender, recipient = page, timestamp in ms and a mid', async () => {
    received.length = 0;
    await api(t, user, 'POST', '/api/v1/sandbox/test-event', { user_id: user.userId, page_id: PAGE, kind: 'message', text: 'Shop ơi' });
    const payload = JSON.parse(received[0]?.body ?? '{}') as { entry: { messaging: { sender: { id: string }; recipient: { id: string }; timestamp: number; message: { mid: string; text: string } }[] }[] };
    const event = payload.entry[0]?.messaging[0];
    expect(event?.recipient.id).toBe(PAGE);
    expect(event?.sender.id).toMatch(/^\d{16}$/);
    expect(String(event?.timestamp)).toMatch(/^\d{13}$/);
    expect(event?.message).toMatchObject({ text: 'Shop ơi', mid: expect.stringMatching(/^m_/) });
    const activity = await api(t, user, 'GET', `/api/v1/sandbox/activity?user_id=${user.userId}&page_id=${PAGE}`);
    expect((activity.json() as { data: { kind: string }[] }).data[0]?.kind).toBe('webhook');
  });

  it('test-event: with the webhook receiver unreachable it reports delivered:false', async () => {
    const other = await signedInUser(withoutWebhook);
    await connectThroughSandbox(withoutWebhook, other, { account: '100090000000002' });
    const response = await api(withoutWebhook, other, 'POST', '/api/v1/sandbox/test-event', { user_id: other.userId, page_id: sandboxPageId(withoutWebhook, other, MINH_PAGE), kind: 'message', text: 'Alo' });
    expect((response.json() as { data: unknown }).data).toMatchObject({ delivered: false, status: 0 });
  });

  it('test-event: only for the user\'s own sandbox pages; validated; user id checked', async () => {
    const stranger = await signedInUser(t);
    expect((await api(t, stranger, 'POST', '/api/v1/sandbox/test-event', { user_id: stranger.userId, page_id: PAGE, kind: 'comment', text: 'x' })).statusCode).toBe(404);
    expect((await api(t, stranger, 'POST', '/api/v1/sandbox/test-event', { user_id: user.userId, page_id: PAGE, kind: 'comment', text: 'x' })).statusCode).toBe(403);
    expect((await api(t, user, 'POST', '/api/v1/sandbox/test-event', { user_id: user.userId, page_id: PAGE, kind: 'like', text: 'x' })).statusCode).toBe(400);
    expect((await api(t, stranger, 'GET', `/api/v1/sandbox/activity?user_id=${stranger.userId}&page_id=${PAGE}`)).json()).toEqual({ status: 200, data: [] });
  });

  it('two users connecting the same demo person get pages, tokens and activity of their own', async () => {
    const second = await signedInUser(t);
    await connectThroughSandbox(t, second, { account: '100090000000002' });
    const secondPage = sandboxPageId(t, second, MINH_PAGE);
    const pageIdsOf = async (who: SignedIn) =>
      (await t.app.facebook.accounts(who.userId)).flatMap((account) => account.page_data.map((page) => page.page_id)).sort();
    const mine = await pageIdsOf(user);
    const theirs = await pageIdsOf(second);
    expect(theirs).toHaveLength(2);
    expect(theirs).toContain(secondPage);
    expect(theirs.filter((id) => mine.includes(id) || id.startsWith('1090000000000'))).toEqual([]);
    expect(secondPage).toMatch(/^1\d{14}$/);
    // Same demo page, same name, another page: its token is not the first user's and acts on its page only.
    const secondToken = await t.app.facebook.pageToken(second.userId, secondPage);
    expect(secondToken).not.toBe(pageToken);
    expect(await graph.me(secondToken)).toEqual({ id: secondPage, name: 'Nông Sản Sạch Minh Phát' });
    await expect(graph.subscribedFields(secondPage, pageToken)).rejects.toMatchObject({ kind: 'permission', code: 200 });
    await expect(graph.publishPost(secondPage, pageToken, { message: 'x' })).rejects.toMatchObject({ kind: 'permission', code: 200 });
    await expect(graph.sendMessage(PAGE, secondToken, { id: '2400000000000001' }, 'x')).rejects.toMatchObject({ kind: 'permission', code: 200 });

    // The second user's test event is signed for their page only; neither sees the other's activity.
    const activityOf = async (who: SignedIn, pageId?: string) =>
      (await api(t, who, 'GET', `/api/v1/sandbox/activity?user_id=${who.userId}${pageId ? `&page_id=${pageId}` : ''}`).then((response) => response.json() as { data: { id: string; page_id: string }[] })).data;
    const before = (await activityOf(user)).map((item) => item.id);
    received.length = 0;
    const event = await api(t, second, 'POST', '/api/v1/sandbox/test-event', { user_id: second.userId, page_id: secondPage, kind: 'comment', text: 'Rau cải còn không?', from_name: 'Anh Tư' });
    expect((event.json() as { data: unknown }).data).toMatchObject({ delivered: true });
    expect((JSON.parse(received[0]?.body ?? '{}') as { entry: { id: string }[] }).entry[0]?.id).toBe(secondPage);
    expect((await activityOf(user)).map((item) => item.id)).toEqual(before);
    expect(await activityOf(user, secondPage)).toEqual([]);
    const theirActivity = await activityOf(second);
    expect(theirActivity.length).toBeGreaterThan(0);
    expect(theirActivity.every((item) => item.page_id === secondPage)).toBe(true);
    expect(theirActivity.some((item) => before.includes(item.id))).toBe(false);
    // Neither can send a test event to the other's page.
    expect((await api(t, user, 'POST', '/api/v1/sandbox/test-event', { user_id: user.userId, page_id: secondPage, kind: 'comment', text: 'x' })).statusCode).toBe(404);
    expect((await api(t, second, 'POST', '/api/v1/sandbox/test-event', { user_id: second.userId, page_id: PAGE, kind: 'comment', text: 'x' })).statusCode).toBe(404);
    // The User Profile API names a test sender only to the page the sender wrote to.
    const senderId = digitsFrom(`${secondPage}:Anh Tư`, 16);
    await t.app.inject({ method: 'POST', url: '/api/v1/sandbox/test-event', headers: second.headers, payload: { user_id: second.userId, page_id: secondPage, kind: 'message', text: 'Alo', from_name: 'Anh Tư' } });
    expect(await graph.request({ method: 'GET', path: senderId, accessToken: secondToken })).toMatchObject({ name: 'Anh Tư' });
    await expect(graph.request({ method: 'GET', path: senderId, accessToken: pageToken })).rejects.toMatchObject({ code: 100 });
  });

  it('keeps what the dialog granted: a token without the Instagram permissions sees that a page has an account, and nothing more', async () => {
    const other = await signedInUser(t);
    await connectThroughSandbox(t, other);
    const bakery = sandboxPageId(t, other, '109000000000011');
    const token = await t.app.facebook.pageToken(other.userId, bakery);
    const igUserId = t.app.metaSandbox.instagramIdOf(other.userId, '109000000000011');
    expect(await graph.instagramAccount(bakery, token, false)).toEqual({ igUserId, username: '', pictureUrl: null });
    await expect(graph.replyToInstagramComment('17900000000000001', token, 'Dạ shop chào bạn')).rejects.toMatchObject({ kind: 'permission', code: 10 });
    await expect(graph.instagramPublishingLimit(igUserId, token)).rejects.toMatchObject({ kind: 'permission', code: 10 });
    // Allowed in the dialog: the account's name and its calls.
    await connectThroughSandbox(t, other, undefined, { instagram: true });
    const allowed = await t.app.facebook.pageToken(other.userId, bakery);
    expect(await graph.instagramAccount(bakery, allowed)).toMatchObject({ igUserId, username: 'banhmicolan' });
    expect((await graph.replyToInstagramComment('17900000000000001', allowed, 'Dạ shop chào bạn')).id).toBeTruthy();
  });

  it('the dialog opens only for a connect state some user asked for (whose pages it shows)', async () => {
    const connectUrl = new URL(await connectUrlOf(t, user));
    connectUrl.searchParams.set('state', 'made-up-state');
    const dialog = await t.app.inject({ method: 'GET', url: `${connectUrl.pathname}${connectUrl.search}` });
    expect(dialog.statusCode).toBe(400);
    expect(dialog.body).toContain('start again from PageMate');
    const form = new URLSearchParams({ client_id: t.app.meta.appId, redirect_uri: t.app.meta.redirectUri, state: 'made-up-state', decision: 'allow', account: '100090000000002' });
    const picked = await t.app.inject({ method: 'POST', url: connectUrl.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(picked.statusCode).toBe(400);
    expect(picked.headers.location).toBeUndefined();
  });

  it('refuses tokens from when the demo pages were shared (no user of their own) as unparseable', async () => {
    const tokens = t.app.metaSandbox.tokens;
    const shared = tokens.issue({ k: 'page', u: '100090000000002', p: MINH_PAGE } as unknown as Parameters<typeof tokens.issue>[0]);
    await expect(graph.me(shared)).rejects.toMatchObject({ kind: 'token', code: 190 });
    const sharedUser = tokens.issue({ k: 'user', u: '100090000000002', long: true, exp: Math.floor(Date.now() / 1000) + 3600 } as unknown as Parameters<typeof tokens.issue>[0]);
    await expect(graph.pages(sharedUser)).rejects.toMatchObject({ kind: 'token', code: 190 });
  });

  it('the test fetch reaches only the app itself', async () => {
    const fetch = injectingFetch(() => t.app, t.app.config.publicApiUrl);
    await expect(fetch('https://graph.facebook.com/v20.0/me')).rejects.toThrow(/not reachable/);
  });
});

describe('with a Facebook app configured', () => {
  // A made-up secret for the test, built so it never reads as a real one.
  const testAppSecret = 'ab12'.repeat(8);
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { FACEBOOK_APP_ID: '1234567890', FACEBOOK_APP_SECRET: testAppSecret } });
  });
  afterAll(() => t?.close());

  it('uses Meta, serves no sandbox, and the sandbox endpoints answer 404', async () => {
    expect(t.app.meta).toMatchObject({ sandbox: false, appId: '1234567890', graphUrl: 'https://graph.facebook.com', dialogUrl: 'https://www.facebook.com' });
    expect((await t.app.inject({ method: 'GET', url: '/meta-sandbox/v20.0/me' })).statusCode).toBe(404);
    const user = await signedInUser(t);
    const connect = await api(t, user, 'POST', '/api/v1/facebook/connect-url', { user_id: user.userId });
    const { url, sandbox } = (connect.json() as { data: { url: string; sandbox: boolean } }).data;
    expect(sandbox).toBe(false);
    expect(url.startsWith('https://www.facebook.com/v20.0/dialog/oauth?client_id=1234567890&')).toBe(true);
    expect((await api(t, user, 'GET', `/api/v1/sandbox/activity?user_id=${user.userId}`)).statusCode).toBe(404);
  });
});
