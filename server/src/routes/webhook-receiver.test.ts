import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inboxItems, jobs } from '../db/schema/index.js';
import { JOB_PRIORITY } from '../jobs/index.js';
import { hubSignature, metaJson } from '../meta-sandbox/webhook-payload.js';
import { pageEventsOf } from '../meta/webhook-events.js';
import { INBOX_EVENT_QUEUE } from '../plugins/app/inbox/inbox-service.js';
import { type SignedIn } from '../test/facebook.js';
import { type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';
import { bakeryShop, nextId, pagesOf, sampleComment, sampleMessage, webhookSteps } from '../test/webhook.js';

/**
 * Meta's webhook as received: the subscription handshake, the signature, every item of a batched delivery kept
 * before the 200 (one transaction a delivery) and recorded by its job (one statement a message), and each event recorded,
 * answered and charged once however often and however concurrently Meta delivers it.
 */
describe.each(testDatabases)('webhook receiver: handshake, signature, recording, exactly once (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let BAKERY = '';
  const { deliver, post, sandboxSent, itemsOf, botAnswersTo, chargesOf, chargesOfItem, threadsOf, connectedUser } = webhookSteps(() => ({ t, lan }));

  beforeAll(async () => {
    ({ t, lan, bakery: BAKERY } = await bakeryShop(kind));
  });
  afterAll(() => t?.close());

  it('answers the subscription handshake with the challenge only for the right verify token', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/webhook?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({ method: 'GET', url: '/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('a bad or missing signature is refused with 403 and writes nothing', async () => {
    const before = (await t.app.db.orm.select({ n: count() }).from(inboxItems))[0]?.n;
    const jobsBefore = (await t.app.db.orm.select({ n: count() }).from(jobs))[0]?.n;
    const payload = sampleComment(BAKERY);
    expect((await deliver(payload, hubSignature('not-the-app-secret', metaJson(payload)))).statusCode).toBe(403);
    expect((await deliver(payload, 'sha256=00')).statusCode).toBe(403);
    const unsigned = await t.app.inject({ method: 'POST', url: '/webhook', headers: { 'content-type': 'application/json' }, payload: metaJson(payload) });
    expect(unsigned.statusCode).toBe(403);
    // Signed over other bytes (re-serialised JSON, as a careless receiver would compare): refused too.
    expect((await deliver(payload, hubSignature(t.app.meta.appSecret, JSON.stringify(payload).replace('444', '445')))).statusCode).toBe(403);
    expect((await t.app.db.orm.select({ n: count() }).from(inboxItems))[0]?.n).toBe(before);
    expect((await t.app.db.orm.select({ n: count() }).from(jobs))[0]?.n).toBe(jobsBefore);
  });

  it('the same event 5× one after another and 5× at once: one item, one answer, one charge', async () => {
    for (const mode of ['sequential', 'concurrent'] as const) {
      const payload = sampleComment(BAKERY, { text: `Chả cá bao nhiêu tiền? (${mode})` });
      const commentId = payload.entry[0]?.changes[0]?.value.comment_id ?? '';
      const charges = await chargesOf(lan.userId);
      if (mode === 'sequential') for (let i = 0; i < 5; i += 1) expect((await deliver(payload)).statusCode).toBe(200);
      else expect((await Promise.all(Array.from({ length: 5 }, () => deliver(payload)))).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
      expect(await itemsOf(commentId)).toHaveLength(1);
      const replies = (await sandboxSent(BAKERY, 'comment_reply')).filter((event) => (event.payload as { comment_id: string }).comment_id === commentId);
      expect(replies, mode).toHaveLength(1);
      expect(await chargesOf(lan.userId), mode).toBe(charges + 1);
      const [again] = await Promise.all([deliver(payload), t.app.jobs.runDue()]);
      expect(again.statusCode).toBe(200);
      expect((await sandboxSent(BAKERY, 'comment_reply')).filter((event) => (event.payload as { comment_id: string }).comment_id === commentId)).toHaveLength(1);
    }
    await expectLedgerConsistent(t);
  });

  it('a customer message is recorded in one statement, new customer or known: with its job, and nothing for a replay', async () => {
    // The driver's entry point: one statement on the pool (PostgreSQL) or the engine (PGlite), and no transaction.
    const client = (t.app.db.orm as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const psid = `73${nextId()}`;
    const first = sampleMessage(BAKERY, { psid, text: 'Bánh mì chả cá còn không shop?' });
    const second = sampleMessage(BAKERY, { psid, text: 'Cho mình 2 ổ nhé' });
    const queries = vi.spyOn(client, 'query');
    const transactions = vi.spyOn(t.app.db.orm, 'transaction');
    try {
      // What an `inbox.event` job does with each (the webhook's 200 only kept them: webhook-receipt.test.ts).
      for (const payload of [first, second, first]) {
        const { events } = pageEventsOf(payload, new Date());
        queries.mockClear();
        transactions.mockClear();
        await t.app.inbox.ingest(events);
        expect(queries).toHaveBeenCalledTimes(1);
        expect(transactions).not.toHaveBeenCalled();
      }
    } finally {
      queries.mockRestore();
      transactions.mockRestore();
    }
    for (const payload of [first, second]) {
      const mid = payload.entry[0]?.messaging[0]?.message.mid ?? '';
      const [item] = await itemsOf(mid);
      expect(item).toMatchObject({ author: 'customer', replyStatus: 'pending' });
      const queued = await t.app.db.orm.select().from(jobs).where(eq(jobs.dedupeKey, `bot.reply:${item?.id ?? ''}`));
      expect(queued).toMatchObject([{ status: 'queued', owner: lan.userId, priority: JOB_PRIORITY.interactive, payload: { itemId: item?.id } }]);
    }
    const thread = (await threadsOf(lan, BAKERY, 'messages')).filter((item) => item.customer_id === psid);
    expect(thread).toMatchObject([{ last_text: 'Cho mình 2 ổ nhé', unread: 2, state: 'waiting' }]);
    // Another user never sees it: their copy of the page is another page.
    const other = await connectedUser(0);
    expect((await threadsOf(other, pagesOf(t, other).bakery, 'messages')).filter((item) => item.customer_id === psid)).toEqual([]);
    await t.app.jobs.runDue();
    for (const payload of [first, second]) expect(await chargesOfItem(payload.entry[0]?.messaging[0]?.message.mid ?? '')).toBe(1);
  });

  it("a new customer's message delivered 5× at once: one thread, one item, one answer, one charge", async () => {
    const psid = `74${nextId()}`;
    const payload = sampleMessage(BAKERY, { psid, text: 'Shop giao hàng tận nơi không?' });
    const mid = payload.entry[0]?.messaging[0]?.message.mid ?? '';
    expect((await Promise.all(Array.from({ length: 5 }, () => deliver(payload)))).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const [item, ...more] = await itemsOf(mid);
    expect(more).toEqual([]);
    expect((await threadsOf(lan, BAKERY, 'messages')).filter((thread) => thread.customer_id === psid)).toHaveLength(1);
    await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
    expect(await botAnswersTo(item?.id ?? '')).toHaveLength(1);
    expect((await sandboxSent(BAKERY, 'message')).filter((event) => JSON.stringify(event.payload).includes(psid))).toHaveLength(1);
    expect(await chargesOfItem(mid)).toBe(1);
    await expectLedgerConsistent(t);
  });

  it("a delivery of several customer messages is kept in one transaction: all recorded with their jobs, or none (Meta's retry then records them)", async () => {
    const psids = [`75${nextId()}`, `76${nextId()}`];
    const messages = [
      sampleMessage(BAKERY, { psid: psids[0], text: 'Bánh mì còn không shop?' }),
      sampleMessage(BAKERY, { psid: psids[1], text: 'Shop mở cửa mấy giờ?' }),
      sampleMessage(BAKERY, { psid: psids[0], text: 'Cho mình 2 ổ nhé' }),
    ];
    const batch = { object: 'page', entry: messages.flatMap((message) => message.entry) };
    const mids = messages.map((message) => message.entry[0]?.messaging[0]?.message.mid ?? '');
    const recorded = async () => (await Promise.all(mids.map((mid) => itemsOf(mid)))).flat();

    // The second statement fails: nothing of the delivery stays, and Meta hears 500.
    const real = t.app.db.inTransaction.bind(t.app.db);
    const failing = vi.spyOn(t.app.db, 'inTransaction').mockImplementationOnce((run) =>
      real((queryable) => {
        let calls = 0;
        return run({ query: (statement, values) => (++calls === 2 ? Promise.reject(new Error('connection lost')) : queryable.query(statement, values)) });
      }),
    );
    const transactions = vi.spyOn(t.app.db.orm, 'transaction');
    const kept = () => t.app.db.orm.select().from(jobs).where(inArray(jobs.dedupeKey, mids.map((mid) => `${INBOX_EVENT_QUEUE}:facebook:${BAKERY}:${mid}`)));
    try {
      expect((await post(batch)).statusCode).toBe(500);
      expect(await kept()).toEqual([]);
      expect((await post(batch)).statusCode).toBe(200);
      expect(await kept()).toHaveLength(3);
      expect(failing).toHaveBeenCalledTimes(2);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      failing.mockRestore();
      transactions.mockRestore();
    }
    expect(await recorded()).toEqual([]);
    await t.app.jobs.runDue([INBOX_EVENT_QUEUE]);
    const items = await recorded();
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(await t.app.db.orm.select().from(jobs).where(eq(jobs.dedupeKey, `bot.reply:${item.id}`))).toHaveLength(1);
    }
    const threads = (await threadsOf(lan, BAKERY, 'messages')).filter((thread) => psids.includes(thread.customer_id));
    expect(threads.map((thread) => [thread.customer_id, thread.unread]).sort()).toEqual([[psids[0], 2], [psids[1], 1]].sort());
    // Delivered again: all known, nothing new.
    expect((await deliver(batch)).statusCode).toBe(200);
    expect(await recorded()).toHaveLength(3);
  });

  it('every item of a batched delivery is handled: entries × changes × messaging', async () => {
    const a = sampleComment(BAKERY, { text: 'Có bánh mì chay không?' });
    const b = sampleComment(BAKERY, { text: 'Shop mở cửa mấy giờ?' });
    const m = sampleMessage(BAKERY, { text: 'Cho mình đặt 2 ổ bánh mì thịt nướng', psid: '7000000000000001' });
    const batch = { object: 'page', entry: [{ ...a.entry[0], changes: [...(a.entry[0]?.changes ?? []), ...(b.entry[0]?.changes ?? [])] }, ...m.entry] };
    const before = await t.app.db.orm.select({ n: count() }).from(inboxItems).where(eq(inboxItems.author, 'customer'));
    expect((await deliver(batch)).statusCode).toBe(200);
    const after = await t.app.db.orm.select({ n: count() }).from(inboxItems).where(eq(inboxItems.author, 'customer'));
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(3);
  });
});
