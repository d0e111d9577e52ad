import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { censorSecrets, linesPerTurn, loggerOptions, logOnCompletion, OneLinePerRequest, requestIdFor } from './logging.js';

describe('logger', () => {
  it('writes JSON lines with credentials censored', () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions(loadConfig({ LOG_LEVEL: 'info' }), { write: (line) => void lines.push(line) }) });
    // What a handler that logs `request.headers` writes; Fastify's own request lines carry no headers.
    app.log.info({ headers: { authorization: 'Bearer abc.def', cookie: 'refresh=xyz', 'user-agent': 'UA' } }, 'probe');
    app.log.info({ user: { password: 'hunter2', name: 'an' } }, 'probe');

    const [request, user] = lines.map((line) => JSON.parse(line) as Record<string, never>);
    expect(request).toMatchObject({ msg: 'probe', headers: { authorization: '[Redacted]', cookie: '[Redacted]', 'user-agent': 'UA' } });
    expect(user).toMatchObject({ user: { password: '[Redacted]', name: 'an' } });
    expect(lines.join('')).not.toMatch(/abc\.def|refresh=xyz|hunter2/);
  });
});

describe('linesPerTurn', () => {
  /** After the callbacks already queued for the loop's check phase, the destination's own write among them. */
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("writes a turn's lines in one call after it, in order, each line whole, and nothing twice", async () => {
    const chunks: string[] = [];
    const destination = linesPerTurn({ write: (chunk) => chunks.push(chunk) });
    destination.write('{"n":1}\n');
    destination.write('{"n":2}\n');
    expect(chunks).toEqual([]);
    await nextTurn();
    expect(chunks).toEqual(['{"n":1}\n{"n":2}\n']);
    destination.write('{"n":3}\n');
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it('writes what is waiting at once when flushed (the process exiting), and not again after', async () => {
    const chunks: string[] = [];
    const destination = linesPerTurn({ write: (chunk) => chunks.push(chunk) });
    destination.write('{"msg":"shutting down"}\n');
    destination.flush();
    expect(chunks).toEqual(['{"msg":"shutting down"}\n']);
    await nextTurn();
    expect(chunks).toEqual(['{"msg":"shutting down"}\n']);
  });

  it("carries a logger's lines whole, secrets censored", async () => {
    const chunks: string[] = [];
    const app = Fastify({ logger: loggerOptions(loadConfig({ LOG_LEVEL: 'info' }), linesPerTurn({ write: (chunk) => chunks.push(chunk) })) });
    app.log.info({ user: { password: 'hunter2' } }, 'first');
    app.log.info('second');
    await nextTurn();
    expect(chunks).toHaveLength(1);
    const lines = chunks.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.msg)).toEqual(['first', 'second']);
    expect(chunks.join('')).not.toContain('hunter2');
  });
});

describe('censorSecrets', () => {
  it("censors without touching the caller's objects, and copies only what holds a secret", () => {
    const user = { password: 'hunter2', name: 'an' };
    const error = Object.assign(new Error('sign-in failed'), { access_token: 'abc.def' });
    const plain = { count: 3 };
    const line = { user, err: error, plain, headers: { authorization: 'Bearer x', accept: '*/*' } };
    const safe = censorSecrets(line);
    expect(safe).toMatchObject({ user: { password: '[Redacted]', name: 'an' }, err: { access_token: '[Redacted]', message: 'sign-in failed' }, headers: { authorization: '[Redacted]', accept: '*/*' } });
    expect(safe.err).toBeInstanceOf(Error);
    expect(safe.plain).toBe(plain);
    expect(user.password).toBe('hunter2');
    expect(error.access_token).toBe('abc.def');
    const clean = { plain, n: 1 };
    expect(censorSecrets(clean)).toBe(clean);
  });

  it("a request's own line carries none of its credentials", async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions(loadConfig({ LOG_LEVEL: 'info' }), { write: (line) => void lines.push(line) }), logController: new OneLinePerRequest() });
    app.get('/x', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/x', headers: { authorization: 'Bearer abc.def', cookie: 'refresh=xyz' } });
    await app.close();
    expect(lines.some((line) => line.includes('request completed'))).toBe(true);
    expect(lines.join('')).not.toMatch(/abc\.def|refresh=xyz/);
  });
});

describe('OneLinePerRequest', () => {
  it('logs a request once, when answered, with its method, URL, status, time and what the route added; a failure at error level', async () => {
    const lines: Record<string, never>[] = [];
    const app = Fastify({
      logger: loggerOptions(loadConfig({ LOG_LEVEL: 'info' }), { write: (line) => void lines.push(JSON.parse(line) as Record<string, never>) }),
      logController: new OneLinePerRequest(),
    });
    app.get('/ok', async (request) => {
      logOnCompletion(request, { delivery: { events: 2, queued: 1 } });
      return { ok: true };
    });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    await app.inject({ method: 'GET', url: '/ok?page=2' });
    expect(lines.filter((line) => line.reqId !== undefined).map((line) => line.msg)).toEqual(['request completed']);
    expect(lines.at(-1)).toMatchObject({ level: 30, req: { method: 'GET', url: '/ok?page=2' }, res: { statusCode: 200 }, responseTime: expect.any(Number), delivery: { events: 2, queued: 1 } });

    lines.length = 0;
    await app.inject({ method: 'GET', url: '/boom' });
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    expect(lines.at(-1)).toMatchObject({ msg: 'request completed', req: { url: '/boom' }, res: { statusCode: 500 } });
    expect(lines.some((line) => line.level === 50 && (line.err as { message?: string } | undefined)?.message === 'boom')).toBe(true);
    await app.close();
  });
});

describe('requestIdFor', () => {
  const withHeader = (value?: string) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as never;

  it('keeps a plain id from the caller and generates one otherwise', () => {
    expect(requestIdFor(withHeader('lb-1234.abc'))).toBe('lb-1234.abc');
    expect(requestIdFor(withHeader())).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('replaces an id that could forge log lines or bloat them', () => {
    expect(requestIdFor(withHeader('a\nfake log line'))).not.toContain('fake');
    expect(requestIdFor(withHeader('x'.repeat(500)))).toHaveLength(36);
  });
});
