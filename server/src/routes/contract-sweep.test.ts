import { randomBytes } from 'node:crypto';
import { type EndpointContract, type EndpointName, endpoints } from '@pagemate/shared-contracts/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFastifyPath } from '../http/contract-route.js';
import { hubSignature, metaJson } from '../meta-sandbox/webhook-payload.js';
import { bearer, claimsOf, login, registerAccount } from '../test/accounts.js';
import { insertDocument } from '../test/chat.js';
import { baselineOf, problemOf, requestOf, sweepCases } from '../test/contract-sweep.js';
import { fieldsOf } from '../test/json-schema-sample.js';
import { api, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';

/**
 * Bad input: every endpoint of the contract swept with invalid, missing, oversized and wrong-typed
 * fields (generated from its zod schemas, so a new endpoint is swept the day it is added), and with another
 * user's ids. Always a 4xx with the one error body; never a 5xx; never the other user's data.
 */

/** Endpoints the sweep cannot drive, each with why. Everything else in `endpoints` is swept. */
const EXCLUDED: Partial<Record<EndpointName, string>> = {
  // No params, query or body: its only input is the HttpOnly refresh cookie; bad, reused and missing cookies
  // are covered in sessions.test.ts.
  refreshToken: 'input is the refresh cookie only (sessions.test.ts)',
  // No input to break, and its valid call would end the sweeping user's session mid-sweep (sessions.test.ts).
  logout: 'no input; ends the sweeping session (sessions.test.ts)',
};

/** Endpoints whose invalid requests are swept but whose valid baseline is not sent, with why. */
const BASELINE_NOT_SENT: Partial<Record<EndpointName, string>> = {
  chatSend: 'a valid request opens an event stream (chat.test.ts); invalid ones are refused before it opens',
};

/** Cases per endpoint at most (spread evenly over its fields), to keep a database's sweep well under a minute. */
const MAX_CASES_PER_ENDPOINT = 80;

const names = Object.keys(endpoints) as EndpointName[];
const swept = names.filter((name) => !(name in EXCLUDED));
const contractOf = (name: EndpointName): EndpointContract => endpoints[name];

/** Fields that name a resource: another user's value must never reach that user's data. */
const ID_FIELD = /(^id$|^ids$|_id$|_ids$|Id$)/;
const OWN_USER_FIELDS = new Set(['user_id', 'userId']);

type ResourceKind =
  | 'client' | 'order' | 'conversation' | 'chunk' | 'file' | 'collection' | 'payment' | 'thread' | 'identity' | 'procedure' | 'config'
  | 'manager' | 'page' | 'post' | 'media' | 'notification' | 'shop' | 'staff';

/** Which of B's resources an id field names; `id` alone depends on the endpoint. */
const KIND_OF_FIELD: Record<string, ResourceKind> = {
  orderId: 'order', client_id: 'client', conversation_id: 'conversation', file_id: 'file', file_ids: 'file', payment_id: 'payment',
  thread_id: 'thread', identity_id: 'identity', procedure_id: 'procedure', total_id: 'config', manager_id: 'manager', page_id: 'page',
  page_ids: 'page', list_page_ids: 'page', post_id: 'post', media_ids: 'media', ids: 'notification', collection_id: 'collection',
  shop_id: 'shop', staff_id: 'staff', config_id: 'config',
};
const KIND_OF_ID: Partial<Record<EndpointName, ResourceKind>> = {
  clientDetail: 'client', deleteClient: 'client', saveClient: 'client', chatConversation: 'conversation', chatPassage: 'chunk',
  paymentStatus: 'payment', inboxThread: 'thread', savePartnerStaff: 'staff', deletePartnerStaff: 'staff',
};

/**
 * Calls that take another user's id and answer 200 by design, without touching it; each with why. They are
 * still checked: no marker of B in the answer, B's data intact afterwards.
 */
const FOREIGN_ID_IGNORED: Partial<Record<EndpointName, string>> = {
  dismissNotifications: "dismisses the caller's notifications among the ids; others' ids are ignored (notifications-service.ts)",
  sandboxActivity: "a filter over the caller's own sandbox activity: another's page gives an empty list (sandbox.test.ts asserts it)",
  getManager: 'a batch lookup for the page table: the managers of those pages that have one; a page of someone else has none for the caller',
};

function setPath(target: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const copy = (Array.isArray(target) ? [...(target as unknown[])] : { ...(target as object) }) as Record<string, unknown>;
  copy[head] = setPath(copy[head], rest, value);
  return copy;
}

describe.each(testDatabases)('contract sweep (%s)', (kind) => {
  let t: TestApp;
  /** The sweeping user and partner (A). */
  let user: SignedIn;
  let partner: SignedIn;
  let started = 0;
  let casesSent = 0;

  async function signedInPartner(): Promise<SignedIn> {
    const account = await registerAccount(t, { accountType: 'partner', prefix: 'agency' });
    const { accessToken } = await login(t, account.username, account.password);
    return { accessToken, userId: String(claimsOf(accessToken).userId), username: account.username, headers: bearer(accessToken) };
  }
  const headersFor = (contract: EndpointContract, who: { user: SignedIn; partner: SignedIn }) =>
    contract.auth === 'partner' ? who.partner.headers : contract.auth === 'user' ? who.user.headers : {};

  beforeAll(async () => {
    // Many sign-ups and refused calls from one test address: lift the per-IP limits as the other multi-account suites do.
    started = Date.now();
    t = await buildTestApp(kind, { env: { RATE_LIMIT_IP_MULTIPLIER: '100' } });
    user = await signedInUser(t);
    partner = await signedInPartner();
  });
  afterAll(async () => {
    console.info(`contract sweep (${kind}): ${casesSent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await t?.close();
  });

  it('covers every endpoint of the contract: swept, or excluded with a reason', async () => {
    for (const name of Object.keys(EXCLUDED)) expect(names, `stale exclusion ${name}`).toContain(name);
    for (const name of Object.keys(BASELINE_NOT_SENT)) expect(swept, `stale baseline exclusion ${name}`).toContain(name);
    expect(swept.length + Object.keys(EXCLUDED).length).toBe(names.length);
    for (const name of names) {
      const contract = contractOf(name);
      expect(t.app.hasRoute({ method: contract.method, url: toFastifyPath(contract.path) }), `${name} is served`).toBe(true);
      // Every endpoint's schemas can be sampled (a zod construct the generator does not know fails here).
      expect(() => baselineOf(contract, { user_id: user.userId, userId: user.userId }), name).not.toThrow();
    }
  });

  it.each(swept)('%s: bad input is a 4xx with a clear message, never a 5xx', async (name) => {
    const contract = contractOf(name);
    const who = { user, partner };
    const headers = headersFor(contract, who);
    const overrides = { user_id: user.userId, userId: user.userId };
    const failures: string[] = [];

    if (!(name in BASELINE_NOT_SENT)) {
      const baseline = baselineOf(contract, overrides);
      const response = await t.app.inject(requestOf(contract, baseline, headers));
      casesSent += 1;
      if (response.statusCode >= 500 || (response.statusCode >= 400 && problemOf(response))) failures.push(`baseline: ${problemOf(response) ?? response.statusCode}`);
    }
    const cases = sweepCases(contract, overrides, MAX_CASES_PER_ENDPOINT);
    for (const sweepCase of cases) {
      const response = await t.app.inject(requestOf(contract, sweepCase, { ...headers, ...sweepCase.headers }, sweepCase.label !== 'multipart: fields but no file'));
      casesSent += 1;
      const problem = problemOf(response, sweepCase);
      if (problem) failures.push(`${sweepCase.label}: ${problem}`);
    }
    // Endpoints without input (lists of the caller's own data) have no case: their baseline is their sweep.
    if (contract.params || contract.query || contract.body || contract.multipart) expect(cases.length, 'cases generated').toBeGreaterThan(0);
    expect(failures, `\n${failures.join('\n')}\n`).toEqual([]);
  });

  describe("another user's ids", () => {
    /** B, a second shop with one of everything; P2, B's partner, with a staff member. */
    let other: SignedIn;
    let otherPartner: SignedIn;
    const marker = `B-secret-${randomBytes(6).toString('hex')}`;
    const ids = {} as Record<ResourceKind, string>;
    /**
     * A's own resources: the other id fields of a request carry these, so the answer is about B's id alone
     * (an update naming B's config with A's identity and procedure must still be refused for the config).
     */
    const own: Partial<Record<ResourceKind, string>> = {};
    /** B's copy of the demo bakery (set once B connected). */
    let PAGE = '';

    const data = <T>(response: LightMyRequestResponse): T => {
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: T }).data;
    };

    beforeAll(async () => {
      other = await signedInUser(t);
      otherPartner = await signedInPartner();
      await connectThroughSandbox(t, other);
      PAGE = sandboxPageId(t, other, '109000000000011');
      await t.app.ledger.credit(other.userId, 100_000, `sweep-credit-${process.pid}-${kind}`, 'deposit');
      ids.page = PAGE;
      ids.shop = other.userId;
      const post = async <T>(path: string, body: object) => data<T>(await api(t, other, 'POST', path, { user_id: other.userId, ...body }));

      const client = await post<{ id: string }>('/api/v1/facebook/client/save', { name: `${marker}-client`, note: marker });
      ids.client = client.id;
      ids.order = (await post<{ orderId: string }>('/api/v1/facebook/order/save', { productName: `${marker}-order`, unitPrice: 1000, quantity: 1, client_id: client.id })).orderId;
      const identity = await post<{ identity_id: string }>('/api/v1/facebook/config/create-identity', {
        name: `${marker}-identity`, info: {}, story: {}, style_conversation: marker, example_conversation: marker,
      });
      ids.identity = identity.identity_id;
      ids.procedure = (await post<{ procedure_id: string }>('/api/v1/facebook/config/create-procedure', { name: `${marker}-procedure`, procedure: marker })).procedure_id;
      ids.config = (await post<{ total_id: string }>('/api/v1/facebook/config/create', {
        name: `${marker}-config`, procedure_id: ids.procedure, identity_id: ids.identity, role: marker, target: marker, mission: marker, note: marker,
      })).total_id;
      const document = await insertDocument(t, other.userId, `${marker}.txt`, [`${marker} passage`], { collection: `${marker}-collection` });
      ids.file = document.fileId;
      ids.chunk = document.chunkIds[0] ?? '';
      ids.collection = `${marker}-collection`;
      ids.manager = (await post<{ manager_id: string }>('/api/v1/facebook/page/update-manager', {
        username: other.username, page_id: PAGE, page_name: 'Bakery', files: [{ collection_name: `${marker}-collection`, file_name: `${marker}.txt` }],
        config_id: ids.config, action: ['messages'], auto_reply: true,
      })).manager_id;
      ids.payment = (await post<{ payment_id: string }>('/api/v1/deposit', { amount: 50_000 })).payment_id;
      // An image for posts (the check is on the PNG signature).
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
      const head = `--sweep\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n${other.userId}\r\n--sweep\r\nContent-Disposition: form-data; name="file"; filename="${marker}.png"\r\nContent-Type: image/png\r\n\r\n`;
      ids.media = data<{ media_id: string }>(await t.app.inject({
        method: 'POST', url: '/api/v1/facebook/post/image', headers: { ...other.headers, 'content-type': 'multipart/form-data; boundary=sweep' },
        payload: Buffer.concat([Buffer.from(head), png, Buffer.from('\r\n--sweep--\r\n')]),
      })).media_id;
      const posts = await post<{ post_id: string }[]>('/api/v1/facebook/post/create', {
        content: `${marker}-post`, page_ids: [PAGE], time: new Date(Date.now() + 86_400_000).toISOString(), repeat: { kind: 'none' },
      });
      ids.post = posts[0]?.post_id ?? '';
      // A Messenger thread: B subscribes, a customer writes, the job files it.
      await post('/api/v1/facebook/subscribed', { page_id: PAGE, type: 'messages', action: 'subscribe' });
      const ms = Date.now();
      const webhook = metaJson({ object: 'page', entry: [{ id: PAGE, time: ms, messaging: [{ sender: { id: '6100000000000099' }, recipient: { id: PAGE }, timestamp: ms, message: { mid: `mid.sweep.${ms}`, text: `${marker}-message` } }] }] });
      const delivered = await t.app.inject({ method: 'POST', url: '/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(t.app.meta.appSecret, webhook) }, payload: webhook });
      expect(delivered.statusCode).toBe(200);
      await t.app.jobs.runDue();
      ids.thread = (await post<{ thread_id: string }[]>('/api/v1/facebook/get-messages', { page_id: PAGE }))[0]?.thread_id ?? '';
      // A chat conversation (the answer streams; the conversation is listed afterwards).
      const chat = await api(t, other, 'POST', '/api/v1/chat/send', { user_id: other.userId, mode: 'basic', message: `${marker}-chat` });
      expect(chat.statusCode, chat.body).toBe(200);
      ids.conversation = data<{ conversation_id: string }[]>(await api(t, other, 'GET', `/api/v1/chat/conversations/${other.userId}?mode=basic`))[0]?.conversation_id ?? '';
      await t.app.notifications.notify(other.userId, 'low_balance', { balance: 1 }, `sweep-${marker}`);
      ids.notification = data<{ items: { id: string }[] }>(await api(t, other, 'GET', `/api/v1/notifications/${other.userId}`)).items[0]?.id ?? '';
      // B's partner and its staff member, assigned to B.
      const code = data<{ code: string }>(await api(t, otherPartner, 'GET', '/api/v1/partner/invite')).code;
      data(await api(t, other, 'POST', '/api/v1/account/partner/join', { user_id: other.userId, code }));
      ids.staff = data<{ id: string }>(await api(t, otherPartner, 'POST', '/api/v1/partner/staff/save', { name: `${marker}-staff`, note: marker })).id;
      data(await api(t, otherPartner, 'POST', '/api/v1/partner/shops/assign', { shop_id: other.userId, staff_id: ids.staff }));
      for (const [resource, id] of Object.entries(ids)) expect(id, `B's ${resource}`).toBeTruthy();

      const mine = async <T>(path: string, body: object) => data<T>(await api(t, user, 'POST', path, { user_id: user.userId, ...body }));
      own.client = (await mine<{ id: string }>('/api/v1/facebook/client/save', { name: 'A client' })).id;
      own.order = (await mine<{ orderId: string }>('/api/v1/facebook/order/save', { productName: 'A order', unitPrice: 1000, quantity: 1 })).orderId;
      own.identity = (await mine<{ identity_id: string }>('/api/v1/facebook/config/create-identity', { name: 'A identity', info: {}, story: {}, style_conversation: '', example_conversation: '' })).identity_id;
      own.procedure = (await mine<{ procedure_id: string }>('/api/v1/facebook/config/create-procedure', { name: 'A procedure', procedure: 'Chào khách' })).procedure_id;
      own.config = (await mine<{ total_id: string }>('/api/v1/facebook/config/create', { name: 'A config', procedure_id: own.procedure, identity_id: own.identity, role: '', target: '', mission: '', note: '' })).total_id;
      own.payment = (await mine<{ payment_id: string }>('/api/v1/deposit', { amount: 50_000 })).payment_id;
      // The sweeping partner's own shop and staff member.
      const shop = await signedInUser(t);
      data(await api(t, shop, 'POST', '/api/v1/account/partner/join', { user_id: shop.userId, code: data<{ code: string }>(await api(t, partner, 'GET', '/api/v1/partner/invite')).code }));
      own.shop = shop.userId;
      own.staff = data<{ id: string }>(await api(t, partner, 'POST', '/api/v1/partner/staff/save', { name: 'A staff' })).id;
    });

    /** Every (endpoint, id field) the contract has, each with the kind of B's resource it names. */
    const idCases = swept.flatMap((name) => {
      const contract = contractOf(name);
      return (['params', 'query', 'body', 'multipart'] as const).flatMap((part) => {
        const schema = contract[part];
        if (!schema) return [];
        return fieldsOf(schema)
          .filter((field) => ID_FIELD.test(field.name) && !OWN_USER_FIELDS.has(field.name))
          .map((field) => ({ name, part, path: field.path, list: field.list, kind: field.name === 'id' ? KIND_OF_ID[name] : KIND_OF_FIELD[field.name] }));
      });
    });

    it('knows which resource every id field of the contract names', () => {
      const unknown = idCases.filter((idCase) => idCase.kind === undefined).map((idCase) => `${idCase.name} ${idCase.part}.${idCase.path}`);
      expect(unknown, 'add the field to KIND_OF_FIELD / KIND_OF_ID').toEqual([]);
    });

    it.each(idCases.map((idCase) => [`${idCase.name} ${idCase.part}.${idCase.path}`, idCase] as const))('%s with B’s id: 403/404, nothing of B', async (_, idCase) => {
      const contract = contractOf(idCase.name);
      const base = baselineOf(contract, { user_id: user.userId, userId: user.userId });
      const foreign = ids[idCase.kind as ResourceKind];
      const value = idCase.list ? [foreign] : foreign;
      // Every other id field names A's own resource of its kind (where A has one), then this one names B's.
      const request = { params: base.params, query: base.query, body: base.body };
      const key = (part: string) => (part === 'multipart' ? 'body' : part) as keyof typeof request;
      for (const other of idCases.filter((item) => item.name === idCase.name)) {
        const mine = other.kind && own[other.kind];
        const same = other.part === idCase.part && other.path === idCase.path;
        if (!same && !mine) continue;
        const chosen = same ? value : other.list ? [mine] : mine;
        request[key(other.part)] = setPath(request[key(other.part)], other.path.split('.'), other.part === 'query' || other.part === 'params' ? String(chosen) : chosen) as never;
      }
      const response = await t.app.inject(requestOf(contract, request, headersFor(contract, { user, partner })));
      expect(response.body, 'no marker of B').not.toContain(marker);
      if (idCase.name in FOREIGN_ID_IGNORED) expect(response.statusCode, response.body).toBeLessThan(300);
      else {
        expect([403, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
        expect(problemOf(response)).toBeUndefined();
      }
    });

    it.each(swept.filter((name) => contractOf(name).auth === 'user'))('%s naming B as user_id: 403', async (name) => {
      const contract = contractOf(name);
      const names = (['params', 'query', 'body', 'multipart'] as const).filter((part) => contract[part] && fieldsOf(contract[part] as z.ZodType).some((field) => OWN_USER_FIELDS.has(field.path)));
      if (names.length === 0) return;
      const base = baselineOf(contract, { user_id: other.userId, userId: other.userId });
      const response = await t.app.inject(requestOf(contract, base, user.headers));
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).not.toContain(marker);
      expect(problemOf(response)).toBeUndefined();
    });

    it("leaves B's data as it was", async () => {
      const get = async (path: string, who = other) => {
        const response = await api(t, who, 'GET', path);
        expect(response.statusCode, response.body).toBe(200);
        return response.body;
      };
      const post = async (path: string, body: object) => {
        const response = await api(t, other, 'POST', path, { user_id: other.userId, ...body });
        expect(response.statusCode, response.body).toBe(200);
        return response.body;
      };
      expect(await get('/api/v1/facebook/get-clients')).toContain(`${marker}-client`);
      expect(await get(`/api/v1/facebook/get-orders?user_id=${other.userId}`)).toContain(`${marker}-order`);
      expect(await get(`/api/v1/facebook/config/get-identity?user_id=${other.userId}`)).toContain(`${marker}-identity`);
      expect(await get(`/api/v1/facebook/config/get-procedure?user_id=${other.userId}`)).toContain(`${marker}-procedure`);
      expect(await get(`/api/v1/facebook/config/get?user_id=${other.userId}`)).toContain(`${marker}-config`);
      expect(await get(`/api/v1/facebook/get-collection/${other.userId}`)).toContain(`${marker}.txt`);
      expect(await post('/api/v1/facebook/page/get-manager', { page_data: [{ page_id: PAGE, page_name: 'Bakery' }] })).toContain(ids.manager);
      expect(await post('/api/v1/facebook/get-posts', { page_id: PAGE })).toContain(`${marker}-post`);
      const thread = await get(`/api/v1/facebook/thread/${ids.thread}?user_id=${other.userId}`);
      expect(thread).toContain(`${marker}-message`);
      expect(JSON.parse(thread).data.thread.bot_paused ?? false).toBeFalsy();
      expect(await get(`/api/v1/chat/conversation/${ids.conversation}?user_id=${other.userId}`)).toContain(`${marker}-chat`);
      expect(await get(`/api/v1/payment-status/${ids.payment}?user_id=${other.userId}`)).toContain('"pending"');
      expect(await get(`/api/v1/notifications/${other.userId}`)).toContain(ids.notification);
      expect(await get('/api/v1/partner/staff', otherPartner)).toContain(`${marker}-staff`);
      expect(await get('/api/v1/partner/shops', otherPartner)).toContain(ids.staff);
    });
  });
});
