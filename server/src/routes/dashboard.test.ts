import type { DashboardDay, DashboardPage } from '@pagemate/shared-contracts/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxItems, inboxThreads, postRuns, scheduledPosts, tokenTransactions } from '../db/schema/index.js';
import { vietnamDate, vietnamDayStart } from '../http/list-query.js';
import { ManualClock } from '../test/clock.js';
import { api, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';

/** Lan's copies of her demo pages (demo account 100090000000001); Minh's of his first one (100090000000002). */
let [BAKERY, FASHION, COFFEE, MINH_PAGE] = ['', '', '', ''];

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

interface Series {
  days: DashboardDay[];
  pages: DashboardPage[];
}

const sumOf = (days: DashboardDay[], key: Exclude<keyof DashboardDay, 'date'>) => days.reduce((sum, day) => sum + day[key], 0);

describe.each(testDatabases)('dashboard series (%s)', (kind) => {
  const clock = new ManualClock();
  let t: TestApp;
  let lan: SignedIn;
  let minh: SignedIn;
  /** Start of today, Vietnam time; `at(d, h)` is hour `h` (Vietnam) of the day `d` days before today. */
  let today: Date;
  const at = (daysAgo: number, hour: number) => new Date(today.getTime() - daysAgo * DAY_MS + hour * HOUR_MS);
  let botCharge = 0;
  let chatCharge = 0;

  const series = async (user: SignedIn, query: string) => {
    const response = await api(t, user, 'GET', `/api/v1/facebook/dashboard/series?user_id=${user.userId}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Series }).data;
  };

  async function thread(user: SignedIn, pageId: string, threadKind: 'comment' | 'message') {
    const id = crypto.randomUUID();
    const now = clock.now();
    await t.app.db.orm.insert(inboxThreads).values({
      id,
      userId: user.userId,
      pageId,
      kind: threadKind,
      externalId: `ext-${id}`,
      customerId: 'psid-1',
      customerName: 'Khách',
      lastText: '…',
      lastAuthor: 'customer',
      lastAt: now,
      lastCustomerAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }

  async function item(user: SignedIn, threadId: string, pageId: string, createdAt: Date, author: 'customer' | 'bot' | 'human' = 'customer', delivery?: string) {
    const id = crypto.randomUUID();
    await t.app.db.orm.insert(inboxItems).values({
      id,
      threadId,
      userId: user.userId,
      pageId,
      author,
      externalId: author === 'customer' ? `fb-${id}` : null,
      text: 'Shop ơi',
      createdAt,
      replyStatus: author === 'customer' ? 'replied' : null,
      replyToId: author === 'customer' ? null : crypto.randomUUID(),
      delivery: delivery ?? null,
      updatedAt: createdAt,
    });
  }

  async function postRun(user: SignedIn, pageId: string, status: 'published' | 'scheduled', when: Date) {
    const postId = crypto.randomUUID();
    await t.app.db.orm.insert(scheduledPosts).values({
      id: postId,
      userId: user.userId,
      idea: 'Khai trương',
      content: 'Khai trương giảm 20%',
      pageIds: [pageId],
      firstAt: when,
      repeat: { kind: 'none' },
      mediaIds: [],
      status: status === 'published' ? 'finished' : 'active',
      createdAt: when,
      updatedAt: when,
    });
    await t.app.db.orm.insert(postRuns).values({
      id: crypto.randomUUID(),
      postId,
      userId: user.userId,
      pageId,
      seq: 0,
      runAt: when,
      status,
      publishedAt: status === 'published' ? when : null,
      createdAt: when,
      updatedAt: when,
    });
  }

  /** An AI charge through the real ledger (hold, then settle) at instant `when`; answers what was charged. */
  async function charge(user: SignedIn, when: Date, key: string, pageId?: string) {
    const real = clock.now();
    clock.advanceSeconds((when.getTime() - real.getTime()) / 1000);
    try {
      const hold = await t.app.ledger.reserve(user.userId, 500, `dash-${kind}-${key}:hold`, pageId ? { pageId } : {});
      const settled = await t.app.ledger.settle(hold.reservationId, { promptTokens: 1200, completionTokens: 300, message: 'test' }, `dash-${kind}-${key}`);
      return settled.charged;
    } finally {
      clock.advanceSeconds((real.getTime() - clock.now().getTime()) / 1000);
    }
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock });
    today = vietnamDayStart(clock.now());
    lan = await signedInUser(t);
    await connectThroughSandbox(t, lan);
    minh = await signedInUser(t);
    await connectThroughSandbox(t, minh, { account: '100090000000002' });
    [BAKERY, FASHION, COFFEE] = ['109000000000011', '109000000000012', '109000000000013'].map((demo) => sandboxPageId(t, lan, demo)) as [string, string, string];
    MINH_PAGE = sandboxPageId(t, minh, '109000000000021');
    await t.app.ledger.credit(lan.userId, 100_000, `dash-${kind}-credit-lan`, 'deposit');

    const bakeryComments = await thread(lan, BAKERY, 'comment');
    // 00:30 in Vietnam is still yesterday in UTC: it counts today.
    await item(lan, bakeryComments, BAKERY, at(0, 0.5));
    await item(lan, bakeryComments, BAKERY, at(2, 10));
    await item(lan, bakeryComments, BAKERY, at(2, 11));
    await item(lan, bakeryComments, BAKERY, at(2, 11.5), 'bot', 'sent');
    await item(lan, bakeryComments, BAKERY, at(2, 11.6), 'bot', 'failed');
    await item(lan, bakeryComments, BAKERY, at(2, 12), 'human', 'sent');
    const fashionMessages = await thread(lan, FASHION, 'message');
    await item(lan, fashionMessages, FASHION, at(1, 9));
    // Outside 30 days, inside 90.
    await item(lan, fashionMessages, FASHION, at(40, 9));
    await postRun(lan, FASHION, 'published', at(1, 8));
    await postRun(lan, FASHION, 'scheduled', at(0, 23));
    botCharge = await charge(lan, at(2, 11.5), 'bot', BAKERY);
    chatCharge = await charge(lan, at(1, 15), 'chat');
    expect(botCharge).toBeGreaterThan(0);
    expect(chatCharge).toBeGreaterThan(0);

    // Minh has activity of his own on his page: it never shows in Lan's figures.
    const minhThread = await thread(minh, MINH_PAGE, 'message');
    await item(minh, minhThread, MINH_PAGE, at(1, 9));
  });
  afterAll(() => t?.close());

  it('answers every Vietnam day of the range, oldest first, zero days included', async () => {
    const { days } = await series(lan, '');
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe(vietnamDate(new Date(today.getTime() - 29 * DAY_MS)));
    expect(days.at(-1)?.date).toBe(vietnamDate(today));
    const dates = days.map((day) => day.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
    expect(days.at(-4)).toEqual({ date: vietnamDate(at(3, 12)), comments: 0, messages: 0, bot_replies: 0, posts: 0, spend: 0 });

    expect(days.at(-1)).toMatchObject({ comments: 1, messages: 0, bot_replies: 0, posts: 0, spend: 0 });
    expect(days.at(-2)).toEqual({ date: vietnamDate(at(1, 12)), comments: 0, messages: 1, bot_replies: 0, posts: 1, spend: chatCharge });
    expect(days.at(-3)).toEqual({ date: vietnamDate(at(2, 12)), comments: 2, messages: 0, bot_replies: 1, posts: 0, spend: botCharge });

    expect((await series(lan, '&days=7')).days).toHaveLength(7);
    const quarter = await series(lan, '&days=90');
    expect(quarter.days).toHaveLength(90);
    expect(sumOf(quarter.days, 'messages')).toBe(2);
  });

  it('defaults to 30 days and refuses ranges the contract does not allow', async () => {
    expect((await series(lan, '&days=30')).days).toEqual((await series(lan, '')).days);
    const tooShort = await api(t, lan, 'GET', `/api/v1/facebook/dashboard/series?user_id=${lan.userId}&days=6`);
    expect(tooShort.statusCode).toBe(400);
  });

  it('splits the figures per connected page, zero pages included; chat spend counts in the days only', async () => {
    const { days, pages } = await series(lan, '');
    const byId = new Map(pages.map((page) => [page.page_id, page]));
    expect([...byId.keys()].sort()).toEqual([BAKERY, COFFEE, FASHION].sort());
    expect(byId.get(BAKERY)).toEqual({ page_id: BAKERY, page_name: 'Tiệm Bánh Mì Cô Lan', comments: 3, messages: 0, bot_replies: 1, posts: 0, spend: botCharge });
    expect(byId.get(FASHION)).toEqual({ page_id: FASHION, page_name: 'Thời Trang Lan Anh', comments: 0, messages: 1, bot_replies: 0, posts: 1, spend: 0 });
    expect(byId.get(COFFEE)).toEqual({ page_id: COFFEE, page_name: 'Cà Phê Góc Phố', comments: 0, messages: 0, bot_replies: 0, posts: 0, spend: 0 });
    for (const key of ['comments', 'messages', 'bot_replies', 'posts'] as const) {
      expect(pages.reduce((sum, page) => sum + page[key], 0), key).toBe(sumOf(days, key));
    }
    expect(sumOf(days, 'spend')).toBe(botCharge + chatCharge);
    expect(pages.reduce((sum, page) => sum + page.spend, 0)).toBe(botCharge);
  });

  it('spend equals the settled token transactions', async () => {
    const [row] = await t.app.db.orm
      .select({ total: sql<string>`coalesce(sum(${tokenTransactions.totalCost}), 0)` })
      .from(tokenTransactions)
      .where(eq(tokenTransactions.userId, lan.userId));
    const { days } = await series(lan, '');
    expect(sumOf(days, 'spend')).toBe(Number(row?.total));
    await expectLedgerConsistent(t);
  });

  it('narrows everything to one page with page_id', async () => {
    const { days, pages } = await series(lan, `&page_id=${FASHION}`);
    expect(days).toHaveLength(30);
    expect(pages).toEqual([{ page_id: FASHION, page_name: 'Thời Trang Lan Anh', comments: 0, messages: 1, bot_replies: 0, posts: 1, spend: 0 }]);
    expect({ comments: sumOf(days, 'comments'), messages: sumOf(days, 'messages'), bot: sumOf(days, 'bot_replies'), posts: sumOf(days, 'posts'), spend: sumOf(days, 'spend') }).toEqual({
      comments: 0,
      messages: 1,
      bot: 0,
      posts: 1,
      spend: 0,
    });
    const bakery = await series(lan, `&page_id=${BAKERY}&days=7`);
    expect(sumOf(bakery.days, 'comments')).toBe(3);
    expect(sumOf(bakery.days, 'spend')).toBe(botCharge);
  });

  it("answers 404 for a page that is not one of the user's connected pages", async () => {
    for (const pageId of [MINH_PAGE, '999999999999']) {
      const response = await api(t, lan, 'GET', `/api/v1/facebook/dashboard/series?user_id=${lan.userId}&page_id=${pageId}`);
      expect(response.statusCode, pageId).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const mine = await series(minh, `&page_id=${MINH_PAGE}`);
    expect(sumOf(mine.days, 'messages')).toBe(1);
  });

  it("keeps users apart: another user_id is 403, and a user sees only their own figures", async () => {
    const response = await api(t, lan, 'GET', `/api/v1/facebook/dashboard/series?user_id=${minh.userId}`);
    expect(response.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/facebook/dashboard/series?user_id=${lan.userId}` });
    expect(anonymous.statusCode).toBe(401);
    const { days, pages } = await series(minh, '');
    expect(pages.map((page) => page.page_id).sort()).toEqual([MINH_PAGE, sandboxPageId(t, minh, '109000000000022')].sort());
    expect({ comments: sumOf(days, 'comments'), messages: sumOf(days, 'messages'), spend: sumOf(days, 'spend') }).toEqual({ comments: 0, messages: 1, spend: 0 });
  });

  it('a new user gets every day at zero and no pages', async () => {
    const newcomer = await signedInUser(t);
    const { days, pages } = await series(newcomer, '&days=7');
    expect(pages).toEqual([]);
    expect(days).toHaveLength(7);
    expect(days.every((day) => day.comments + day.messages + day.bot_replies + day.posts + day.spend === 0)).toBe(true);
  });
});
