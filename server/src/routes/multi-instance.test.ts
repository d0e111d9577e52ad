import { randomBytes } from 'node:crypto';
import type { CollectionFile, Deposit, ScheduledPost } from '@pagemate/shared-contracts/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentChunks, inboxItems, jobs, notifications, paymentEvents, postRuns, tokenTransactions } from '../db/schema/index.js';
import { buildWebhookPayload, hubSignature, metaJson } from '../meta-sandbox/webhook-payload.js';
import { INDEX_QUEUE } from '../plugins/app/documents/documents-service.js';
import { BOT_REPLY_QUEUE } from '../plugins/app/inbox/inbox-service.js';
import { ACCOUNT_RATE_LIMITS } from '../plugins/app/accounts/limits.js';
import { POST_PUBLISH_QUEUE } from '../plugins/app/posts/posts-service.js';
import type { Clock } from '../plugins/app/clock.js';
import { bearer, errorOf, features, login, refresh, refreshCookieOf, registerAccount, uniqueAccount } from '../test/accounts.js';
import { createTestPostgres, type TestPostgres } from '../test/databases.js';
import { api, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { type FakeS3, startFakeS3 } from '../test/fake-s3.js';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { overHttp } from '../test/http-app.js';
import { expectLedgerConsistent } from '../test/ledger.js';
import { type RoundRobinProxy, startRoundRobinProxy } from '../test/round-robin-proxy.js';
import { dataOf, multipart } from '../test/multipart.js';
import { deleteRedisKeys } from '../test/redis.js';

/** Lan's copy of the demo bakery (demo account 100090000000001), set once she connected. */
let BAKERY = '';
const INSTANCES = 3;
const PAYOS_WEBHOOK = '/api/v1/payments/webhook/sandbox';
/** Long enough for any background job here; polling stops as soon as the database shows the outcome. */
const JOB_TIMEOUT = { timeout: 20_000, interval: 25 };

/** Real time, which the test can move forward for every instance at once (a post falls due). */
class SharedClock implements Clock {
  offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
}

interface Deployment {
  /** The app instances, each listening on its own port with its own job worker. */
  instances: TestApp[];
  proxy: RoundRobinProxy;
  /** The deployment as a client sees it: every request through the balancer, to the next instance in turn. */
  balanced: TestApp;
  /** Through the balancer, pinned to one instance. */
  via(instance: number): TestApp;
  close(): Promise<void>;
}

/**
 * `count` full app instances on one PostgreSQL database behind a round-robin balancer: PUBLIC_API_URL is the
 * balancer, so the apps' own outbound calls (Graph API and PayOS sandboxes, webhook deliveries) go through it
 * too; TRUST_PROXY, since the apps see the balancer's address. The instances boot at once, as replicas do.
 */
async function startDeployment(options: { count: number; database: TestPostgres; env?: Record<string, string>; clock?: Clock; onFetch?: (url: string, init?: RequestInit) => void }): Promise<Deployment> {
  const proxy = await startRoundRobinProxy();
  const instances: TestApp[] = [];
  try {
    const fetch = async (input: string, init?: RequestInit) => {
      // Nothing here leaves the machine: the sandboxes are behind the balancer.
      if (!input.startsWith(`${proxy.url}/`)) throw new TypeError(`fetch failed: ${new URL(input).origin} is not reachable in tests`);
      options.onFetch?.(input, init);
      return globalThis.fetch(input, init);
    };
    const env = { PUBLIC_API_URL: proxy.url, TRUST_PROXY: 'true', JOBS_POLL_INTERVAL_MS: '25', JOBS_CONCURRENCY: '4', ...options.env };
    const booted = await Promise.allSettled(
      Array.from({ length: options.count }, () => buildTestApp('postgres', { env, databaseUrl: options.database.url, fetch, ...(options.clock ? { clock: options.clock } : {}) })),
    );
    for (const result of booted) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = booted.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    for (const instance of instances) proxy.upstreams.push(await instance.app.listen({ host: '127.0.0.1', port: 0 }));
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.close()));
    await proxy.close();
    throw error;
  }
  const [first] = instances as [TestApp];
  return {
    instances,
    proxy,
    balanced: overHttp(proxy.url, first, instances),
    via: (instance) => overHttp(proxy.url, first, instances, { upstream: instance }),
    close: async () => {
      // Each instance finishes the jobs it is running (they may call the sandboxes through the balancer).
      await Promise.all(instances.map((instance) => instance.close()));
      await proxy.close();
    },
  };
}

