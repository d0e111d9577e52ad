import type { RsbuildPlugin } from '@rsbuild/core';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files named by their content hash: their bytes never change under that name. */
const HASHED_TEXT = /\.[0-9a-f]{8,}\.(js|mjs|css|svg)$/;

/**
 * Brotli's quality for the build's copies: 10 of 11 gives nearly all of 11's gain (antd's chunk 284 KB vs 281 KB;
 * 304 KB at the 9 a server affords per request) in half its time, which a build of every app pays.
 */
const BROTLI_QUALITY = 10;

/** The encodings written beside each file, with the file name ending the static server looks for. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Writes `name.br` (brotli at quality 10) and `name.gz` (gzip level 9) beside every content-hashed text
 * file under `dir`, as nginx's `brotli_static`/`gzip_static` or a CDN's upload of precompressed assets expect. At that
 * quality brotli takes about a second for antd's chunk, too slow to run when the file is asked for, and makes the
 * app's files ≈ 5–7 % smaller than the quality a server affords per request. Runs in zlib's thread pool. Returns the
 * number of files compressed.
 */
export async function precompressTree(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && HASHED_TEXT.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipAsync(raw, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}

/** Precompresses the build's content-hashed files once everything else has changed them (compile hints). */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'pagemate:precompress',
    setup(api) {
      api.onAfterBuild({ order: 'post', handler: () => precompressTree(api.context.distPath).then(() => undefined) });
    },
  };
}
