import { FACEBOOK_API_VERSION, FACEBOOK_CONNECT_PATH } from '@pagemate/shared-contracts/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookAccounts, facebookPages } from '../db/schema/index.js';
import { errorOf } from '../test/accounts.js';
import { api, completeConnect, CONNECT_SOURCE, connectThroughSandbox, connectUrlOf, localPath, postedMessage, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';

interface Account {
  name_fb: string;
  id_user_fb: string;
  access_token_user: string;
  sandbox: boolean;
  page_data: { page_id: string; page_name: string; page_access_token: string; subscribed: string[]; needs_reconnect: boolean }[];
}

/** Alice's copies of Lan's demo bakery and fashion pages. */
let LAN_BAKERY = '';
let LAN_FASHION = '';

describe.each(testDatabases)('Facebook pages through the Meta sandbox (%s)', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  const pagesOf = async (user: SignedIn) => {
    const response = await api(t, user, 'GET', '/api/v1/facebook/page/access-token-pages');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Account[] }).data;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { CORS_ORIGINS: 'http://localhost:3000,http://other.example' } });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
    [LAN_BAKERY, LAN_FASHION] = [sandboxPageId(t, alice, '109000000000011'), sandboxPageId(t, alice, '109000000000012')];
  });
  afterAll(() => t?.close());

  it('connect-url: the sandbox dialog with the app id, the exact redirect_uri, every needed scope and a fresh state', async () => {
    const response = await api(t, alice, 'POST', '/api/v1/facebook/connect-url', { user_id: alice.userId });
    expect(response.statusCode).toBe(200);
    const { url, sandbox } = (response.json() as { data: { url: string; sandbox: boolean } }).data;
    expect(sandbox).toBe(true);
    const parsed = new URL(url);
    expect(parsed.pathname).toBe(`/meta-sandbox/${FACEBOOK_API_VERSION}/dialog/oauth`);
    expect(parsed.searchParams.get('client_id')).toBe(t.app.meta.appId);
    expect(parsed.searchParams.get('redirect_uri')).toBe(`${t.app.config.publicApiUrl}/${FACEBOOK_CONNECT_PATH}`);
    expect(parsed.searchParams.get('response_type')).toBe('code');
    expect(parsed.searchParams.get('scope')?.split(',')).toEqual(
      expect.arrayContaining(['pages_show_list', 'pages_messaging', 'public_profile', 'pages_manage_metadata', 'pages_manage_engagement', 'pages_read_engagement', 'pages_manage_posts']),
    );
    expect(parsed.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    const again = (await api(t, alice, 'POST', '/api/v1/facebook/connect-url', { user_id: alice.userId })).json() as { data: { url: string } };
    expect(new URL(again.data.url).searchParams.get('state')).not.toBe(parsed.searchParams.get('state'));
  });

  it('connect-url refuses another user id (403) and no token (401)', async () => {
    expect((await api(t, alice, 'POST', '/api/v1/facebook/connect-url', { user_id: bob.userId })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/facebook/connect-url', payload: { user_id: alice.userId } })).statusCode).toBe(401);
  });

  it('the sandbox dialog is labelled, bilingual, and refuses a foreign redirect_uri or client_id', async () => {
    const { url } = ((await api(t, alice, 'POST', '/api/v1/facebook/connect-url', { user_id: alice.userId })).json() as { data: { url: string } }).data;
    const dialog = await t.app.inject({ method: 'GET', url: localPath(url) });
    expect(dialog.body).toContain('Meta sandbox');
    expect(dialog.body).toContain('Tiệm Bánh Mì Cô Lan');
    expect(dialog.body).toContain('Continue as');
    expect(dialog.headers['content-security-policy']).toContain("default-src 'none'");
    // Opened as a popup of the shell (another origin): COOP isolation would cut it off from its opener.
    expect(dialog.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const evil = new URL(url);
    evil.searchParams.set('redirect_uri', 'https://evil.example/steal');
    expect((await t.app.inject({ method: 'GET', url: localPath(evil.toString()) })).statusCode).toBe(400);
    const wrongApp = new URL(url);
    wrongApp.searchParams.set('client_id', '123');
    expect((await t.app.inject({ method: 'GET', url: localPath(wrongApp.toString()) })).statusCode).toBe(400);
  });

  it('the whole connect flow: the landing page hands code and state to the shell only, the page manager finishes it under its session', async () => {
    const { redirect, landing, completed, state } = await connectThroughSandbox(t, alice);
    const code = new URL(redirect).searchParams.get('code');
    expect(code).toBeTruthy();
    expect(landing.statusCode, landing.body).toBe(200);
    expect(landing.headers['content-type']).toContain('text/html');
    const csp = String(landing.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(landing.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    // To the shell at every address CORS_ORIGINS allows (the browser delivers it only to an opener at one of them).
    const { message, targetOrigins } = postedMessage(landing.body);
    expect(targetOrigins).toEqual(['http://localhost:3000', 'http://other.example']);
    expect(message).toEqual({ source: CONNECT_SOURCE, code, state });
    expect(completed?.json()).toMatchObject({ status: 200, data: { name_fb: 'Nguyễn Thị Lan', pages: 3 } });
    expect(String((completed?.json() as { data: { access_token: string } }).data.access_token)).toMatch(/^EAAS….{4}$/);

    const rows = await t.app.db.orm.select().from(facebookPages).where(eq(facebookPages.pageId, LAN_BAKERY));
    expect(rows).toHaveLength(1);
    const stored = rows[0]?.pageTokenEncrypted ?? '';
    const realToken = t.app.meta.tokens.decrypt(stored);
    expect(realToken).toMatch(/^EAAS/);
    expect(stored).not.toContain(realToken);
    expect(completed?.body).not.toContain(realToken);
    const [account] = await t.app.db.orm.select().from(facebookAccounts).where(eq(facebookAccounts.facebookUserId, '100090000000001'));
    expect(account?.userTokenEncrypted).toMatch(/^v1:/);
    expect(completed?.body).not.toContain(t.app.meta.tokens.decrypt(account?.userTokenEncrypted ?? ''));

    const accounts = await pagesOf(alice);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ name_fb: 'Nguyễn Thị Lan', id_user_fb: '100090000000001', sandbox: true });
    expect(accounts[0]?.access_token_user).toMatch(/^EAAS…/);
    expect(accounts[0]?.page_data.map((page) => page.page_name).sort()).toEqual(['Cà Phê Góc Phố', 'Thời Trang Lan Anh', 'Tiệm Bánh Mì Cô Lan']);
    for (const page of accounts[0]?.page_data ?? []) {
      expect(page.page_access_token).toMatch(/^EAAS….{4}$/);
      expect(page).toMatchObject({ subscribed: [], needs_reconnect: false });
    }
    expect(await pagesOf(bob)).toEqual([]);
  });

  it("an attacker's connect URL approved in a victim's browser connects nothing to anyone, and says why", async () => {
    const attacker = await signedInUser(t);
    const victim = await signedInUser(t);
    // The attacker asks for a URL with their own session and sends it to the page admin, who approves it.
    const attackerUrl = await connectUrlOf(t, attacker);
    const { landing } = await connectThroughSandbox(t, victim, { account: '100090000000002' }, { dialogUrl: attackerUrl, complete: false });
    // The redirect target stores nothing: no account for either of them.
    expect(landing.statusCode).toBe(200);
    expect(await pagesOf(attacker)).toEqual([]);
    expect(await pagesOf(victim)).toEqual([]);
    // Opened from a link (no opener), the page says nothing was connected and where to go instead.
    expect(landing.body).toContain('nothing was connected. Go back to PageMate');
    expect(landing.body).toContain('chưa có gì được kết nối');

    // Opened by the victim's own page manager, the hand-off reaches the victim's session, which is not the state's.
    const { message } = postedMessage(landing.body);
    const refused = await completeConnect(t, victim, message);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'FACEBOOK_CONNECT_FOREIGN', message: expect.stringContaining('another PageMate account') });
    expect(await pagesOf(victim)).toEqual([]);
    // The state is spent: the attacker cannot finish it either, even with the code.
    const late = await completeConnect(t, attacker, message);
    expect(errorOf(late).code).toBe('FACEBOOK_CONNECT_EXPIRED');
    expect(await pagesOf(attacker)).toEqual([]);
    expect(await t.app.db.orm.select().from(facebookAccounts).where(eq(facebookAccounts.userId, attacker.userId))).toEqual([]);
  });

  it('connect-complete: another user id → 403, no token → 401, each user finishes only their own state', async () => {
    const gina = await signedInUser(t);
    const url = await connectUrlOf(t, gina);
    const state = new URL(url).searchParams.get('state') ?? '';
    expect((await api(t, alice, 'POST', '/api/v1/facebook/connect-complete', { user_id: gina.userId, code: 'x', state })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/facebook/connect-complete', payload: { user_id: gina.userId, code: 'x', state } })).statusCode).toBe(401);
    // Gina's state is still hers to use: the refusals above did not spend it.
    const { completed } = await connectThroughSandbox(t, gina, { account: '100090000000002' }, { dialogUrl: url });
    expect(completed?.statusCode, completed?.body).toBe(200);
    expect((await pagesOf(gina))[0]?.name_fb).toBe('Trần Văn Minh');
  });

  it('offers only pages that came with a page token', async () => {
    const carol = await signedInUser(t);
    const { completed } = await connectThroughSandbox(t, carol, { account: '100090000000003' });
    expect(completed?.json()).toMatchObject({ data: { pages: 2 } });
    const names = (await pagesOf(carol))[0]?.page_data.map((page) => page.page_name);
    expect(names).not.toContain('Hội Yêu Mèo Sài Gòn');
    expect(names).toHaveLength(2);
  });

  it('a cancelled dialog posts access_denied and stores nothing', async () => {
    const dave = await signedInUser(t);
    const { landing, redirect, completed } = await connectThroughSandbox(t, dave, 'cancel');
    expect(new URL(redirect).searchParams.get('error')).toBe('access_denied');
    expect(postedMessage(landing.body).message).toEqual({ source: CONNECT_SOURCE, error: 'access_denied' });
    expect(completed).toBeUndefined();
    expect(await pagesOf(dave)).toEqual([]);
  });

  it('a replayed, forged or missing state is refused, and the code cannot be used twice', async () => {
    const erin = await signedInUser(t);
    const { redirect, landing } = await connectThroughSandbox(t, erin, { account: '100090000000002' });
    const replay = await t.app.inject({ method: 'GET', url: localPath(redirect) });
    expect(replay.statusCode).toBe(400);
    expect(postedMessage(replay.body).message).toEqual({ source: CONNECT_SOURCE, error: 'invalid_state' });
    const again = await completeConnect(t, erin, postedMessage(landing.body).message);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('FACEBOOK_CONNECT_EXPIRED');

    const forged = new URL(redirect);
    forged.searchParams.set('state', erin.userId);
    expect(postedMessage((await t.app.inject({ method: 'GET', url: localPath(forged.toString()) })).body).message.error).toBe('invalid_state');
    expect(errorOf(await completeConnect(t, erin, { code: 'x', state: erin.userId })).code).toBe('FACEBOOK_CONNECT_EXPIRED');
    const missing = new URL(redirect);
    missing.searchParams.delete('state');
    expect((await t.app.inject({ method: 'GET', url: localPath(missing.toString()) })).statusCode).toBe(400);

    // A fresh state with the already exchanged code: the sandbox refuses the code like Meta (single use).
    const url = await connectUrlOf(t, erin);
    const reused = await completeConnect(t, erin, { code: new URL(redirect).searchParams.get('code'), state: new URL(url).searchParams.get('state') });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused)).toMatchObject({ code: 'FACEBOOK_CONNECT_REFUSED', message: expect.stringContaining('nothing was connected') });
  });

  it('an expired state is refused', async () => {
    const frank = await signedInUser(t);
    const url = await connectUrlOf(t, frank);
    const state = new URL(url).searchParams.get('state') ?? '';
    const { facebookConnectStates } = await import('../db/schema/index.js');
    await t.app.db.orm.update(facebookConnectStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(facebookConnectStates.userId, frank.userId));
    const landing = await t.app.inject({ method: 'GET', url: `/${FACEBOOK_CONNECT_PATH}?code=x&state=${state}` });
    expect(postedMessage(landing.body).message.error).toBe('invalid_state');
    expect(errorOf(await completeConnect(t, frank, { code: 'x', state })).code).toBe('FACEBOOK_CONNECT_EXPIRED');
  });

  it('subscribe and unsubscribe comments and messages separately, applied at the sandbox and recorded', async () => {
    const subscribe = (type: 'comments' | 'messages', action: 'subscribe' | 'unsubscribe') =>
      api(t, alice, 'POST', '/api/v1/facebook/subscribed', { user_id: alice.userId, page_id: LAN_BAKERY, type, action });

    let response = await subscribe('comments', 'subscribe');
    expect(response.json()).toEqual({ status: 200, data: { page_id: LAN_BAKERY, channel: 'facebook', subscribed: ['comments'] } });
    expect(await t.app.sandboxRepository.subscribedFields(LAN_BAKERY)).toEqual(['feed']);

    response = await subscribe('messages', 'subscribe');
    expect((response.json() as { data: { subscribed: string[] } }).data.subscribed).toEqual(['comments', 'messages']);
    // Messages bring their echoes: how a person answering from Meta's inbox is seen (human handoff).
    expect((await t.app.sandboxRepository.subscribedFields(LAN_BAKERY)).sort()).toEqual(['feed', 'message_echoes', 'messages']);

    response = await subscribe('comments', 'unsubscribe');
    expect((response.json() as { data: { subscribed: string[] } }).data.subscribed).toEqual(['messages']);
    expect((await t.app.sandboxRepository.subscribedFields(LAN_BAKERY)).sort()).toEqual(['message_echoes', 'messages']);
    const page = (await pagesOf(alice))[0]?.page_data.find((item) => item.page_id === LAN_BAKERY);
    expect(page?.subscribed).toEqual(['messages']);

    response = await subscribe('messages', 'unsubscribe');
    expect((response.json() as { data: { subscribed: string[] } }).data.subscribed).toEqual([]);
    expect(await t.app.sandboxRepository.subscribedFields(LAN_BAKERY)).toEqual([]);

    const activity = await api(t, alice, 'GET', `/api/v1/sandbox/activity?user_id=${alice.userId}&page_id=${LAN_BAKERY}`);
    const kinds = (activity.json() as { data: { kind: string; summary: string }[] }).data.map((item) => item.kind);
    expect(kinds.filter((k) => k === 'subscribed_apps')).toHaveLength(4);
    expect((await api(t, bob, 'GET', `/api/v1/sandbox/activity?user_id=${bob.userId}`)).json()).toEqual({ status: 200, data: [] });
  });

  it('subscribed: another user\'s page → 404, another user id → 403, bad type → 400', async () => {
    const body = { user_id: bob.userId, page_id: LAN_BAKERY, type: 'comments', action: 'subscribe' };
    expect((await api(t, bob, 'POST', '/api/v1/facebook/subscribed', body)).statusCode).toBe(404);
    expect((await api(t, alice, 'POST', '/api/v1/facebook/subscribed', body)).statusCode).toBe(403);
    const invalid = await api(t, alice, 'POST', '/api/v1/facebook/subscribed', { ...body, user_id: alice.userId, type: 'likes' });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).issues?.[0]?.path).toBe('type');
  });

  it('a token Meta rejects marks the page needs_reconnect and answers 409', async () => {
    const { facebookPages: pages } = await import('../db/schema/index.js');
    await t.app.db.orm
      .update(pages)
      .set({ pageTokenEncrypted: t.app.meta.tokens.encrypt('EAASrevoked.token') })
      .where(eq(pages.pageId, LAN_FASHION));
    const response = await api(t, alice, 'POST', '/api/v1/facebook/subscribed', { user_id: alice.userId, page_id: LAN_FASHION, type: 'messages', action: 'subscribe' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('reconnect') });
    const page = (await pagesOf(alice))[0]?.page_data.find((item) => item.page_id === LAN_FASHION);
    expect(page?.needs_reconnect).toBe(true);

    // Connecting again brings a fresh token and clears the flag.
    await connectThroughSandbox(t, alice);
    const again = (await pagesOf(alice))[0]?.page_data.find((item) => item.page_id === LAN_FASHION);
    expect(again?.needs_reconnect).toBe(false);
    expect((await pagesOf(alice))).toHaveLength(1);
  });

  describe('page managers', () => {
    let configId: string;

    beforeAll(async () => {
      const identity = await api(t, alice, 'POST', '/api/v1/facebook/config/create-identity', {
        user_id: alice.userId, name: 'Lan', info: {}, story: {}, style_conversation: '', example_conversation: '',
      });
      const procedure = await api(t, alice, 'POST', '/api/v1/facebook/config/create-procedure', { user_id: alice.userId, name: 'Bán hàng', procedure: 'Chào, hỏi nhu cầu, chốt đơn' });
      const config = await api(t, alice, 'POST', '/api/v1/facebook/config/create', {
        user_id: alice.userId, name: 'Bot bánh mì', identity_id: (identity.json() as { data: { identity_id: string } }).data.identity_id,
        procedure_id: (procedure.json() as { data: { procedure_id: string } }).data.procedure_id, role: 'Nhân viên', target: '', mission: '', note: '',
      });
      expect(config.statusCode, config.body).toBe(200);
      configId = (config.json() as { data: { total_id: string } }).data.total_id;
    });

    const manager = (overrides: Record<string, unknown> = {}) => ({
      user_id: alice.userId,
      username: alice.username,
      page_id: LAN_BAKERY,
      page_name: 'Tiệm Bánh Mì Cô Lan',
      files: [{ collection_name: 'menu', file_name: 'gia.xlsx' }],
      config_id: configId,
      action: ['comments', 'messages'],
      auto_reply: true,
      ...overrides,
    });

    it('create, read, update and delete a manager of an own page', async () => {
      const created = await api(t, alice, 'POST', '/api/v1/facebook/page/update-manager', manager());
      expect(created.statusCode, created.body).toBe(200);
      const saved = (created.json() as { data: { manager_id: string } }).data;
      expect(saved).toMatchObject({ page_id: LAN_BAKERY, username: alice.username, config_id: configId, action: ['comments', 'messages'], auto_reply: true });

      const updated = await api(t, alice, 'POST', '/api/v1/facebook/page/update-manager', manager({ manager_id: saved.manager_id, auto_reply: false, action: ['messages'] }));
      expect((updated.json() as { data: unknown }).data).toMatchObject({ manager_id: saved.manager_id, auto_reply: false, action: ['messages'] });

      const got = await api(t, alice, 'POST', '/api/v1/facebook/page/get-manager', { user_id: alice.userId, page_data: [{ page_id: LAN_BAKERY, page_name: 'x' }, { page_id: LAN_FASHION, page_name: 'y' }] });
      expect((got.json() as { data: unknown[] }).data).toHaveLength(1);

      // Bob sees none of it and cannot touch it.
      const bobGets = await api(t, bob, 'POST', '/api/v1/facebook/page/get-manager', { user_id: bob.userId, page_data: [{ page_id: LAN_BAKERY, page_name: 'x' }] });
      expect((bobGets.json() as { data: unknown[] }).data).toEqual([]);
      expect((await api(t, bob, 'POST', '/api/v1/facebook/page/delete-manager', { user_id: bob.userId, manager_id: saved.manager_id })).statusCode).toBe(404);
      expect((await api(t, bob, 'POST', '/api/v1/facebook/page/update-manager', manager({ user_id: bob.userId }))).statusCode).toBe(404);
      expect((await api(t, bob, 'POST', '/api/v1/facebook/page/delete-manager', { user_id: alice.userId, manager_id: saved.manager_id })).statusCode).toBe(403);

      // The config in use cannot be deleted while the page uses it.
      expect((await api(t, alice, 'POST', '/api/v1/facebook/config/delete', { user_id: alice.userId, total_id: configId })).statusCode).toBe(409);

      expect((await api(t, alice, 'POST', '/api/v1/facebook/page/delete-manager', { user_id: alice.userId, manager_id: saved.manager_id })).json()).toEqual({ status: 200, data: { ok: true } });
      expect((await api(t, alice, 'POST', '/api/v1/facebook/page/delete-manager', { user_id: alice.userId, manager_id: saved.manager_id })).statusCode).toBe(404);
    });

    it('refuses another user\'s config (404) and invalid payloads (400)', async () => {
      const bobIdentity = await api(t, bob, 'POST', '/api/v1/facebook/config/create-identity', { user_id: bob.userId, name: 'B', info: {}, story: {}, style_conversation: '', example_conversation: '' });
      const bobProcedure = await api(t, bob, 'POST', '/api/v1/facebook/config/create-procedure', { user_id: bob.userId, name: 'P', procedure: 'p' });
      const bobConfig = await api(t, bob, 'POST', '/api/v1/facebook/config/create', {
        user_id: bob.userId, name: 'C', identity_id: (bobIdentity.json() as { data: { identity_id: string } }).data.identity_id,
        procedure_id: (bobProcedure.json() as { data: { procedure_id: string } }).data.procedure_id, role: '', target: '', mission: '', note: '',
      });
      const foreign = (bobConfig.json() as { data: { total_id: string } }).data.total_id;
      const response = await api(t, alice, 'POST', '/api/v1/facebook/page/update-manager', manager({ config_id: foreign }));
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toContain('Config');
      const invalid = await api(t, alice, 'POST', '/api/v1/facebook/page/update-manager', manager({ action: ['likes'] }));
      expect(invalid.statusCode).toBe(400);
      expect(errorOf(invalid).code).toBe('VALIDATION_FAILED');
    });

    it('save-collection-page attaches files to several own pages, and refuses a page not connected', async () => {
      const files = [{ collection_name: 'catalog', file_name: 'san-pham.docx' }];
      const saved = await api(t, alice, 'POST', '/api/v1/facebook/save-collection-page', { list_page_ids: [LAN_BAKERY, LAN_FASHION], list_collections: files });
      expect(saved.json()).toEqual({ status: 200, data: { ok: true } });
      const got = await api(t, alice, 'POST', '/api/v1/facebook/page/get-manager', { user_id: alice.userId, page_data: [{ page_id: LAN_BAKERY, page_name: '' }, { page_id: LAN_FASHION, page_name: '' }] });
      const managers = (got.json() as { data: { files: unknown; page_name: string }[] }).data;
      expect(managers).toHaveLength(2);
      for (const item of managers) expect(item.files).toEqual(files);
      expect((await api(t, bob, 'POST', '/api/v1/facebook/save-collection-page', { list_page_ids: [LAN_BAKERY], list_collections: files })).statusCode).toBe(404);
      expect((await api(t, alice, 'POST', '/api/v1/facebook/save-collection-page', { list_page_ids: [], list_collections: files })).statusCode).toBe(400);
    });
  });

  it('access-token-pages needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/facebook/page/access-token-pages' })).statusCode).toBe(401);
  });
});
