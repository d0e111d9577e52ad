import { TEMPERATURE_OPTIONS } from '@pagemate/shared-contracts';
import { headingOf, ownedRouteIds, renderRemotePage } from '@pagemate/shared-contracts/testing';
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
  ] as const)('in %s, %s shows its title as the h1 (the feature is built: no being-built panel)', async (language, routeId, title) => {
    const html = await render(language, routeId);
    expect(headingOf(html)).toBe(title);
    expect(html).not.toContain('ant-result');
  });

  it('opens a new basic chat with a greeting, "let\'s try" suggestions, and the chat / marketing switch', async () => {
    const html = await render('en', 'chatbot-basic');
    for (const text of ['New chat', 'Hello!', 'What can I do for you?', 'Let&#x27;s try!', 'Summarise our return policy in three points.', '>Chat<', '>Marketing article<']) {
      expect(html).toContain(text);
    }
    const vi = await render('vi', 'chatbot-basic');
    for (const text of ['>Trò chuyện<', '>Viết bài marketing<']) expect(vi).toContain(text);
  });

  it('lists what the full-documents chatbot does', async () => {
    const html = await render('en', 'chatbot-pdf');
    for (const text of ['File upload', 'Full-text analysis', 'Extraction and summarization', 'Detailed question answering']) {
      expect(html).toContain(text);
    }
  });

  it('offers the four answer styles with their temperatures and descriptions, Stable chosen', async () => {
    const html = await render('en', 'chatbot-basic');
    for (const option of TEMPERATURE_OPTIONS) {
      expect(html).toContain(`>${option.label}<`);
      expect(html).toContain(`temperature ${option.value}`);
    }
    const vi = await render('vi', 'chatbot-basic');
    expect(vi).toContain('nhiệt độ 0,5');
    expect(html).toContain('Verbatim answers from the document.');
    const radios = html.match(/<input[^>]*class="ant-radio-input"[^>]*>/g) ?? [];
    expect(radios.filter((input) => input.includes('checked')).map((input) => /value="([^"]*)"/.exec(input)?.[1])).toEqual(['0.5']);
    expect(radios.some((input) => input.includes('disabled'))).toBe(false);
  });
});
