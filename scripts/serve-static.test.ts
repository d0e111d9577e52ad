import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { serveStatic } from './serve-static.mjs';

const SCRIPT = 'console.log("PageMate");'.repeat(200);

/** The status line's code for a request line sent as is (no client normalises or refuses it first). */
function rawStatus(port: number, target: string): Promise<number> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    let head = '';
    socket.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')));
    socket.on('end', () => done(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)));
    socket.on('error', fail);
  });
}

describe('serve-static', () => {
  let server: Server;
  let base: string;

  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pagemate-static-'));
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

  it('sends the build’s compressed copy of a content-hashed file when there is one, compresses other files itself', async () => {
    // The copies hold other text than the file, so the answer tells which was sent; their dates may be older than
    // the file's, as in a build folder copied without them.
    const file = join(dir, 'built.0123456789abcdef.js');
    writeFileSync(`${file}.br`, brotliCompressSync('from the build’s copy'));
    writeFileSync(`${file}.gz`, gzipSync('from the build’s gzip copy'));
    writeFileSync(file, SCRIPT);
    const past = new Date(Date.now() - 60_000);
    utimesSync(`${file}.br`, past, past);
    const br = await get('/built.0123456789abcdef.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe('from the build’s copy');
    expect(gunzipSync((await get('/built.0123456789abcdef.js', 'gzip')).body).toString()).toBe('from the build’s gzip copy');
    expect((await get('/built.0123456789abcdef.js', 'identity')).body.toString()).toBe(SCRIPT);

    // A name without a content hash can change its content under it: a copy beside it is never trusted.
    writeFileSync(join(dir, 'remotes.json'), '{"remotes":[]}');
    writeFileSync(join(dir, 'remotes.json.br'), brotliCompressSync('{"remotes":"stale"}'));
    expect(brotliDecompressSync((await get('/remotes.json', 'br')).body).toString()).toBe('{"remotes":[]}');
  });

  it('keeps the cache policy: hashed chunks immutable, HTML revalidated', async () => {
    expect((await get('/app.0123456789abcdef.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('does not compress images', async () => {
    expect((await get('/logo.png', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('answers odd request targets with 400 or 404 and keeps serving: bad percent-encoding, NUL, .., encoded slashes, overlong', async () => {
    const port = (server.address() as AddressInfo).port;
    const cases: [string, number][] = [
      ['/%E0%A4%A', 400],
      ['/%', 400],
      ['/%ZZ', 400],
      ['/index.html%00.js', 400],
      ['/%00', 400],
      ['http://localhost/index.html', 400],
      ['/../../../../etc/passwd', 404],
      ['/%2e%2e/%2e%2e/%2e%2e/etc/passwd', 404],
      ['/..%2f..%2f..%2fetc%2fpasswd', 404],
      ['/%2F%2Fetc%2Fpasswd', 404],
      ['/..\\..\\etc\\passwd', 404],
      [`/${'a'.repeat(300)}`, 404],
      [`/${'a/'.repeat(3000)}`, 404],
      [`/${'%E0%A4%A'.repeat(1000)}`, 400],
      [`/${'a'.repeat(20_000)}`, 431],
    ];
    for (const [target, status] of cases) expect([target.slice(0, 40), await rawStatus(port, target)]).toEqual([target.slice(0, 40), status]);
    // A NUL byte written as is: Node's parser refuses the request line.
    expect(await rawStatus(port, '/index.html\0')).toBe(400);
    expect((await get('/', 'identity')).body.toString()).toContain('PageMate');
  });

  it("a remote's responses, 404s and 400s included, carry its security headers", async () => {
    for (const path of ['/app.0123456789abcdef.js', '/missing', '/%E0%A4%A']) {
      const { headers } = await get(path, 'identity');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['access-control-allow-origin']).toBe('*');
    }
  });
});

describe('serve-static, a shell folder', () => {
  let server: Server;
  let base: string;
  let dir: string;

  const writeRemotes = (origins: string[], mtime: number) => {
    const file = join(dir, 'remotes.json');
    writeFileSync(file, JSON.stringify({ remotes: origins.map((origin, i) => ({ name: `mf_${i}`, entry: `${origin}/mf-manifest.json`, audience: ['user'] })) }));
    utimesSync(file, mtime, mtime);
  };
  const csp = async (path = '/') => {
    const response = await fetch(`${base}${path}`);
    return response.headers.get('content-security-policy') ?? '';
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pagemate-shell-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>PageMate</title>');
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ apiBaseUrl: 'https://api.shop.example/', facebookAppId: '', remotesUrl: '/remotes.json' }));
    writeRemotes(['https://balance.shop.example'], 1_000);
    server = (await serveStatic(dir, 0)) as Server;
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('sends a Content-Security-Policy built from config.json and remotes.json, on pages and 404s alike', async () => {
    for (const path of ['/', '/missing/page']) {
      const policy = await csp(path);
      expect(policy).toContain("script-src 'self' https://balance.shop.example;");
      expect(policy).toContain('connect-src \'self\' https://api.shop.example https://balance.shop.example;');
      expect(policy).toContain("frame-ancestors 'none'");
    }
    const response = await fetch(`${base}/`);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('follows remotes.json when it is edited after deploying', async () => {
    writeRemotes(['https://balance.shop.example', 'https://crm.cdn.example'], 2_000);
    expect(await csp()).toContain("script-src 'self' https://balance.shop.example https://crm.cdn.example;");
  });
});
