#!/usr/bin/env node
/**
 * A plain static file server, the stand-in for any CDN or static host: no rewrite rules, `dir/index.html`
 * for directory paths, `404.html` (status 404) for the rest. Runtime files and HTML are never cached;
 * content-hashed chunks are immutable. Text is sent compressed (brotli or gzip, as the browser accepts), as
 * any CDN does: from the build's own compressed copy beside a content-hashed file (`name.br`, `name.gz`, written by the build at
 * a quality too slow for a request) when there is one, compressed here once otherwise. CORS is open so the shell's origin can fetch remote manifests. Every response carries the
 * security headers of `security-headers.mjs`; a request target that is not a path answers 400.
 *
 * Usage: node scripts/serve-static.mjs <dir> <port> [host]
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { securityHeadersFor } from './security-headers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Cache policy of docs/architecture.md §2: manifests, runtime config and HTML revalidate; hashed chunks never change. */
export function cacheControlFor(pathname) {
  if (/\.(html|json)$/.test(pathname) || pathname.endsWith('/')) return 'no-cache';
  if (/\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp)$/.test(pathname)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);
/** Compressed bodies by file, encoding and modification time: each file is compressed once. */
const compressed = new Map();

/** The encoding to send `file` in for this request's Accept-Encoding: br, gzip or none (null). */
export function encodingFor(file, acceptEncoding = '') {
  if (!COMPRESSIBLE.has(extname(file))) return null;
  const accepted = acceptEncoding.split(',').map((part) => part.trim().split(';')[0]);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

const SUFFIX = { br: '.br', gzip: '.gz' };
/** Names that carry their content's hash: what is under such a name never changes, nor does its compressed copy. */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

/**
 * The build's compressed copy of `file` in `encoding` (its path and size) when `file` is named by its content hash
 * and the copy is there; else null. As nginx's `gzip_static`, the copy's date is not compared with the file's: a
 * copied build folder does not keep the order of its files' dates, and a hashed name never gets other content.
 */
export function precompressedCopy(file, encoding) {
  if (!CONTENT_HASHED.test(file)) return null;
  try {
    const copy = `${file}${SUFFIX[encoding]}`;
    return { path: copy, size: statSync(copy).size };
  } catch {
    return null;
  }
}

function compressedBody(file, encoding) {
  const { mtimeMs } = statSync(file);
  const key = `${encoding}:${file}`;
  const cached = compressed.get(key);
  if (cached?.mtimeMs === mtimeMs) return cached.body;
  const raw = readFileSync(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipSync(raw, { level: 9 });
  compressed.set(key, { mtimeMs, body });
  return body;
}

/** The decoded path of a request target; undefined when it is not one (bad percent-encoding, a NUL). */
export function requestPath(url) {
  const raw = url.split('?')[0] ?? '';
  if (!raw.startsWith('/')) return undefined;
  let decoded;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return decoded.includes('\0') ? undefined : decoded;
}

/** The file a decoded path names under `root`, or null (outside root, missing, a folder without index.html). */
function fileFor(root, decoded) {
  const candidate = resolve(root, normalize(`.${decoded}`));
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  try {
    const stat = statSync(candidate);
    if (stat.isDirectory()) {
      const index = join(candidate, 'index.html');
      return statSync(index).isFile() ? index : null;
    }
    return stat.isFile() ? candidate : null;
  } catch {
    return null;
  }
}

export function serveStatic(dir, port, host = '127.0.0.1') {
  const root = resolve(dir);
  const securityHeaders = securityHeadersFor(root);
  const plain = (res, status, text) => res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end(text);

  function respond(req, res) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const urlPath = requestPath(req.url ?? '/');
    if (urlPath === undefined) {
      plain(res, 400, 'Bad request');
      return;
    }
    let file = fileFor(root, urlPath);
    let status = 200;
    if (!file) {
      status = 404;
      file = fileFor(root, '/404.html');
      if (!file) {
        plain(res, 404, 'Not found');
        return;
      }
    }
    const headers = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': status === 200 ? cacheControlFor(urlPath) : 'no-cache',
    };
    const encoding = encodingFor(file, req.headers['accept-encoding']);
    const copy = encoding ? precompressedCopy(file, encoding) : null;
    if (copy) {
      res.writeHead(status, { ...headers, 'Content-Encoding': encoding, 'Content-Length': copy.size, Vary: 'Accept-Encoding' });
      if (req.method === 'HEAD') res.end();
      else createReadStream(copy.path).on('error', () => res.destroy()).pipe(res);
      return;
    }
    if (encoding) {
      const body = compressedBody(file, encoding);
      res.writeHead(status, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length, Vary: 'Accept-Encoding' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(status, COMPRESSIBLE.has(extname(file)) ? { ...headers, Vary: 'Accept-Encoding' } : headers);
    if (req.method === 'HEAD') res.end();
    // A file removed while it is sent (a redeploy) ends the response; it never stops the server.
    else createReadStream(file).on('error', () => res.destroy()).pipe(res);
  }

  const server = createServer((req, res) => {
    try {
      respond(req, res);
    } catch (error) {
      // A file replaced between its stat and its read, and anything else unforeseen: this request fails alone.
      console.error(`serve-static: ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (res.headersSent) res.destroy();
      else plain(res, 500, 'Internal error');
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, port, host] = process.argv.slice(2);
  if (!dir || !port) {
    console.error('usage: serve-static.mjs <dir> <port> [host]');
    process.exit(2);
  }
  await serveStatic(dir, Number(port), host);
  console.log(`serving ${resolve(dir)} on http://${host ?? '127.0.0.1'}:${port}`);
}
