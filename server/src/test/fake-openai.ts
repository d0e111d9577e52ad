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
  close(): Promise<void>;
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

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  fake.baseUrl = `${address}/v1`;
  return fake;
}
