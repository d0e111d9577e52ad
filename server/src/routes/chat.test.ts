import { listQuerySchema } from '@pagemate/shared-contracts/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEngine } from '../ai/local-engine.js';
import { countTokens } from '../ai/tokenizer.js';
import { createChatService } from '../plugins/app/chat/chat-service.js';
import { errorOf } from '../test/accounts.js';
import { insertDocument, parseEvents } from '../test/chat.js';
import { api, type SignedIn, signedInUser } from '../test/facebook.js';
import { type FakeOpenAi, startFakeOpenAi } from '../test/fake-openai.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';

const ENV = { RATE_LIMIT_IP_MULTIPLIER: '100', PRICE_PER_1000_TOKENS_VND: '20' };
const PRICE_PASSAGE = 'Giá bán cà phê sữa đá là 25.000 đồng một ly.';
let creditCounter = 0;

async function credited(t: TestApp): Promise<SignedIn> {
  const user = await signedInUser(t);
  await t.app.ledger.credit(user.userId, 100_000, `test-credit-${process.pid}-${++creditCounter}`, 'deposit');
  return user;
}

function send(t: TestApp, user: SignedIn, body: Record<string, unknown>) {
  return api(t, user, 'POST', '/api/v1/chat/send', { user_id: user.userId, ...body });
}

async function tokenTransactions(t: TestApp, userId: string) {
  return (await t.app.ledger.tokenTransactions(userId, listQuerySchema.parse({}))).items;
}

async function messageCount(t: TestApp, userId: string) {
  const result = await t.app.db.orm.execute<{ n: number | string }>(sql`
    select count(*) as n from chat_messages m join chat_conversations c on c.id = m.conversation_id where c.user_id = ${userId}::uuid`);
  return Number(result.rows[0]?.n);
}

