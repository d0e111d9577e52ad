import { initI18n, makeStore, ROUTES, TEMPERATURE_OPTIONS } from '@pagemate/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import remote from './routes';

// The shell's `common` strings the placeholder reads (the real ones ship with the shell).
const common = {
  vi: { beingBuilt: { title: 'Đang được xây dựng', description: 'Tính năng này đang được hoàn thiện và sẽ sớm ra mắt.' } },
  en: { beingBuilt: { title: 'Being built', description: 'This feature is being finished and will arrive soon.' } },
};

async function render(language: 'vi' | 'en', routeId: keyof typeof remote.pages): Promise<string> {
  const i18n = await initI18n(language, { common, [remote.namespace]: remote.resources });
  await i18n.changeLanguage(language);
  const Page = remote.pages[routeId];
  if (!Page) throw new Error(`no page for ${routeId}`);
  return renderToStaticMarkup(
    <Provider store={makeStore()}>
      <Page />
    </Provider>,
  );
}

const headingOf = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

describe('mf_chatbot routes module', () => {
  it('supplies a page for exactly the route ids it owns, under its namespace', () => {
    const owned = ROUTES.filter((route) => route.owner === 'mf_chatbot').map((route) => route.id);
    expect(remote.name).toBe('mf_chatbot');
    expect(remote.namespace).toBe('chatbot');
    expect(Object.keys(remote.pages).sort()).toEqual([...owned].sort());
  });

  it.each([
    ['en', 'user-file-manager', 'File Manager'],
    ['vi', 'partner-file-manager', 'Quản lý tệp'],
    ['en', 'chatbot-basic', 'Chatbot Basic'],
    ['vi', 'chatbot-pdf', 'Chatbot toàn văn tài liệu'],
  ] as const)('in %s, %s shows its title as the h1 and the being-built panel', async (language, routeId, title) => {
    const html = await render(language, routeId);
    expect(headingOf(html)).toBe(title);
    expect(html).toContain(common[language].beingBuilt.description);
  });

  it('opens a new basic chat with a greeting and says chatting is not available yet', async () => {
    const html = await render('en', 'chatbot-basic');
    for (const text of ['New chat', 'Hello!', 'What can I do for you?', 'Let&#x27;s try!', 'Chatting is not available yet']) {
      expect(html).toContain(text);
    }
  });

  it('lists what the full-documents chatbot does', async () => {
    const html = await render('en', 'chatbot-pdf');
    for (const text of ['File upload', 'Full-text analysis', 'Extraction and summarization', 'Detailed question answering']) {
      expect(html).toContain(text);
    }
  });

  it('offers the four answer styles with their temperatures, disabled until chatting exists', async () => {
    const html = await render('en', 'chatbot-basic');
    for (const option of TEMPERATURE_OPTIONS) {
      expect(html).toContain(`>${option.label}<`);
      expect(html).toContain(`temperature ${option.value}`);
    }
    const vi = await render('vi', 'chatbot-basic');
    expect(vi).toContain('nhiệt độ 0,5');
    expect(html.match(/<input[^>]*type="radio"[^>]*>/g)?.every((input) => input.includes('disabled'))).toBe(true);
  });
});
