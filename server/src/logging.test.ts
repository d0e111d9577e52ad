import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { loggerOptions, logOnCompletion, OneLinePerRequest, requestIdFor } from './logging.js';

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
