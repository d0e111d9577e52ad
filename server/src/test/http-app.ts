import { request as httpRequest } from 'node:http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helper.js';
import { UPSTREAM_HEADER } from './round-robin-proxy.js';

type Cookie = LightMyRequestResponse['cookies'][number];

/** One Set-Cookie header as light-my-request reports it (name, value and the attributes the tests read). */
function parseSetCookie(header: string): Cookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const equals = pair.indexOf('=');
  const cookie: Cookie = { name: pair.slice(0, equals), value: decodeURIComponent(pair.slice(equals + 1)) };
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const value = rest.join('=');
    switch (key.toLowerCase()) {
      case 'path':
        cookie.path = value;
        break;
      case 'domain':
        cookie.domain = value;
        break;
      case 'max-age':
        cookie.maxAge = Number(value);
        break;
      case 'expires':
        cookie.expires = new Date(value);
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      case 'samesite':
        cookie.sameSite = value;
        break;
      default:
    }
  }
  return cookie;
}

export interface HttpInjectOptions {
  /** Send every request to this upstream of the balancer (its index) instead of the next in turn. */
  upstream?: number;
}

/**
 * `inject` over real HTTP: the same options and answer shape as Fastify's `inject`, sent to `baseUrl` (a load
 * balancer, or one instance) over a socket. A `remoteAddress` must be a loopback address (127.x.y.z): the
 * socket is bound to it, so it is the client address the balancer sees and passes on in X-Forwarded-For.
 */
export function httpInject(baseUrl: string, options: HttpInjectOptions = {}) {
  return (inject: InjectOptions): Promise<LightMyRequestResponse> => {
    if (typeof inject.url !== 'string') throw new TypeError('httpInject: url must be a string');
    const url = new URL(inject.url, baseUrl);
    for (const [name, value] of Object.entries((inject.query ?? {}) as Record<string, string>)) url.searchParams.set(name, value);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(inject.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = String(value);
    let body: Buffer | undefined;
    const payload = inject.payload ?? inject.body;
    if (Buffer.isBuffer(payload)) body = payload;
    else if (typeof payload === 'string') body = Buffer.from(payload);
    else if (payload !== undefined && payload !== null) {
      body = Buffer.from(JSON.stringify(payload));
      headers['content-type'] ??= 'application/json';
    }
    if (body) headers['content-length'] = String(body.length);
    if (inject.cookies) {
      const pairs = Array.isArray(inject.cookies)
        ? inject.cookies.map((cookie) => [cookie.name, cookie.value] as const)
        : Object.entries(inject.cookies).map(([name, value]) => [name, typeof value === 'string' ? value : String(value.value)] as const);
      headers.cookie = pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
    }
    const localAddress = inject.remoteAddress;
    if (localAddress !== undefined && !/^127\.\d+\.\d+\.\d+$/.test(localAddress)) throw new TypeError(`httpInject: remoteAddress ${localAddress} is not a loopback address`);
    if (options.upstream !== undefined) headers[UPSTREAM_HEADER] = String(options.upstream);

    return new Promise((resolve, reject) => {
      const request = httpRequest(url, { method: inject.method ?? 'GET', headers, ...(localAddress ? { localAddress } : {}) }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          const text = rawPayload.toString('utf8');
          const setCookies = response.headers['set-cookie'] ?? [];
          resolve({
            raw: { res: response, req: request },
            rawPayload,
            headers: response.headers,
            statusCode: response.statusCode ?? 0,
            statusMessage: response.statusMessage ?? '',
            trailers: response.trailers as Record<string, string>,
            payload: text,
            body: text,
            json: () => JSON.parse(text),
            stream: () => {
              throw new Error('httpInject: stream() is not supported');
            },
            cookies: setCookies.map(parseSetCookie),
            isLightMyRequest: true,
          } as unknown as LightMyRequestResponse);
        });
      });
      request.on('error', reject);
      request.end(body);
    });
  };
}

/**
 * A `TestApp` whose `app.inject` goes over HTTP to `baseUrl` (see `httpInject`) and whose every other member
 * (`app.db`, `app.meta`, …) is `local`'s; `logs` are every instance's. The existing helpers (`registerAccount`,
 * `signedInUser`, `connectThroughSandbox`, …) then drive a deployment through its load balancer unchanged.
 */
export function overHttp(baseUrl: string, local: TestApp, instances: TestApp[], options: HttpInjectOptions = {}): TestApp {
  const inject = httpInject(baseUrl, options);
  const app = new Proxy(local.app, {
    get: (target, property) => (property === 'inject' ? inject : Reflect.get(target, property, target)),
  }) as FastifyInstance;
  return {
    app,
    get logs() {
      return instances.flatMap((instance) => instance.logs);
    },
    close: async () => undefined,
  };
}
