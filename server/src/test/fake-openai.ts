import Fastify from 'fastify';

/** How the fake endpoint answers the next chat completion. */
export type FakeOpenAiBehaviour =
  /** Streams `pieces`, then a usage chunk, then `[DONE]`. */
  | 'ok'
  /** Streams `pieces` without a usage chunk (as some compatible servers do). */
  | 'ok-without-usage'
  /** HTTP 500 with an error body. */
  | 'error'
  /** Accepts the request and never answers. */
  | 'hang'
  /** Streams the first piece, then goes silent. */
  | 'stall';

export interface FakeOpenAi {
  /** The API root to give the SDK, e.g. http://127.0.0.1:12345/v1 */
  baseUrl: string;
  behaviour: FakeOpenAiBehaviour;
  pieces: string[];
  usage: { prompt_tokens: number; completion_tokens: number };
  /** Bodies of the chat completion requests received. */
  requests: Record<string, unknown>[];
  /** Resolves when a stalled stream's client went away. */
  closedStreams: number;
  /** How the fake answers the next embeddings request: vectors, or HTTP 500. */
  embeddingBehaviour: 'ok' | 'error';
  /** Bodies of the embeddings requests received. */
  embeddingRequests: Record<string, unknown>[];
  /** Vectors for exact texts, instead of the default bag-of-words hash (tests make the embedding decide). */
  vectors: Map<string, number[]>;
  close(): Promise<void>;
}

export const FAKE_EMBEDDING_DIMENSIONS = 64;

/**
 * The default fake embedding: each lower-cased letter/digit word hashed (FNV-1a) into one of 64 dimensions,
 * counted, then normalised — texts sharing words point the same way; deterministic.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 0x811c9dc5;
    for (const char of word) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
    vector[hash % FAKE_EMBEDDING_DIMENSIONS] = (vector[hash % FAKE_EMBEDDING_DIMENSIONS] ?? 0) + 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

const chunk = (body: object) => `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'fake-model', ...body })}\n\n`;

/** An OpenAI-compatible chat endpoint on 127.0.0.1 that streams what the test sets, the way the OpenAI API does. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const app = Fastify({ forceCloseConnections: true });
  const fake: FakeOpenAi = {
    baseUrl: '',
    behaviour: 'ok',
    pieces: ['Xin ', 'chào ', 'bạn.'],
    usage: { prompt_tokens: 42, completion_tokens: 7 },
    requests: [],
    closedStreams: 0,
    embeddingBehaviour: 'ok',
    embeddingRequests: [],
    vectors: new Map(),
    close: () => app.close(),
  };

  app.post('/v1/chat/completions', async (request, reply) => {
    fake.requests.push(request.body as Record<string, unknown>);
    const behaviour = fake.behaviour;
    if (behaviour === 'error') return reply.status(500).send({ error: { message: 'internal secret detail', type: 'server_error' } });
    reply.hijack();
    if (behaviour === 'hang') return;
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.on('close', () => (fake.closedStreams += 1));
    const pieces = behaviour === 'stall' ? fake.pieces.slice(0, 1) : fake.pieces;
    for (const piece of pieces) reply.raw.write(chunk({ choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] }));
    if (behaviour === 'stall') return;
    reply.raw.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    if (behaviour === 'ok') {
      const { prompt_tokens, completion_tokens } = fake.usage;
      reply.raw.write(chunk({ choices: [], usage: { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens } }));
    }
    reply.raw.end('data: [DONE]\n\n');
  });

  // As the OpenAI API does: `input` a string or strings, vectors as floats or, for `encoding_format: base64`
  // (the SDK's default), as little-endian float32 bytes.
  app.post('/v1/embeddings', async (request, reply) => {
    const body = request.body as { input?: unknown; encoding_format?: unknown; model?: unknown };
    fake.embeddingRequests.push(body as Record<string, unknown>);
    if (fake.embeddingBehaviour === 'error') return reply.status(500).send({ error: { message: 'embedding secret detail', type: 'server_error' } });
    const inputs = (Array.isArray(body.input) ? body.input : [body.input]).map(String);
    const data = inputs.map((input, index) => {
      const vector = fake.vectors.get(input) ?? fakeEmbedding(input);
      const embedding = body.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    });
    // Out of order on purpose: clients must place each vector by its `index`.
    return { object: 'list', model: body.model, data: data.reverse(), usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } };
  });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  fake.baseUrl = `${address}/v1`;
  return fake;
}
