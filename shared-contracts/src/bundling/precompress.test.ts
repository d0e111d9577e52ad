import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressTree } from './precompress';

describe('precompressTree', () => {
  it('writes brotli and gzip copies beside content-hashed text files only, each decompressing to the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pagemate-precompress-'));
    mkdirSync(join(dir, 'static', 'js', 'async'), { recursive: true });
    mkdirSync(join(dir, 'static', 'css'), { recursive: true });
    const script = 'export const shop = "Shop Hoa";\n'.repeat(500);
    const files = {
      script: join(dir, 'static', 'js', 'async', 'p1.286ef84b5d.js'),
      style: join(dir, 'static', 'css', 'w.b01372fce6.css'),
      html: join(dir, 'index.html'),
      manifest: join(dir, 'mf-manifest.json'),
      licence: join(dir, 'static', 'js', 'async', 'p1.286ef84b5d.js.LICENSE.txt'),
      image: join(dir, 'static', 'logo.0123456789.png'),
    };
    writeFileSync(files.script, script);
    writeFileSync(files.style, '.pm-card{color:red}'.repeat(100));
    for (const path of [files.html, files.manifest, files.licence, files.image]) writeFileSync(path, 'not hashed text');

    expect(await precompressTree(dir)).toBe(2);

    for (const path of [files.script, files.style]) {
      const raw = readFileSync(path);
      expect(brotliDecompressSync(readFileSync(`${path}.br`))).toEqual(raw);
      expect(gunzipSync(readFileSync(`${path}.gz`))).toEqual(raw);
      expect(readFileSync(`${path}.br`).length).toBeLessThan(raw.length);
    }
    // HTML and JSON change with each deploy (and may be rewritten at start); licences and images are left alone.
    for (const path of [files.html, files.manifest, files.licence, files.image]) {
      expect(existsSync(`${path}.br`)).toBe(false);
      expect(existsSync(`${path}.gz`)).toBe(false);
    }
  });
});
