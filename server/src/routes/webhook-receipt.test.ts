import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema/index.js';
import { JOB_PRIORITY } from '../jobs/index.js';
import { eventKeyOf, INBOX_EVENT_QUEUE } from '../plugins/app/inbox/inbox-service.js';
import { api, type SignedIn } from '../test/facebook.js';
import { type TestApp, testDatabases } from '../test/helper.js';
import { bakeryShop, nextId, pagesOf, sampleComment, sampleMessage, webhookSteps } from '../test/webhook.js';

/**
 * The webhook's acknowledgement: each event kept once as an `inbox.event` job before the 200, recorded in the inbox
 * by that job after it — once however often Meta delivers, never lost when a recording fails, never for a user
 * who does not (or no longer) take the page's events.
 */
describe.each(testDatabases)('webhook receipt: kept before the 200, recorded by its job (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let BAKERY = '';
  const { post, itemsOf, botAnswersTo, subscribe, connectedUser } = webhookSteps(() => ({ t, lan }));

  beforeAll(async () => {
    ({ t, lan, bakery: BAKERY } = await bakeryShop(kind));
  });
  afterAll(() => t?.close());

  const receiptsOf = (pageId: string, eventId: string) =>
    t.app.db.orm.select().from(jobs).where(and(eq(jobs.queue, INBOX_EVENT_QUEUE), eq(jobs.dedupeKey, `${INBOX_EVENT_QUEUE}:facebook:${pageId}:${eventId}`)));
  const midOf = (payload: ReturnType<typeof sampleMessage>) => payload.entry[0]?.messaging[0]?.message.mid ?? '';
  const record = () => t.app.jobs.runDue([INBOX_EVENT_QUEUE]);
  /** The retry of a failed recording is due now (instead of seconds later). */
  const retryNow = () => t.app.db.orm.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(and(eq(jobs.queue, INBOX_EVENT_QUEUE), eq(jobs.status, 'queued')));

  it('a message is one statement at the 200: its job, owned by the page owner, and nothing for a replay or a concurrent delivery', async () => {
    const client = (t.app.db.orm as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const payload = sampleMessage(BAKERY, { psid: `81${nextId()}`, text: 'Bánh mì chả cá còn không shop?' });
    const queries = vi.spyOn(client, 'query');
    const transactions = vi.spyOn(t.app.db.orm, 'transaction');
    // The queue's look at the planner's statistics (every few seconds, in the background) is not the delivery's.
    const statistics = vi.spyOn(t.app.db, 'analyzeGrown').mockResolvedValue([]);
    try {
      for (let i = 0; i < 3; i += 1) {
        queries.mockClear();
        expect((await post(payload)).statusCode).toBe(200);
        expect(queries).toHaveBeenCalledTimes(1);
      }
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
      transactions.mockRestore();
      statistics.mockRestore();
    }
    expect((await Promise.all(Array.from({ length: 5 }, () => post(payload)))).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Kept before the 200, not yet in the inbox.
    expect(await receiptsOf(BAKERY, midOf(payload))).toMatchObject([{ status: 'queued', owner: lan.userId, priority: JOB_PRIORITY.interactive }]);
    expect(await itemsOf(midOf(payload))).toEqual([]);
    await Promise.all([record(), record()]);
    const [item, ...more] = await itemsOf(midOf(payload));
    expect(more).toEqual([]);
    expect(item).toMatchObject({ author: 'customer', replyStatus: 'pending', userId: lan.userId });
    expect(await t.app.db.orm.select().from(jobs).where(eq(jobs.dedupeKey, `bot.reply:${item?.id ?? ''}`))).toHaveLength(1);
    expect(await receiptsOf(BAKERY, midOf(payload))).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('a recording that fails once is retried: nothing lost, nothing twice; a poison event fails alone', async () => {
    const lost = sampleMessage(BAKERY, { psid: `82${nextId()}`, text: 'Shop mở cửa mấy giờ?' });
    const poison = sampleComment(BAKERY, { text: 'Bình luận không ghi được' });
    const fine = sampleComment(BAKERY, { text: 'Có bánh mì chay không?' });
    const commentId = (payload: ReturnType<typeof sampleComment>) => payload.entry[0]?.changes[0]?.value.comment_id ?? '';
    const real = t.app.inbox.ingest.bind(t.app.inbox);
    const ingest = vi.spyOn(t.app.inbox, 'ingest').mockImplementation(async (events) => {
      if (events.some((event) => event.type === 'comment' && event.commentId === commentId(poison))) throw new Error('cannot record this one');
      return real(events);
    });
    try {
      ingest.mockRejectedValueOnce(new Error('connection lost'));
      expect((await post(lost)).statusCode).toBe(200);
      expect(await record()).toMatchObject({ claimed: 1, retried: 1 });
      expect(await itemsOf(midOf(lost))).toEqual([]);
      expect(await receiptsOf(BAKERY, midOf(lost))).toMatchObject([{ status: 'queued', attempts: 1, lastError: 'Error: connection lost' }]);
      // Meta's replay meanwhile adds nothing; the retry records it once.
      expect((await post(lost)).statusCode).toBe(200);
      await retryNow();
      expect(await record()).toMatchObject({ claimed: 1, done: 1 });
      expect(await itemsOf(midOf(lost))).toHaveLength(1);

      // One delivery, two comments: the one no attempt records ends failed in its own job, the other is recorded.
      const batch = { object: 'page', entry: [{ ...poison.entry[0], changes: [...(poison.entry[0]?.changes ?? []), ...(fine.entry[0]?.changes ?? [])] }] };
      expect((await post(batch)).statusCode).toBe(200);
      await record();
      expect(await itemsOf(commentId(fine))).toHaveLength(1);
      for (let attempt = 2; attempt <= 10; attempt += 1) {
        await retryNow();
        await record();
      }
      const [failed] = await receiptsOf(BAKERY, commentId(poison));
      expect(failed).toMatchObject({ status: 'failed', attempts: 10, lastError: 'Error: cannot record this one' });
      expect(await itemsOf(commentId(poison))).toEqual([]);
    } finally {
      ingest.mockRestore();
    }
    const [item] = await itemsOf(midOf(lost));
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect(await botAnswersTo(item?.id ?? '')).toHaveLength(1);
  });

  it("a page's events reach only the user who takes them: never another user's inbox, none after unsubscribing", async () => {
    const hoa = await connectedUser(0);
    const hoaBakery = pagesOf(t, hoa).bakery;
    // Hoa connected her copy of the page but takes none of its events: nothing is kept.
    const unsubscribedEvent = sampleMessage(hoaBakery, { psid: `83${nextId()}` });
    expect((await post(unsubscribedEvent)).statusCode).toBe(200);
    expect(await receiptsOf(hoaBakery, midOf(unsubscribedEvent))).toEqual([]);

    await subscribe(hoa, hoaBakery, 'messages');
    const hers = sampleMessage(hoaBakery, { psid: `84${nextId()}`, text: 'Chị Hoa ơi' });
    expect((await post(hers)).statusCode).toBe(200);
    expect(await receiptsOf(hoaBakery, midOf(hers))).toMatchObject([{ owner: hoa.userId }]);
    await record();
    expect(await itemsOf(midOf(hers))).toMatchObject([{ userId: hoa.userId, pageId: hoaBakery }]);

    // Kept for Hoa, then she unsubscribes before its job runs: it is recorded for nobody.
    const late = sampleMessage(hoaBakery, { psid: `85${nextId()}`, text: 'Còn hàng không?' });
    expect((await post(late)).statusCode).toBe(200);
    const unsubscribed = await api(t, hoa, 'POST', '/api/v1/facebook/subscribed', { user_id: hoa.userId, page_id: hoaBakery, page_access_token: 'x', type: 'messages', action: 'unsubscribe' });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    await record();
    expect(await itemsOf(midOf(late))).toEqual([]);
    expect(await receiptsOf(hoaBakery, midOf(late))).toMatchObject([{ status: 'done' }]);
    // Lan's inbox has none of Hoa's page's events.
    for (const payload of [unsubscribedEvent, hers, late]) expect((await itemsOf(midOf(payload))).filter((item) => item.userId === lan.userId)).toEqual([]);
  });

  it("an event's key is its own id at Meta; each new text of an edited comment is another event", () => {
    const base = { channel: 'facebook', pageId: 'p1', accountId: 'p1', commentId: 'c1', postId: 'p1_1', parentId: 'p1_1', fromId: 'f', fromName: 'F', createdAt: new Date(0) } as const;
    expect(eventKeyOf({ ...base, type: 'comment', verb: 'add', text: 'a' })).toBe('facebook:p1:c1');
    const edited = eventKeyOf({ ...base, type: 'comment', verb: 'edited', text: 'b' });
    expect(edited).toMatch(/^facebook:p1:c1:edited:/);
    expect(eventKeyOf({ ...base, type: 'comment', verb: 'edited', text: 'b' })).toBe(edited);
    expect(eventKeyOf({ ...base, type: 'comment', verb: 'edited', text: 'c' })).not.toBe(edited);
  });
});