/** A failed sign-in from `remoteAddress`; `forwardedFor`: what the client itself claims in X-Forwarded-For. */
const wrongLogin = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress,
    payload: { username: uniqueAccount().username, password: 'wrong-password' },
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

/** How many sign-in attempts from one client address are let through before the first 429. */
async function attemptsBeforeLimit(send: (attempt: number) => Promise<LightMyRequestResponse>): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await send(attempt);
    if (response.statusCode === 429) return attempt;
    expect(errorOf(response).code).toBe('INVALID_CREDENTIALS');
  }
  throw new Error('never limited');
}

/**
 * Through the balancer (round robin) the login limit trips at the same count as on one instance, then on every
 * instance — also for a client sending a made-up X-Forwarded-For each time (the balancer appends the real one).
 */
async function expectSharedLoginLimit(deployment: Deployment, addresses: [string, string]) {
  const oneInstance = deployment.via(0);
  const alone = await attemptsBeforeLimit(() => wrongLogin(oneInstance, addresses[0]));
  const servedBefore = deployment.proxy.requests.length;
  const spread = await attemptsBeforeLimit((attempt) => wrongLogin(deployment.balanced, addresses[1], `203.0.113.${attempt + 1}`));
  expect(alone).toBe(ACCOUNT_RATE_LIMITS.login.ip.max);
  expect(spread).toBe(alone);
  // The attempts really were spread over every instance.
  expect(new Set(deployment.proxy.requests.slice(servedBefore).map((request) => request.upstream)).size).toBe(deployment.instances.length);
  for (let i = 0; i < deployment.instances.length; i += 1) expect((await wrongLogin(deployment.via(i), addresses[1])).statusCode).toBe(429);
}

