import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, fakeEmbedding, startFakeOpenAi } from '../test/fake-openai.js';
import { createOpenAiProvider } from './openai-provider.js';
import { type LlmProvider, LlmProviderError, type LlmRequest } from './llm.js';
import { countTokens } from './tokenizer.js';

describe('OpenAI-compatible provider', () => {
  let fake: FakeOpenAi;
  let provider: LlmProvider;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    provider = createOpenAiProvider({ baseUrl: fake.baseUrl, apiKey: 'test-key', model: 'fake-model', timeoutMs: 1_000, maxRetries: 0 });
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.behaviour = 'ok';
    fake.requests.length = 0;
    fake.embeddingBehaviour = 'ok';
    fake.embeddingRequests.length = 0;
  });

  const request = (signal = new AbortController().signal): LlmRequest => ({
    system: 'Answer from the passages.',
    messages: [{ role: 'user', content: 'Giá bán bao nhiêu?' }],
    temperature: 0.7,
    maxOutputTokens: 300,
    signal,
    context: [],
    task: { mode: 'fulldocs' },
  });

  async function collect(stream: ReturnType<LlmProvider['stream']>) {
    let text = '';
    for await (const piece of stream.deltas) text += piece;
    return text;
  }

  it('streams the pieces, asks for usage, and reports the usage the endpoint gave', async () => {
    const stream = provider.stream(request());
    expect(await collect(stream)).toBe('Xin chào bạn.');
    expect(stream.usage()).toEqual({ promptTokens: 42, completionTokens: 7 });
    expect(fake.requests[0]).toMatchObject({
      model: 'fake-model',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.7,
      max_tokens: 300,
      messages: [
        { role: 'system', content: 'Answer from the passages.' },
        { role: 'user', content: 'Giá bán bao nhiêu?' },
      ],
    });
  });

  it('counts the tokens itself when the endpoint reports no usage', async () => {
    fake.behaviour = 'ok-without-usage';
    const stream = provider.stream(request());
    expect(await collect(stream)).toBe('Xin chào bạn.');
    expect(stream.usage()).toEqual({
      promptTokens: countTokens('Answer from the passages.') + countTokens('Giá bán bao nhiêu?'),
      completionTokens: countTokens('Xin chào bạn.'),
    });
  });

  it('a 500 is an LlmProviderError without the endpoint’s details', async () => {
    fake.behaviour = 'error';
    const failure = await collect(provider.stream(request())).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LlmProviderError);
    expect((failure as Error).message).toBe('The AI model refused the request (HTTP 500).');
  });

  it('an endpoint that never answers, or goes silent midway, times out', async () => {
    fake.behaviour = 'hang';
    await expect(collect(provider.stream(request()))).rejects.toThrow('The AI model took too long to answer.');
    fake.behaviour = 'stall';
    const stream = provider.stream(request());
    await expect(collect(stream)).rejects.toThrow('The AI model took too long to answer.');
    // What came before the silence is still counted.
    expect(stream.usage().completionTokens).toBe(countTokens('Xin '));
  });

  it('aborting ends the stream quietly and keeps what was produced', async () => {
    fake.behaviour = 'stall';
    const controller = new AbortController();
    const stream = provider.stream(request(controller.signal));
    const pieces: string[] = [];
    for await (const piece of stream.deltas) {
      pieces.push(piece);
      controller.abort();
    }
    expect(pieces).toEqual(['Xin ']);
    expect(stream.usage().completionTokens).toBe(countTokens('Xin '));
  });

  it('offers embeddings only with an embedding model: plain number arrays, in the order of the texts', async () => {
    expect(provider.embed).toBeUndefined();
    const embedder = createOpenAiProvider({ baseUrl: fake.baseUrl, apiKey: 'test-key', model: 'fake-model', embeddingModel: 'fake-embed', timeoutMs: 1_000, maxRetries: 0 });
    const texts = ['Giá bán cà phê', 'Phí giao hàng', 'Giờ mở cửa'];
    const vectors = await embedder.embed?.(texts);
    // The fake answers out of order; each vector is placed by its index.
    expect(vectors).toEqual(texts.map(fakeEmbedding));
    expect(vectors?.every((vector) => Array.isArray(vector))).toBe(true);
    expect(fake.embeddingRequests).toEqual([{ model: 'fake-embed', input: texts, encoding_format: 'float' }]);

    fake.embeddingBehaviour = 'error';
    const failure = await embedder.embed?.(['x']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LlmProviderError);
    expect((failure as Error).message).toBe('The AI model refused the request (HTTP 500).');
  });
});