describe.each(testDatabases)('chat (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let priceFile: { fileId: string; chunkIds: string[] };

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: ENV });
    lan = await credited(t);
    priceFile = await insertDocument(t, lan.userId, 'bang-gia.docx', [
      'Cửa hàng cà phê Hương Quê mở cửa từ 7 giờ sáng đến 10 giờ tối.',
      `Bảng giá đồ uống. ${PRICE_PASSAGE} Trà đào giá 30.000 đồng.`,
      'Phí giao hàng nội thành là 15.000 đồng.',
    ]);
  });
  afterAll(() => t?.close());

  it('fulldocs streams start, deltas, citations and done; the passage with the answer is quoted and cited; the tokens are charged', async () => {
    const response = await send(t, lan, { mode: 'fulldocs', message: 'gia ban ca phe sua bao nhieu', temperature: 0, file_ids: [priceFile.fileId] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-accel-buffering']).toBe('no');

    const events = parseEvents(response.body);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('start');
    expect(types.slice(-2)).toEqual(['citations', 'done']);
    expect(types.slice(1, -2).every((type) => type === 'delta')).toBe(true);
    expect(types.length).toBeGreaterThan(4);

    const answer = events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
    expect(answer).toContain(`${PRICE_PASSAGE}`);
    expect(answer).toMatch(/\[1\]/);
    const citations = events.find((event) => event.type === 'citations');
    expect(citations?.type === 'citations' && citations.citations[0]).toMatchObject({
      index: 1,
      chunk_id: priceFile.chunkIds[1],
      file_id: priceFile.fileId,
      file_name: 'bang-gia.docx',
      collection_name: 'Tài liệu',
      locator: 'paragraph 2',
    });

    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    const { prompt_tokens, completion_tokens, total_tokens, cost } = done.usage;
    expect(completion_tokens).toBe(countTokens(answer));
    expect(total_tokens).toBe(prompt_tokens + completion_tokens);
    expect(cost).toBe(t.app.ledger.costOf(total_tokens));
    expect(cost).toBeGreaterThan(0);
    expect(await t.app.ledger.balanceOf(lan.userId)).toBe(100_000 - cost);
    expect(await tokenTransactions(t, lan.userId)).toEqual([
      expect.objectContaining({ promptTokens: prompt_tokens, completionTokens: completion_tokens, totalToken: total_tokens, totalCost: cost }),
    ]);
    await expectLedgerConsistent(t);

    // The conversation is kept: the question, then the answer with its citations and usage.
    const start = events[0];
    if (start?.type !== 'start') throw new Error('no start event');
    const read = await api(t, lan, 'GET', `/api/v1/chat/conversation/${start.conversation_id}?user_id=${lan.userId}`);
    expect(read.statusCode).toBe(200);
    const { conversation, messages } = (read.json() as { data: { conversation: Record<string, unknown>; messages: Record<string, unknown>[] } }).data;
    expect(conversation).toMatchObject({ mode: 'fulldocs', title: 'gia ban ca phe sua bao nhieu', file_ids: [priceFile.fileId] });
    expect(messages).toEqual([
      expect.objectContaining({ message_id: start.user_message_id, role: 'user', content: 'gia ban ca phe sua bao nhieu', usage: null, interrupted: false }),
      expect.objectContaining({ message_id: start.message_id, role: 'assistant', content: answer, usage: done.usage, interrupted: false }),
    ]);

    // A follow-up in the same conversation keeps its files.
    const followUp = parseEvents((await send(t, lan, { conversation_id: start.conversation_id, mode: 'fulldocs', message: 'phi giao hang noi thanh', temperature: 0.5 })).body);
    expect(followUp.map((event) => event.type).at(-1)).toBe('done');
    expect(followUp.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('')).toContain('Phí giao hàng nội thành là 15.000 đồng.');
  });

  it('basic and marketing answer too; a question nothing matches gets an honest answer in its language', async () => {
    const basic = parseEvents((await send(t, lan, { mode: 'basic', message: 'Thời tiết hôm nay thế nào?', temperature: 0.7 })).body);
    const text = basic.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
    expect(text).toContain('LLM_BASE_URL');
    expect(text).toContain('tài liệu');
    expect(basic.at(-1)?.type).toBe('done');

    const article = parseEvents((await send(t, lan, { mode: 'marketing', marketing_flow: 'idea', message: 'Quảng bá cà phê sữa đá Hương Quê cho mùa hè', temperature: 1 })).body);
    const draft = article.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
    expect(draft).toMatch(/^# .+/m);
    expect(draft).toMatch(/^## .+/m);
    expect(draft).toMatch(/^### .+/m);
    expect(draft).toMatch(/\*\*Meta description:\*\* .{1,160}\n/);
    expect(draft).toContain('**Từ khóa:**');
  });

  it('refuses bad sends as JSON before streaming: no files, files of someone else, another user id', async () => {
    expect(errorOf(await send(t, lan, { mode: 'fulldocs', message: 'giá?', temperature: 0 }))).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    const minh = await credited(t);
    const minhFile = await insertDocument(t, minh.userId, 'minh.txt', ['Giá bán của Minh.']);
    expect(errorOf(await send(t, lan, { mode: 'fulldocs', message: 'giá?', temperature: 0, file_ids: [minhFile.fileId] }))).toMatchObject({ status: 400 });
    expect(errorOf(await send(t, lan, { mode: 'basic', message: 'giá?', temperature: 0.3 }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const other = await api(t, lan, 'POST', '/api/v1/chat/send', { user_id: minh.userId, mode: 'basic', message: 'giá?', temperature: 0 });
    expect(other.statusCode).toBe(403);
    expect(errorOf(await send(t, lan, { conversation_id: crypto.randomUUID(), mode: 'basic', message: 'giá?', temperature: 0 }))).toMatchObject({ status: 404 });
  });

  it('without balance: one INSUFFICIENT_BALANCE event, nothing stored, nothing charged', async () => {
    const poor = await signedInUser(t);
    const file = await insertDocument(t, poor.userId, 'gia.txt', [PRICE_PASSAGE]);
    const response = await send(t, poor, { mode: 'fulldocs', message: 'gia ban', temperature: 0, file_ids: [file.fileId] });
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'error', code: 'INSUFFICIENT_BALANCE' });
    expect(events[0]?.type === 'error' && events[0].message).toMatch(/top up/);
    expect(await messageCount(t, poor.userId)).toBe(0);
    expect((await api(t, poor, 'GET', `/api/v1/chat/conversations/${poor.userId}?mode=fulldocs`)).json()).toEqual({ status: 200, data: [] });
    expect(await tokenTransactions(t, poor.userId)).toEqual([]);
  });

  it('conversations are listed, read and deleted by their owner only', async () => {
    const owner = await credited(t);
    const intruder = await credited(t);
    const start = parseEvents((await send(t, owner, { mode: 'basic', message: `  Xin chào,   ${'rất '.repeat(40)}vui được gặp bạn  `, temperature: 0.5 })).body)[0];
    if (start?.type !== 'start') throw new Error('no start event');
    const listed = (await api(t, owner, 'GET', `/api/v1/chat/conversations/${owner.userId}?mode=basic`)).json() as { data: { conversation_id: string; title: string }[] };
    expect(listed.data.map((c) => c.conversation_id)).toEqual([start.conversation_id]);
    expect(listed.data[0]?.title.length).toBeLessThanOrEqual(80);
    expect(listed.data[0]?.title).toMatch(/^Xin chào, rất rất/);
    expect((await api(t, owner, 'GET', `/api/v1/chat/conversations/${owner.userId}?mode=fulldocs`)).json()).toEqual({ status: 200, data: [] });

    expect((await api(t, intruder, 'GET', `/api/v1/chat/conversations/${intruder.userId}?mode=basic`)).json()).toEqual({ status: 200, data: [] });
    expect((await api(t, intruder, 'GET', `/api/v1/chat/conversations/${owner.userId}?mode=basic`)).statusCode).toBe(403);
    expect((await api(t, intruder, 'GET', `/api/v1/chat/conversation/${start.conversation_id}?user_id=${intruder.userId}`)).statusCode).toBe(404);
    expect((await api(t, intruder, 'POST', '/api/v1/chat/delete-conversation', { user_id: intruder.userId, conversation_id: start.conversation_id })).statusCode).toBe(404);
    expect((await send(t, intruder, { conversation_id: start.conversation_id, mode: 'basic', message: 'hi', temperature: 0 })).statusCode).toBe(404);

    expect((await api(t, owner, 'POST', '/api/v1/chat/delete-conversation', { user_id: owner.userId, conversation_id: start.conversation_id })).json()).toEqual({ status: 200, data: { ok: true } });
    expect((await api(t, owner, 'GET', `/api/v1/chat/conversation/${start.conversation_id}?user_id=${owner.userId}`)).statusCode).toBe(404);
    expect(await messageCount(t, owner.userId)).toBe(0);
  });

  it('a stopped answer is kept as stopped and only the tokens produced are charged', async () => {
    const user = await credited(t);
    const file = await insertDocument(t, user.userId, 'gia.txt', [PRICE_PASSAGE, 'Giá bán trà đào là 30.000 đồng, giá bán bánh mì là 20.000 đồng.']);
    // The service as the app builds it, with a local engine slow enough to stop midway.
    const service = createChatService({
      repository: t.app.chatRepository,
      retrieval: t.app.retrieval,
      ledger: t.app.ledger,
      provider: createLocalEngine({ chunkDelayMs: 5 }),
      clock: t.app.clock,
      log: t.app.log,
      maxOutputTokens: t.app.config.llm.maxOutputTokens,
    });
    const turn = await service.prepare(user.userId, { user_id: user.userId, mode: 'fulldocs', message: 'gia ban', temperature: 1, file_ids: [file.fileId] });
    const controller = new AbortController();
    const deltas: string[] = [];
    const events: string[] = [];
    await service.answer(
      turn,
      (event) => {
        events.push(event.type);
        if (event.type !== 'delta') return;
        deltas.push(event.text);
        if (deltas.length === 2) controller.abort();
      },
      controller.signal,
    );
    expect(deltas).toHaveLength(2);
    const [message] = (await t.app.chat.conversation(user.userId, turn.conversationId)).messages.filter((m) => m.role === 'assistant');
    expect(message).toMatchObject({ content: deltas.join(''), interrupted: true });
    const [charge] = await tokenTransactions(t, user.userId);
    expect(charge?.completionTokens).toBe(countTokens(deltas.join('')));
    expect(await t.app.ledger.balanceOf(user.userId)).toBe(100_000 - (charge?.totalCost ?? NaN));
    const stored = await t.app.db.orm.execute<{ interrupted: string }>(sql`select interrupted from chat_messages where id = ${message?.message_id ?? ''}::uuid`);
    expect(stored.rows[0]?.interrupted).toBe('stopped');
    await expectLedgerConsistent(t);
  });
});

describe.each(testDatabases)('chat through an OpenAI-compatible endpoint (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await buildTestApp(kind, { env: { ...ENV, LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_SECONDS: '1' } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('streams the model’s answer and charges the usage it reports', async () => {
    fake.behaviour = 'ok';
    const user = await credited(t);
    const file = await insertDocument(t, user.userId, 'gia.txt', [PRICE_PASSAGE]);
    const events = parseEvents((await send(t, user, { mode: 'fulldocs', message: 'gia ban ca phe sua', temperature: 0.5, file_ids: [file.fileId] })).body);
    expect(events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('')).toBe('Xin chào bạn.');
    expect(events.at(-1)).toEqual({ type: 'done', usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49, cost: 1 } });
    expect(await t.app.ledger.balanceOf(user.userId)).toBe(99_999);
    // The model got the passages, numbered and fenced as data.
    const system = ((fake.requests.at(-1)?.messages as { content: string }[] | undefined) ?? [])[0]?.content ?? '';
    expect(system).toContain(`[1] gia.txt — paragraph 1\n${PRICE_PASSAGE}`);
    expect(system).toContain('untrusted data');
  });

  it('a failing model: an error event, the hold released, the balance unchanged', async () => {
    fake.behaviour = 'error';
    const user = await credited(t);
    const events = parseEvents((await send(t, user, { mode: 'basic', message: 'xin chào', temperature: 0.5 })).body);
    expect(events.map((event) => event.type)).toEqual(['start', 'error']);
    expect(events[1]).toEqual({ type: 'error', code: 'UNAVAILABLE', message: 'The AI model refused the request (HTTP 500).' });
    expect(await t.app.ledger.balanceOf(user.userId)).toBe(100_000);
    expect(await tokenTransactions(t, user.userId)).toEqual([]);
    await expectLedgerConsistent(t);
    const start = events[0];
    if (start?.type !== 'start') throw new Error('no start event');
    const { messages } = await t.app.chat.conversation(user.userId, start.conversation_id);
    expect(messages.map((m) => [m.role, m.content, m.interrupted])).toEqual([
      ['user', 'xin chào', false],
      ['assistant', '', true],
    ]);
  });
});