describe.runIf(testDatabases.includes('postgres'))(`${INSTANCES} instances on one PostgreSQL behind a round-robin balancer`, () => {
  const clock = new SharedClock();
  /** PayOS webhook bodies the sandbox delivered (through the balancer). */
  const payosDeliveries: string[] = [];
  let database: TestPostgres;
  let s3: FakeS3;
  let deployment: Deployment;
  let lb: TestApp;
  let lan: SignedIn;
  /** Instance 0's app, for reading the shared database. */
  const db = () => deployment.instances[0]?.app.db.orm ?? (undefined as never);

  beforeAll(async () => {
    database = await createTestPostgres();
    s3 = await startFakeS3();
    deployment = await startDeployment({
      count: INSTANCES,
      database,
      clock,
      // Reconcile pending payments every second on every instance: it races the webhooks below.
      env: { ...s3.env, PAYMENT_RECONCILE_INTERVAL_SECONDS: '1', SHELL_URL: 'http://localhost:3000' },
      onFetch: (url, init) => {
        if (url.endsWith(PAYOS_WEBHOOK)) payosDeliveries.push(String(init?.body));
      },
    });
    lb = deployment.balanced;
    lan = await signedInUser(lb);
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await deployment?.close();
    await s3?.close();
    await database?.drop();
  });

  it('boots every instance on one database: one set of generated secrets, every instance serving', async () => {
    const secrets = deployment.instances.map((instance) => [instance.app.meta.appSecret, instance.app.payosSandboxKeys?.checksumKey]);
    expect(new Set(secrets.map((pair) => JSON.stringify(pair))).size).toBe(1);
    const served = new Set<number>();
    for (let i = 0; i < INSTANCES * 2; i += 1) {
      const before = deployment.proxy.requests.length;
      expect((await lb.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      served.add(deployment.proxy.requests[before]?.upstream ?? -1);
    }
    expect([...served].sort()).toEqual([0, 1, 2]);
  });

  it('sessions: a token issued by one instance works on the others; refresh, replay and logout hold across them', async () => {
    const account = await registerAccount(lb);
    const signedIn = await login(deployment.via(0), account.username, account.password);
    for (let i = 0; i < INSTANCES; i += 1) expect((await features(deployment.via(i), signedIn.accessToken)).statusCode).toBe(200);

    const refreshed = await refresh(deployment.via(1), signedIn.refreshToken);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const accessToken = (refreshed.json() as { data: { access_token: string } }).data.access_token;
    const rotated = refreshCookieOf(refreshed)?.value;
    expect(rotated).toBeTruthy();
    expect((await features(deployment.via(2), accessToken)).statusCode).toBe(200);

    const loggedOut = await deployment.via(2).app.inject({ method: 'POST', url: '/logout', headers: bearer(accessToken), payload: {} });
    expect(loggedOut.json()).toEqual({ status: 200, data: { ok: true } });
    for (let i = 0; i < INSTANCES; i += 1) {
      expect((await features(deployment.via(i), accessToken)).statusCode).toBe(401);
      expect((await features(deployment.via(i), signedIn.accessToken)).statusCode).toBe(401);
      expect(errorOf(await refresh(deployment.via(i), rotated)).code).toBe('SESSION_EXPIRED');
    }

    // Two tabs refreshing with the same token at once, on two instances: both answered, one successor.
    const tabs = await login(deployment.via(0), account.username, account.password);
    const racing = await Promise.all([refresh(deployment.via(1), tabs.refreshToken), refresh(deployment.via(2), tabs.refreshToken)]);
    expect(racing.map((response) => response.statusCode)).toEqual([200, 200]);
    const successors = racing.map((response) => refreshCookieOf(response)?.value).filter(Boolean);
    expect(successors).toHaveLength(1);
    expect((await refresh(deployment.via(0), successors[0])).statusCode).toBe(200);

    // A refresh token replayed after the grace window, on another instance than the one that rotated it, ends the session everywhere.
    const second = await login(deployment.via(0), account.username, account.password);
    const rotatedAgain = await refresh(deployment.via(1), second.refreshToken);
    expect(rotatedAgain.statusCode).toBe(200);
    clock.offsetMs += 11_000;
    expect(errorOf(await refresh(deployment.via(2), second.refreshToken)).code).toBe('SESSION_EXPIRED');
    expect(errorOf(await refresh(deployment.via(0), refreshCookieOf(rotatedAgain)?.value)).code).toBe('SESSION_EXPIRED');
    expect((await features(deployment.via(1), (rotatedAgain.json() as { data: { access_token: string } }).data.access_token)).statusCode).toBe(401);
  });

  it('rate limits: the login limit trips at the same count through the balancer as on one instance', async () => {
    await expectSharedLoginLimit(deployment, ['127.81.0.1', '127.81.0.2']);
  });

  it('a PayOS webhook delivered to every instance (and the reconcilers racing it) credits once', async () => {
    const payment = dataOf<Deposit>(await api(lb, lan, 'POST', '/api/v1/deposit', { user_id: lan.userId, amount: 100_000 }));
    const checkout = new URL(payment.checkout_url ?? '');
    const paid = await lb.app.inject({ method: 'POST', url: `${checkout.pathname}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'lang=vi' });
    expect(paid.statusCode, paid.body).toBe(303);
    const webhook = payosDeliveries.find((body) => (JSON.parse(body) as { data: { orderCode: number } }).data.orderCode === payment.order_code);
    expect(webhook, 'the sandbox delivered the payment webhook').toBeDefined();

    // The same delivery to each instance at once (a provider retrying), then once more through the balancer.
    const again = await Promise.all(
      deployment.instances.map((_, i) =>
        deployment.via(i).app.inject({ method: 'POST', url: PAYOS_WEBHOOK, headers: { 'content-type': 'application/json' }, payload: webhook ?? '' }),
      ),
    );
    expect(again.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect((await lb.app.inject({ method: 'POST', url: PAYOS_WEBHOOK, headers: { 'content-type': 'application/json' }, payload: webhook ?? '' })).statusCode).toBe(200);

    for (let i = 0; i < INSTANCES; i += 1) {
      expect(dataOf<{ total_balance: number }>(await api(deployment.via(i), lan, 'GET', `/api/v1/total-balance/${lan.userId}`)).total_balance).toBe(100_000);
      expect(dataOf<Deposit>(await api(deployment.via(i), lan, 'GET', `/api/v1/payment-status/${payment.payment_id}?user_id=${lan.userId}`)).status).toBe('paid');
    }
    const outcomes = (await db().select({ outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.orderCode, payment.order_code))).map((row) => row.outcome);
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate').length).toBeGreaterThanOrEqual(INSTANCES + 1);
    expect(await deployment.instances[0]?.app.ledgerRepository.sumOfEntries(lan.userId)).toBe(100_000);
    const paidNotes = await db().select({ n: count() }).from(notifications).where(and(eq(notifications.userId, lan.userId), eq(notifications.kind, 'deposit_paid')));
    expect(paidNotes[0]?.n).toBe(1);
    await expectLedgerConsistent(deployment.instances[0] as TestApp);
  });

  it('a document uploaded through the balancer is indexed once, from the shared bucket, and readable on every instance', async () => {
    const text = 'Bánh mì thịt nướng giá 25.000đ một ổ. Bánh mì chả cá giá 20.000đ. Giao hàng miễn phí trong bán kính 3 km.';
    const form = multipart({ user_id: lan.userId, collection_name: 'Bảng giá', language: 'auto' }, { name: 'bang-gia.txt', bytes: Buffer.from(text) });
    const uploaded = dataOf<CollectionFile>(await lb.app.inject({ method: 'POST', url: '/api/v1/documents/upload', headers: { ...lan.headers, ...form.headers }, payload: form.payload }));
    const fileId = uploaded.file_id ?? '';

    const indexJobs = () => db().select().from(jobs).where(and(eq(jobs.queue, INDEX_QUEUE), sql`${jobs.payload}->>'fileId' = ${fileId}`));
    await vi.waitFor(async () => expect((await indexJobs()).map((job) => job.status)).toEqual(['done']), JOB_TIMEOUT);
    expect((await indexJobs())[0]?.attempts).toBe(1);
    const chunks = await db().select().from(documentChunks).where(eq(documentChunks.fileId, fileId));
    expect(chunks.length).toBeGreaterThan(0);
    expect(new Set(chunks.map((chunk) => chunk.ordinal)).size).toBe(chunks.length);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toContain('25.000đ');

    for (let i = 0; i < INSTANCES; i += 1) {
      const listed = dataOf<CollectionFile[]>(await api(deployment.via(i), lan, 'GET', `/api/v1/facebook/get-collection/${lan.userId}`));
      expect(listed.filter((file) => file.file_id === fileId)).toEqual([expect.objectContaining({ index_status: 'ready', file_name: 'bang-gia.txt' })]);
      const passage = await api(deployment.via(i), lan, 'GET', `/api/v1/chat/passage/${chunks[0]?.id ?? ''}?user_id=${lan.userId}`);
      expect(passage.statusCode, passage.body).toBe(200);
      expect(passage.body).toContain('Bánh mì');
    }
  });

  it('webhooks: Meta delivering the same event to two instances at once gets one reply and one charge per event', async () => {
    const { landing } = await connectThroughSandbox(lb, lan);
    expect(landing.statusCode, landing.body).toBe(200);
    BAKERY = sandboxPageId(lb, lan, '109000000000011');
    for (const type of ['comments', 'messages'] as const) {
      const subscribed = await api(lb, lan, 'POST', '/api/v1/facebook/subscribed', { user_id: lan.userId, page_id: BAKERY, page_access_token: 'x', type, action: 'subscribe' });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
    }
    const charges = async () => (await db().select({ n: count() }).from(tokenTransactions).where(eq(tokenTransactions.userId, lan.userId)))[0]?.n ?? 0;
    const chargesBefore = await charges();

    const appSecret = deployment.instances[0]?.app.meta.appSecret ?? '';
    const events = [
      ...['Bánh mì thịt nướng giá bao nhiêu?', 'Shop có giao hàng không?', 'Bánh mì chả cá bao nhiêu tiền?', 'Giao trong bán kính mấy km?'].map((text, i) => ({ kind: 'comment' as const, text, fromName: `Khách ${i}` })),
      { kind: 'message' as const, text: 'Bánh mì thịt nướng còn không shop?', fromName: 'Phạm Thu Hà' },
    ].map((event) => {
      const body = metaJson(buildWebhookPayload({ pageId: BAKERY, ...event, now: new Date(), serial: `${Date.now()}${randomBytes(3).readUIntBE(0, 3)}` }));
      const payload = JSON.parse(body) as { entry: [{ changes?: [{ value: { comment_id: string } }]; messaging?: [{ message: { mid: string } }] }] };
      const externalId = payload.entry[0].changes?.[0].value.comment_id ?? payload.entry[0].messaging?.[0].message.mid ?? '';
      return { kind: event.kind, body, externalId };
    });
    const deliver = (t: TestApp, body: string) =>
      t.app.inject({ method: 'POST', url: '/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(appSecret, body) }, payload: body });

    // The first and the last event reach two instances at the same moment; the others go through the balancer, twice each.
    const [first, ...rest] = events;
    const last = events.at(-1);
    const answers = await Promise.all([
      deliver(deployment.via(0), first?.body ?? ''),
      deliver(deployment.via(1), first?.body ?? ''),
      deliver(deployment.via(1), last?.body ?? ''),
      deliver(deployment.via(2), last?.body ?? ''),
      ...rest.flatMap((event) => [deliver(lb, event.body), deliver(lb, event.body)]),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 200));

    const externalIds = events.map((event) => event.externalId);
    const customerItems = () => db().select().from(inboxItems).where(inArray(inboxItems.externalId, externalIds));
    const replyJobs = async () => {
      const items = await customerItems();
      return db().select().from(jobs).where(inArray(jobs.dedupeKey, items.map((item) => `${BOT_REPLY_QUEUE}:${item.id}`)));
    };
    await vi.waitFor(async () => {
      expect((await customerItems()).map((item) => item.replyStatus)).toEqual(events.map(() => 'replied'));
      expect((await replyJobs()).map((job) => job.status)).toEqual(events.map(() => 'done'));
    }, JOB_TIMEOUT);
    const items = await customerItems();
    expect(items.map((item) => item.externalId).sort()).toEqual([...externalIds].sort());
    expect((await replyJobs()).map((job) => job.attempts)).toEqual(events.map(() => 1));

    const botAnswers = await db().select().from(inboxItems).where(and(inArray(inboxItems.replyToId, items.map((item) => item.id)), eq(inboxItems.author, 'bot')));
    expect(botAnswers.map((answer) => answer.replyToId).sort()).toEqual(items.map((item) => item.id).sort());
    expect(botAnswers.every((answer) => answer.delivery === 'sent')).toBe(true);

    // What the page sent on Facebook (the sandbox): one comment reply per comment, one Messenger answer.
    const activity = await deployment.instances[0]?.app.sandboxRepository.activityOf(lan.userId, BAKERY, 500) ?? [];
    for (const event of events.filter((e) => e.kind === 'comment')) {
      expect(activity.filter((row) => row.kind === 'comment_reply' && (row.payload as { comment_id?: string }).comment_id === event.externalId)).toHaveLength(1);
    }
    expect(activity.filter((row) => row.kind === 'message')).toHaveLength(1);
    expect((await charges()) - chargesBefore).toBe(events.length);

    // Meta retrying a delivery it already got an answer for, on yet another instance: nothing new.
    expect((await deliver(deployment.via(2), first?.body ?? '')).statusCode).toBe(200);
    expect((await customerItems()).length).toBe(events.length);
    expect((await charges()) - chargesBefore).toBe(events.length);
    await expectLedgerConsistent(deployment.instances[0] as TestApp);
  });

  it('a scheduled post that falls due is published exactly once by the instances’ workers', async () => {
    const content = `Bánh mì mới ra lò (${randomBytes(3).toString('hex')})`;
    const time = new Date(clock.now().getTime() + 90_000).toISOString();
    const created = dataOf<ScheduledPost[]>(
      await api(lb, lan, 'POST', '/api/v1/facebook/post/create', { user_id: lan.userId, idea: '', content, page_ids: [BAKERY], time, repeat: { kind: 'none' } }),
    );
    expect(created).toHaveLength(1);
    const runId = created[0]?.run_id ?? '';
    const publishJobs = () => db().select().from(jobs).where(and(eq(jobs.queue, POST_PUBLISH_QUEUE), eq(jobs.dedupeKey, `${POST_PUBLISH_QUEUE}:${runId}`)));
    expect((await publishJobs()).map((job) => job.status)).toEqual(['queued']);

    // Time passes for every instance: the post is due, and all three workers are polling for it.
    clock.offsetMs += 91_000;
    await vi.waitFor(async () => {
      expect((await db().select().from(postRuns).where(eq(postRuns.id, runId)))[0]?.status).toBe('published');
      expect((await publishJobs()).map((job) => job.status)).toEqual(['done']);
    }, JOB_TIMEOUT);
    expect((await publishJobs())[0]?.attempts).toBe(1);
    const activity = await deployment.instances[0]?.app.sandboxRepository.activityOf(lan.userId, BAKERY, 500) ?? [];
    expect(activity.filter((row) => row.kind === 'feed_post' && (row.payload as { message?: string }).message === content)).toHaveLength(1);
    for (let i = 0; i < INSTANCES; i += 1) {
      const listed = dataOf<ScheduledPost[]>(await api(deployment.via(i), lan, 'POST', '/api/v1/facebook/get-posts', { user_id: lan.userId, page_id: BAKERY }));
      expect(listed.filter((run) => run.run_id === runId)).toEqual([expect.objectContaining({ status: 'published', facebook_post_id: expect.any(String) })]);
    }
  });

  it('every job of the run ran once, every instance served requests, and no instance logged an error', async () => {
    const ran = await db().select().from(jobs).where(inArray(jobs.queue, [INDEX_QUEUE, BOT_REPLY_QUEUE, POST_PUBLISH_QUEUE]));
    expect(ran.length).toBeGreaterThanOrEqual(7);
    expect(ran.filter((job) => job.status !== 'done' || job.attempts !== 1)).toEqual([]);
    const servedBy = new Set(deployment.proxy.requests.map((request) => request.upstream));
    expect(servedBy.size).toBe(INSTANCES);
    expect(deployment.proxy.requests.filter((request) => request.status >= 500)).toEqual([]);
    const errors = deployment.instances.flatMap((instance, i) => instance.logs.filter((line) => Number(line.level) >= 50).map((line) => ({ instance: i, msg: line.msg, err: line.err })));
    expect(errors).toEqual([]);
  });
});

describe.runIf(testDatabases.includes('postgres') && process.env.TEST_REDIS_URL)('2 instances on one PostgreSQL with REDIS_URL behind a round-robin balancer', () => {
  const url = process.env.TEST_REDIS_URL ?? '';
  const prefix = `pagemate-test:${process.pid}-${randomBytes(4).toString('hex')}:`;
  let database: TestPostgres;
  let deployment: Deployment;

  beforeAll(async () => {
    database = await createTestPostgres();
    deployment = await startDeployment({ count: 2, database, env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix } });
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await deployment?.close();
    await database?.drop();
    await deleteRedisKeys(url, prefix);
  });

  it('the login limit is shared through Redis: the same count through the balancer as on one instance', async () => {
    expect(deployment.instances.every((instance) => instance.logs.some((line) => line.msg === 'rate-limit counters shared by every instance' && line.store === 'redis'))).toBe(true);
    await expectSharedLoginLimit(deployment, ['127.82.0.1', '127.82.0.2']);
  });
});
