/**
 * The fault injectors of `bench/faults.ts`: a fake OpenAI-compatible endpoint whose behaviour (answer, hang,
 * fail) the scenario sets per request, and a proxy in front of the sandbox Graph API that fails the first sends
 * the way Meta does (613 rate limits, 5xx before or after delivery). Loopback only.
 */
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from './support.ts';

/** What the fake model answers, in pieces. */
export const ANSWER = 'Dạ, bánh mì thịt nướng giá 25.000đ một ổ ạ.';

// ─── a fake OpenAI-compatible endpoint (node:http) whose behaviour the scenario sets per request ───

export type LlmMode = 'ok' | 'hang' | 'error';
export interface FakeLlm {
  baseUrl: string;
  /** Decides each chat completion as it arrives. */
  mode: () => LlmMode;
  /** Between two streamed pieces (a model takes time). */
  pieceDelayMs: number;
  counts: Record<LlmMode, number>;
  /** Hung requests the client gave up on (the server's timeout), and how long each had waited. */
  hangsCut: number[];
  close(): Promise<void>;
}

const sse = (body: object) => `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model: 'bench-model', ...body })}\n\n`;

export async function startFakeLlm(): Promise<FakeLlm> {
  const open = new Set<ServerResponse>();
  const llm: FakeLlm = { baseUrl: '', mode: () => 'ok', pieceDelayMs: 0, counts: { ok: 0, hang: 0, error: 0 }, hangsCut: [], close: async () => undefined };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const mode = llm.mode();
      llm.counts[mode] += 1;
      if (mode === 'hang') {
        const since = performance.now();
        open.add(res);
        res.on('close', () => {
          open.delete(res);
          llm.hangsCut.push(performance.now() - since);
        });
        return; // never answers
      }
      if (mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"The server had an error while processing your request.","type":"server_error"}}');
        return;
      }
      void (async () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const piece of ANSWER.match(/.{1,16}/gu) ?? [ANSWER]) {
          res.write(sse({ choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] }));
          if (llm.pieceDelayMs > 0) await sleep(llm.pieceDelayMs);
        }
        res.write(sse({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
        res.write(sse({ choices: [], usage: { prompt_tokens: 420, completion_tokens: 30, total_tokens: 450 } }));
        res.end('data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  llm.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  llm.close = () => closeServer(server, open);
  return llm;
}

function closeServer(server: Server, open: Set<ServerResponse> = new Set()): Promise<void> {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

// ─── a Graph proxy: forwards to the API's sandbox, fails the first K Send API calls ───

export type GraphFault = '613 rate limit (not delivered)' | 'HTTP 500 code 2 (not delivered)' | 'HTTP 503 after delivery (outcome lost)';
const GRAPH_FAULTS: GraphFault[] = ['613 rate limit (not delivered)', 'HTTP 500 code 2 (not delivered)', 'HTTP 503 after delivery (outcome lost)'];
export interface GraphProxy {
  url: string;
  sendCalls: number;
  injected: Map<GraphFault, number>;
  forwarded: number;
  close(): Promise<void>;
}

/** Meta's error bodies (docs/meta-and-payos.md §2: 4 / 17 / 32 / 613 rate limits; code 1/2 with is_transient on its own failures). */
const graphError = (code: number, message: string) =>
  JSON.stringify({ error: { message, type: 'OAuthException', code, ...(code === 2 ? { is_transient: true } : {}), fbtrace_id: `A${randomBytes(8).toString('hex')}` } });

export async function startGraphProxy(target: string, failures: number, faults: GraphFault[] = GRAPH_FAULTS): Promise<GraphProxy> {
  const proxy: GraphProxy = { url: '', sendCalls: 0, injected: new Map(), forwarded: 0, close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isSend = req.method === 'POST' && /\/messages(\?|$)/.test(req.url ?? '');
      let fault: GraphFault | undefined;
      if (isSend) {
        proxy.sendCalls += 1;
        if (proxy.sendCalls <= failures) fault = faults[(proxy.sendCalls - 1) % faults.length];
      }
      if (fault) proxy.injected.set(fault, (proxy.injected.get(fault) ?? 0) + 1);
      if (fault === '613 rate limit (not delivered)') {
        res.writeHead(400, { 'content-type': 'application/json' }).end(graphError(613, '(#613) Calls to this api have exceeded the rate limit.'));
        return;
      }
      if (fault === 'HTTP 500 code 2 (not delivered)') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(graphError(2, 'An unexpected error has occurred. Please retry your request later.'));
        return;
      }
      proxy.forwarded += 1;
      const upstream = httpRequest(`${target}${req.url ?? '/'}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          if (fault) {
            // Delivered by the sandbox, but the caller hears a gateway failure: it cannot know the answer went out.
            res.writeHead(503, { 'content-type': 'application/json' }).end(graphError(2, 'Service temporarily unavailable'));
            return;
          }
          res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' }).end(Buffer.concat(parts));
        });
      });
      upstream.on('error', () => res.writeHead(502, { 'content-type': 'application/json' }).end(graphError(2, 'proxy: upstream unreachable')));
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => closeServer(server);
  return proxy;
}
