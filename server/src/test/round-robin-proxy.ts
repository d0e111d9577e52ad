import { createServer, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A test-only request header naming the upstream (its index) that must serve this request, for a test that
 * needs "the same delivery once to each instance". The proxy strips it before forwarding.
 */
export const UPSTREAM_HEADER = 'x-test-upstream';

/** Hop-by-hop headers a proxy does not pass on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

export interface ProxiedRequest {
  /** Index in `upstreams` of the instance that served it. */
  upstream: number;
  method: string;
  path: string;
  /** The upstream's status, or 502 when it could not be reached. */
  status: number;
}

export interface RoundRobinProxy {
  /** Where clients connect, e.g. http://127.0.0.1:40123 (use it as PUBLIC_API_URL). */
  url: string;
  /** Base URLs of the instances behind it; may be set after start (the instances need `url` to boot). */
  upstreams: string[];
  /** Every request forwarded, in the order they arrived. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * The simplest load balancer in front of several app instances on 127.0.0.1: each request goes to the next
 * upstream in turn (round robin, no stickiness, no health checks), as nginx's default `upstream` does. Like a
 * reverse proxy it appends the client's address (its socket's) to X-Forwarded-For — after whatever the client
 * sent there — and sets X-Forwarded-Proto/-Host, so an app with TRUST_PROXY sees the client. A test picks its
 * client address by connecting from one of the loopback addresses (127.x.y.z, see `httpInject`).
 * Bodies and answers are streamed, so uploads and event streams pass through unchanged.
 */
export async function startRoundRobinProxy(upstreams: string[] = []): Promise<RoundRobinProxy> {
  const requests: ProxiedRequest[] = [];
  let next = 0;

  const server = createServer((request, response) => {
    if (proxy.upstreams.length === 0) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('no upstream');
      return;
    }
    const pinned = request.headers[UPSTREAM_HEADER];
    const index = pinned === undefined ? next++ % proxy.upstreams.length : Number(pinned);
    const base = proxy.upstreams[index];
    if (base === undefined) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(`no upstream ${String(pinned)}`);
      return;
    }
    const entry: ProxiedRequest = { upstream: index, method: request.method ?? 'GET', path: request.url ?? '/', status: 0 };
    requests.push(entry);

    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_BY_HOP.has(name) && name !== UPSTREAM_HEADER) headers[name] = value;
    }
    const client = request.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = request.headers['x-forwarded-for'] ? `${String(request.headers['x-forwarded-for'])}, ${client}` : client;
    headers['x-forwarded-proto'] ??= 'http';
    headers['x-forwarded-host'] ??= request.headers.host;

    const target = new URL(request.url ?? '/', base);
    const forwarded = httpRequest(
      { hostname: target.hostname, port: target.port, method: request.method, path: `${target.pathname}${target.search}`, headers },
      (answer) => {
        entry.status = answer.statusCode ?? 0;
        const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      entry.status = 502;
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      else response.destroy();
    });
    request.pipe(forwarded);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: RoundRobinProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstreams,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return proxy;
}
