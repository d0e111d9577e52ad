import { TEMPERATURE_OPTIONS } from '@pagemate/shared-contracts';
import { COMMON_FOR_REMOTE_TESTS, headingOf, ownedRouteIds, renderRemotePage } from '@pagemate/shared-contracts/testing';
import { describe, expect, it } from 'vitest';
import remote from './routes';

const render = (language: 'vi' | 'en', routeId: keyof typeof remote.pages) => renderRemotePage(remote, routeId, language);

describe('mf_chatbot routes module', () => {
  it('supplies a page for exactly the route ids it owns, under its namespace', () => {
    expect(remote.name).toBe('mf_chatbot');
    expect(remote.namespace).toBe('chatbot');
    expect(Object.keys(remote.pages).sort()).toEqual(ownedRouteIds('mf_chatbot'));
  });

  it.each([
    ['en', 'user-file-manager', 'File Manager'],
    ['vi', 'partner-file-manager', 'Quản lý tệp'],
    ['en', 'chatbot-basic', 'Chatbot Basic'],
    ['vi', 'chatbot-pdf', 'Chatbot toàn văn tài liệu'],
  ] as const)('in %s, %s shows its title as the h1 and the being-built panel', async (language, routeId, title) => {
    const html = await render(language, routeId);
    expect(headingOf(html)).toBe(title);
    expect(html).toContain(COMMON_FOR_REMOTE_TESTS[language].beingBuilt.description);
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
