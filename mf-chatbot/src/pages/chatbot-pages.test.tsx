// @vitest-environment happy-dom
import { apiClient, initI18n } from '@pagemate/shared-contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import vi_ from '../locales/vi.json';
import { aFile, controllableStream, errorResponse, fakeChatbotApi } from '../test/fake-chatbot-api';
import { button, byTestId, click, mountSignedIn, settle, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { ChatbotBasicPage } from './chatbot-basic-page';
import { ChatbotFulldocsPage } from './chatbot-fulldocs-page';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const citation = {
  index: 1,
  chunk_id: 'k1',
  file_id: 'f1',
  file_name: 'bang-gia.xlsx',
  collection_name: 'Cửa hàng',
  locator: "'Bảng giá'!A2:D40",
  excerpt: 'Áo thun 120.000 đ',
};

let mounted: MountedPage | undefined;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const text = () => document.body.textContent ?? '';
const composer = () => byTestId('chat-input')[0] as HTMLTextAreaElement;
const answer = () => byTestId('assistant-message').at(-1);

async function ask(question: string) {
  await typeInto(composer(), question);
  await click(byTestId('chat-send')[0]);
}

/** Lets a streamed chunk travel through the reader into React. */
async function flush() {
  await settle();
}

beforeEach(async () => {
  const i18n = await initI18n('en', { chatbot: { vi: vi_, en } });
  await i18n.changeLanguage('en');
  const api = fakeChatbotApi({
    'api/v1/facebook/get-collection/u-7': () => [aFile(), aFile({ file_id: 'f2', file_name: 'dang-xu-ly.docx', index_status: 'indexing' })],
    'api/v1/chat/conversations/u-7': () => [],
    'api/v1/chat/passage/k1': () => ({ ...citation, text: 'Bảng giá tháng 3. Áo thun 120.000 đ. Quần jean 350.000 đ.' }),
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter, getAccessToken: () => 'token-1' });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('full-documents chat', () => {
  it('streams the answer into the bubble, then shows citations, usage and the passage of a citation', async () => {
    const stream = controllableStream();
    fetchMock.mockResolvedValue(stream.response);
    mounted = await mountSignedIn(ChatbotFulldocsPage, user);
    expect(document.querySelector('h1')?.textContent).toBe('Chatbot Fulldocs');
    const picker = byTestId('file-picker')[0];
    expect(picker?.textContent).toContain('bang-gia.xlsx');
    expect(picker?.textContent).not.toContain('dang-xu-ly.docx');
    expect(picker?.textContent).toContain('1 file is still being indexed');
    expect((byTestId('chat-send')[0] as HTMLButtonElement).disabled).toBe(true);

    await click([...(picker?.querySelectorAll('label') ?? [])].find((l) => l.textContent === 'bang-gia.xlsx'));
    await ask('Giá áo thun?');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${API}/api/v1/chat/send`);
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    expect(JSON.parse(init?.body as string)).toEqual({ user_id: 'u-7', mode: 'fulldocs', message: 'Giá áo thun?', temperature: 0.5, file_ids: ['f1'] });
    expect(byTestId('chat-stop')).toHaveLength(1);

    stream.event({ type: 'start', conversation_id: 'c1', message_id: 'm2', user_message_id: 'm1' });
    stream.event({ type: 'delta', text: 'Áo thun có giá ' });
    await flush();
    expect(answer()?.textContent).toContain('Áo thun có giá');
    expect(answer()?.getAttribute('data-state')).toBe('streaming');

    stream.event({ type: 'delta', text: '**120.000 đ** [1].' });
    stream.event({ type: 'citations', citations: [citation] });
    stream.event({ type: 'done', usage: { prompt_tokens: 100, completion_tokens: 23, total_tokens: 123, cost: 3 } });
    stream.close();
    await flush();
    expect(answer()?.getAttribute('data-state')).toBe('done');
    expect(answer()?.querySelector('strong')?.textContent).toBe('120.000 đ');
    expect(byTestId('citation-chip').map((c) => c.textContent)).toEqual(["[1] bang-gia.xlsx · 'Bảng giá'!A2:D40"]);
    expect(byTestId('usage-line')[0]?.textContent).toBe('123 token · 3 VNĐ');
    expect(byTestId('chat-stop')).toHaveLength(0);

    await click(byTestId('citation-chip')[0]);
    const drawer = byTestId('passage-drawer')[0];
    expect(drawer?.textContent).toContain('Cửa hàng');
    expect(drawer?.textContent).toContain('Quần jean 350.000 đ');
    expect(drawer?.querySelector('mark')?.textContent).toBe('Áo thun 120.000 đ');
  });

  it('Stop aborts the stream and keeps what arrived', async () => {
    const stream = controllableStream();
    fetchMock.mockResolvedValue(stream.response);
    mounted = await mountSignedIn(ChatbotFulldocsPage, user);
    await click([...document.querySelectorAll('[data-testid="file-picker"] label')].find((l) => l.textContent?.startsWith('Cửa hàng')));
    await ask('Tóm tắt');
    stream.event({ type: 'delta', text: 'Phần đầu' });
    await flush();
    await click(byTestId('chat-stop')[0]);
    const signal = fetchMock.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(true);
    expect(answer()?.getAttribute('data-state')).toBe('stopped');
    expect(answer()?.textContent).toContain('Phần đầu');
    expect(answer()?.textContent).toContain('Stopped');
    expect(byTestId('chat-send')).toHaveLength(1);
  });
});

describe('basic chat', () => {
  it('an answer the balance cannot pay for shows the top-up link', async () => {
    fetchMock.mockResolvedValue(errorResponse(402, 'INSUFFICIENT_BALANCE', 'Balance too low'));
    mounted = await mountSignedIn(ChatbotBasicPage, user);
    await click(button('Summarise our return policy in three points.'));
    expect(composer().value).toBe('Summarise our return policy in three points.');
    await click(byTestId('chat-send')[0]);
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toMatchObject({ mode: 'basic', temperature: 0.5 });
    expect(text()).toContain('Your balance is not enough for this answer.');
    expect(byTestId('top-up-link')[0]?.getAttribute('href')).toBe('/user-dashboard/balance/?tab=deposit');
  });

  it('a failure mid-stream is shown inline and "Try again" asks again', async () => {
    const first = controllableStream();
    const second = controllableStream();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    mounted = await mountSignedIn(ChatbotBasicPage, user);
    await ask('Xin chào');
    first.event({ type: 'error', code: 'UNAVAILABLE', message: 'model down' });
    first.close();
    await flush();
    expect(answer()?.getAttribute('data-state')).toBe('failed');
    await click(button('Try again'));
    second.event({ type: 'delta', text: 'Chào bạn!' });
    second.event({ type: 'done', usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, cost: 0 } });
    second.close();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(byTestId('assistant-message')).toHaveLength(1);
    expect(answer()?.textContent).toContain('Chào bạn!');
  });

  it('the marketing mode starts with the two choices and sends the chosen flow', async () => {
    const stream = controllableStream();
    fetchMock.mockResolvedValue(stream.response);
    mounted = await mountSignedIn(ChatbotBasicPage, user);
    await click([...document.querySelectorAll('label')].find((l) => l.textContent === 'Marketing article'));
    expect(text()).toContain('I have an idea');
    expect((byTestId('chat-send')[0] as HTMLButtonElement).disabled).toBe(true);
    await click(button('I have no idea yet'));
    expect(byTestId('marketing-prompt')[0]?.textContent).toContain('I will propose a few article ideas');
    await ask('Tiệm bánh ngọt ở Đà Nẵng');
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toMatchObject({ mode: 'marketing', marketing_flow: 'no_idea', message: 'Tiệm bánh ngọt ở Đà Nẵng' });
    stream.close();
    await flush();
  });
});

describe('chat on a phone', () => {
  /** A 390 px wide screen: antd's `lg` (min-width 992px) and every wider breakpoint do not match. */
  function onAPhone() {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: /max-width/.test(query), media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList,
    );
  }
  const composerBox = () => byTestId('chat-composer')[0];

  it('puts the composer after the answer styles, full width, until a conversation starts; then keeps it in view', async () => {
    onAPhone();
    const stream = controllableStream();
    fetchMock.mockResolvedValue(stream.response);
    mounted = await mountSignedIn(ChatbotBasicPage, user);
    expect(composerBox()?.style.position).toBe('static');
    const answerStyles = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Answer style');
    expect(answerStyles?.compareDocumentPosition(composerBox() as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(composer().style.flex).toBe('1 1 0%');

    await ask('Giờ mở cửa?');
    expect(composerBox()?.style.position).toBe('sticky');
    stream.close();
    await flush();
  });

  it('keeps the composer in view on a wide screen from the start', async () => {
    mounted = await mountSignedIn(ChatbotBasicPage, user);
    expect(composerBox()?.style.position).toBe('sticky');
  });
});
