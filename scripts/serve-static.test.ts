import { mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { serveStatic } from './serve-static.mjs';

const SCRIPT = 'console.log("PageMate");'.repeat(200);

describe('serve-static', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pagemate-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>PageMate</title>');
    writeFileSync(join(dir, 'app.0123456789abcdef.js'), SCRIPT);
    writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    server = (await serveStatic(dir, 0)) as Server;
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** The raw response (fetch would decompress it). */
  const get = (path: string, acceptEncoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
      httpGet(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', fail);
    });

  it('sends scripts brotli-compressed when the browser accepts it, gzip otherwise, plain to others', async () => {
    const br = await get('/app.0123456789abcdef.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gzip = await get('/app.0123456789abcdef.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await get('/app.0123456789abcdef.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('keeps the cache policy: hashed chunks immutable, HTML revalidated', async () => {
    expect((await get('/app.0123456789abcdef.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('does not compress images', async () => {
    expect((await get('/logo.png', 'br')).headers['content-encoding']).toBeUndefined();
  });
});
