import { describe, expect, it } from 'vitest';
import { composeLocalAnswer, createLocalEngine } from './local-engine.js';
import type { LlmRequest, RetrievedPassage } from './provider.js';

const passage = (text: string, fileName = 'bang-gia.docx'): RetrievedPassage => ({
  chunkId: crypto.randomUUID(),
  fileId: crypto.randomUUID(),
  fileName,
  collectionName: 'Tài liệu',
  locator: 'paragraph 1',
  title: null,
  text,
  rank: 1,
});

const PASSAGES = [
  passage('Cửa hàng mở cửa từ 7 giờ sáng. Giá bán cà phê sữa đá là 25.000 đồng một ly. Trà đào giá 30.000 đồng.'),
  passage('Phí giao hàng nội thành là 15.000 đồng.', 'giao-hang.txt'),
];

function request(message: string, options: Partial<LlmRequest> = {}): LlmRequest {
  return {
    system: '',
    messages: [{ role: 'user', content: message }],
    temperature: 0,
    maxOutputTokens: 1_000,
    signal: new AbortController().signal,
    context: PASSAGES,
    task: { mode: 'fulldocs' },
    ...options,
  };
}

describe('local engine', () => {
  it('Exactly quotes the best sentence word for word with its passage number', () => {
    const answer = composeLocalAnswer(request('gia ban ca phe sua bao nhieu'));
    expect(answer).toContain('> Giá bán cà phê sữa đá là 25.000 đồng một ly. [1]');
    expect(answer.startsWith('Trích nguyên văn')).toBe(true);
    expect(composeLocalAnswer(request('gia ban ca phe sua bao nhieu'))).toBe(answer);
  });

  it('freer styles compose from more sentences; Creative adds an "in short" line', () => {
    const stable = composeLocalAnswer(request('giá bán và phí giao hàng', { temperature: 0.5 }));
    expect(stable).toMatch(/^Theo tài liệu: .*\[1\].*\[2\]/s);
    const creative = composeLocalAnswer(request('giá bán và phí giao hàng', { temperature: 1 }));
    expect(creative).toMatch(/^- .+ \[\d\]$/m);
    expect(creative).toContain('**Tóm lại:**');
  });

  it('says honestly when nothing matches, in the question’s language', () => {
    expect(composeLocalAnswer(request('thoi tiet hom nay the nao', { temperature: 0.7 }))).toMatch(/^Mình không tìm thấy/);
    expect(composeLocalAnswer(request('What is the weather today?'))).toMatch(/^I found nothing/);
    expect(composeLocalAnswer(request('What is the weather today?', { task: { mode: 'basic' }, context: [] }))).toContain('LLM_BASE_URL');
  });

  it('marketing: an SEO draft from an idea, or five ideas to pick from, then the article for the pick', () => {
    const draft = composeLocalAnswer(request('Quảng bá cà phê sữa đá mùa hè', { task: { mode: 'marketing', marketingFlow: 'idea' } }));
    const meta = /\*\*Meta description:\*\* (.*)/.exec(draft)?.[1] ?? '';
    expect(meta.length).toBeGreaterThan(10);
    expect(meta.length).toBeLessThanOrEqual(160);
    expect(draft).toMatch(/^# Quảng bá cà phê sữa đá mùa hè/m);
    expect(draft).toMatch(/^\*\*Từ khóa:\*\* .*cà phê/m);

    const ideas = composeLocalAnswer(request('Tôi chưa có ý tưởng', { task: { mode: 'marketing', marketingFlow: 'no_idea' }, context: [] }));
    expect(ideas.match(/^[1-5]\. .+$/gm)).toHaveLength(5);
    const picked = composeLocalAnswer({
      ...request('2', { task: { mode: 'marketing', marketingFlow: 'no_idea' }, context: [] }),
      messages: [
        { role: 'user', content: 'Tôi chưa có ý tưởng' },
        { role: 'assistant', content: ideas },
        { role: 'user', content: '2' },
      ],
    });
    expect(picked).toContain(`# ${/^2\. (.+)$/m.exec(ideas)?.[1] ?? '?'}`);
  });

  it('streams the answer in small pieces and stops when aborted', async () => {
    const controller = new AbortController();
    const stream = createLocalEngine().stream(request('giá bán và phí giao hàng', { temperature: 1, signal: controller.signal }));
    const pieces: string[] = [];
    for await (const piece of stream.deltas) {
      pieces.push(piece);
      if (pieces.length === 3) controller.abort();
    }
    expect(pieces).toHaveLength(3);
    expect(stream.usage().completionTokens).toBeGreaterThan(0);
  });
});
