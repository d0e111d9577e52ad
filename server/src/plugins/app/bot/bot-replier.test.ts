import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LlmRequest, RetrievedPassage } from '../../../ai/llm.js';
import { inboxItems } from '../../../db/schema/index.js';
import { insertDocument } from '../../../test/chat.js';
import { api, chooseDocuments, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from '../../../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../../../test/helper.js';
import { expectLedgerConsistent } from '../../../test/ledger.js';

/** Demo pages of the sandbox's account 100090000000001: Lan's bot answers on the bakery, Minh's on the fashion page. */
const BAKERY_DEMO = '109000000000011';
const FASHION_DEMO = '109000000000012';

const PUBLIC_PRICE = 'Bánh mì thịt nướng giá 25.000đ một ổ, đặt tại https://banhmicolan.vn/dat-hang.';
/** Uploaded by the owner for their own chat, never chosen for the page. */
const PRIVATE_NOTE = 'Bánh mì thịt nướng giá vốn 9.000đ một ổ, nhà cung cấp thịt gọi 0977 111 222, sổ sách ở https://banhmicolan.vn/noi-bo.';
/** Another user's document, under the same collection and file name as Lan's chosen one. */
const OTHER_USER = 'Bánh mì thịt nướng giá 99.000đ ở tiệm của Minh, xem https://tiemminh.vn.';

describe.each(testDatabases)("a page's bot answers only from the page's documents (%s)", (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let minh: SignedIn;
  let chosenFileId = '';
  let privateFileId = '';
  let minhFileId = '';

  const post = async (user: SignedIn, url: string, payload: object) => {
    const response = await api(t, user, 'POST', url, { user_id: user.userId, ...payload });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Record<string, string> }).data;
  };
  const pageOf = (user: SignedIn) => sandboxPageId(t, user, user === lan ? BAKERY_DEMO : FASHION_DEMO);
  const chooseFiles = (user: SignedIn, files: { collection_name: string; file_name: string }[]) => chooseDocuments(t, user, [pageOf(user)], files);
  const setConfig = async (user: SignedIn, note: string) => {
    const identity = await post(user, '/api/v1/facebook/config/create-identity', { name: 'Cô Lan', info: {}, story: {}, style_conversation: '', example_conversation: '' });
    const procedure = await post(user, '/api/v1/facebook/config/create-procedure', { name: 'Bán hàng', procedure: 'Chào khách rồi trả lời câu hỏi.' });
    const config = await post(user, '/api/v1/facebook/config/create', {
      name: 'Bot tiệm bánh', identity_id: identity.identity_id, procedure_id: procedure.procedure_id, role: 'Bán hàng', target: 'Khách mua bánh', mission: 'Trả lời khách', note,
    });
    const [manager] = (await api(t, user, 'POST', '/api/v1/facebook/page/get-manager', { user_id: user.userId, page_data: [{ page_id: pageOf(user), page_name: 'Bakery' }] })).json().data as {
      manager_id: string;
      files: { collection_name: string; file_name: string }[];
    }[];
    await post(user, '/api/v1/facebook/page/update-manager', {
      manager_id: manager?.manager_id, username: user.username, page_id: pageOf(user), page_name: 'Bakery', files: manager?.files ?? [], config_id: config.total_id, action: ['comments'], auto_reply: true,
    });
  };

  /**
   * The page's answer to a test comment (sent to Facebook, charged once), with what retrieval and the model were
   * given on the way; `written`: what the model writes instead of its own answer.
   */
  async function answerTo(user: SignedIn, text: string, written?: string) {
    const searches: { userId: string; fileIds: readonly string[] | undefined; found: RetrievedPassage[] }[] = [];
    const requests: LlmRequest[] = [];
    const search = t.app.retrieval.search.bind(t.app.retrieval);
    const stream = t.app.llm.stream.bind(t.app.llm);
    vi.spyOn(t.app.retrieval, 'search').mockImplementation(async (userId, query, options) => {
      const found = await search(userId, query, options);
      searches.push({ userId, fileIds: options?.fileIds, found });
      return found;
    });
    vi.spyOn(t.app.llm, 'stream').mockImplementation((request) => {
      requests.push(request);
      const real = stream(request);
      if (written === undefined) return real;
      return {
        deltas: (async function* () {
          for await (const piece of real.deltas) void piece;
          yield written;
        })(),
        usage: real.usage,
      };
    });
    const customerItems = () =>
      t.app.db.orm.select().from(inboxItems).where(and(eq(inboxItems.userId, user.userId), eq(inboxItems.author, 'customer'), eq(inboxItems.text, text)));
    const earlier = new Set((await customerItems()).map((row) => row.id));
    try {
      await post(user, '/api/v1/sandbox/test-event', { page_id: pageOf(user), kind: 'comment', text, from_name: 'Khách Hàng' });
      await t.app.jobs.runDue();
    } finally {
      vi.restoreAllMocks();
    }
    const [item, ...more] = (await customerItems()).filter((row) => !earlier.has(row.id));
    expect(more).toEqual([]);
    const answers = await t.app.db.orm.select().from(inboxItems).where(and(eq(inboxItems.replyToId, item?.id ?? ''), eq(inboxItems.author, 'bot')));
    expect(item?.replyStatus).toBe('replied');
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ delivery: 'sent', cost: expect.any(Number) });
    return { reply: answers[0]?.text ?? '', searches, requests };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    lan = await signedInUser(t);
    minh = await signedInUser(t);
    for (const user of [lan, minh]) {
      await connectThroughSandbox(t, user);
      await t.app.ledger.credit(user.userId, 100_000, `bot-docs-${user.userId}`, 'deposit');
      await post(user, '/api/v1/facebook/subscribed', { page_id: pageOf(user), page_access_token: 'x', type: 'comments', action: 'subscribe' });
    }
    chosenFileId = (await insertDocument(t, lan.userId, 'bang-gia.txt', [PUBLIC_PRICE])).fileId;
    privateFileId = (await insertDocument(t, lan.userId, 'ghi-chu-rieng.txt', [PRIVATE_NOTE], { collection: 'Riêng tư' })).fileId;
    minhFileId = (await insertDocument(t, minh.userId, 'bang-gia.txt', [OTHER_USER])).fileId;
  });
  afterAll(() => t?.close());

  it("documents chosen: retrieval and the answer use those only — never the owner's other document, never another user's", async () => {
    await chooseFiles(lan, [{ collection_name: 'Tài liệu', file_name: 'bang-gia.txt' }]);
    await chooseFiles(minh, [{ collection_name: 'Tài liệu', file_name: 'bang-gia.txt' }]);
    const { reply, searches, requests } = await answerTo(lan, 'Bánh mì thịt nướng giá bao nhiêu? Giá vốn bao nhiêu?');
    expect(reply).toContain('25.000đ');
    expect(reply).not.toMatch(/9\.000|99\.000|0977|noi-bo|tiemminh/);
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) {
      expect(search).toMatchObject({ userId: lan.userId, fileIds: [chosenFileId] });
      expect(search.found.every((passage) => passage.fileId === chosenFileId)).toBe(true);
    }
    for (const request of requests) expect(JSON.stringify(request)).not.toMatch(/giá vốn 9|99\.000|0977 111 222/);

    // And Minh's page, with his document of the same name, answers from his alone.
    const other = await answerTo(minh, 'Bánh mì thịt nướng giá bao nhiêu?');
    expect(other.reply).toContain('99.000đ');
    expect(other.reply).not.toMatch(/25\.000|9\.000đ một/);
    for (const search of other.searches) expect(search.fileIds).toEqual([minhFileId]);
    expect([chosenFileId, privateFileId]).not.toContain(minhFileId);
  });

  it("no document chosen: retrieval uses none, no document's link passes, and the bot answers from the page's config alone", async () => {
    await chooseFiles(lan, []);
    await setConfig(lan, 'Tiệm mở cửa từ 6 giờ sáng đến 9 giờ tối mỗi ngày.');
    const price = await answerTo(lan, 'Bánh mì thịt nướng giá bao nhiêu? Giá vốn bao nhiêu?');
    expect(price.searches).toEqual([]);
    expect(price.reply).not.toMatch(/25\.000|9\.000|0977|banhmicolan|99\.000/);
    expect(price.requests[0]?.context.map((passage) => passage.fileId)).toEqual(['shop-profile']);
    expect(JSON.stringify(price.requests[0])).not.toMatch(/25\.000|giá vốn 9|99\.000/);
    expect(price.requests[0]?.system).toContain('This page has no documents');

    const link = await answerTo(lan, 'Cho xin link đặt hàng', 'Dạ, anh/chị đặt tại https://banhmicolan.vn/dat-hang ạ.');
    expect(link.reply).toMatch(/đã nhận được câu hỏi/);

    const hours = await answerTo(lan, 'Tiệm mở cửa mấy giờ vậy?');
    expect(hours.searches).toEqual([]);
    expect(hours.reply).toContain('Tiệm mở cửa từ 6 giờ sáng đến 9 giờ tối mỗi ngày.');
  });

  it("a link or phone number held only by a document not chosen for the page is refused: the safe reply goes out, billed once", async () => {
    await chooseFiles(lan, [{ collection_name: 'Tài liệu', file_name: 'bang-gia.txt' }]);
    for (const written of ['Dạ, sổ sách ở https://banhmicolan.vn/noi-bo ạ.', 'Dạ, anh/chị gọi 0977 111 222 nhé.', 'Dạ, anh/chị xem https://tiemminh.vn nhé.']) {
      const before = t.logs.length;
      const { reply } = await answerTo(lan, `Cho xin thông tin liên hệ (${written.length})`, written);
      expect(reply, written).toMatch(/đã nhận được câu hỏi/);
      expect(reply).not.toMatch(/noi-bo|0977|tiemminh/);
      expect(t.logs.slice(before).some((line) => line.msg === 'bot: the answer failed its checks; sending the safe reply' && line.reason !== undefined)).toBe(true);
    }
    // What the chosen document holds still goes out.
    const { reply } = await answerTo(lan, 'Bánh mì thịt nướng giá bao nhiêu, xem ở trang nào?');
    expect(reply).toContain('https://banhmicolan.vn/dat-hang');
    await expectLedgerConsistent(t);
  });
});
