import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import type { DocumentKind } from './document-kind.ts';
import { buildDocx, buildWorkbook } from './fixtures/builders.ts';
import { inspectUpload } from './inspect.ts';
import { parseDocument, ParseError, prewarmParser, stopSpareParser } from './parse.ts';
import { parseBytes } from './parsers/index.ts';

const docx = buildDocx({
  paragraphs: [
    { text: 'Bảng giá mùa hè', heading: 1 },
    { text: 'Giá bán áo thun là 150.000 đồng.' },
    { text: 'Giao hàng', heading: 2 },
    { text: 'Miễn phí giao hàng trong nội thành.' },
  ],
});
const sheets = [{ name: 'Bảng giá', rows: [['Sản phẩm', 'Giá bán'], ['Áo thun', 150000], ['Quần jean', '350.000']] }];

/** One upload per allowed format, and a phrase of its content that the parsed text must contain. */
const uploads: { name: string; bytes: () => Promise<Buffer> | Buffer; expected: string }[] = [
  { name: 'gia.docx', bytes: () => docx, expected: 'Giá bán áo thun là 150.000 đồng.' },
  { name: 'sample.doc', bytes: () => readFile(new URL('./fixtures/word97-sample.doc', import.meta.url)), expected: 'This is a test for parsing the Word file in node.' },
  { name: 'gia.xlsx', bytes: () => buildWorkbook(sheets, 'xlsx'), expected: 'Quần jean | 350.000' },
  { name: 'gia.xls', bytes: () => buildWorkbook(sheets, 'biff8'), expected: 'Áo thun | 150000' },
  { name: 'gia.csv', bytes: () => Buffer.from('Sản phẩm;Giá bán\n"Áo; thun";150.000\n'), expected: 'Áo; thun | 150.000' },
  { name: 'page.html', bytes: () => Buffer.from('<h1>Chính sách</h1><p>Đổi trả trong <a href="https://x.test">7 ngày</a>.</p><script>alert(1)</script><img src="a.png" alt="ảnh">'), expected: 'Đổi trả trong 7 ngày.' },
  { name: 'faq.md', bytes: () => Buffer.from('# Hỏi đáp\n\nCửa hàng mở cửa lúc 8 giờ.\n'), expected: 'Cửa hàng mở cửa lúc 8 giờ.' },
  { name: 'notes.txt', bytes: () => Buffer.from('Ghi chú: khách quen được giảm 10%.'), expected: 'khách quen được giảm 10%' },
  { name: 'notes.text', bytes: () => Buffer.from('Plain text file.'), expected: 'Plain text file.' },
  { name: 'app.log', bytes: () => Buffer.from('2024-01-01 INFO order 42 shipped\n'), expected: 'order 42 shipped' },
  { name: 'price.py', bytes: () => Buffer.from('def price(item):\n    return item.base * 1.1\n'), expected: 'return item.base * 1.1' },
  { name: 'Main.java', bytes: () => Buffer.from('class Main { int total() { return 42; } }\n'), expected: 'return 42;' },
];

describe('parseDocument', () => {
  it.concurrent.each(uploads)('parses $name in a worker and finds its text', async ({ name, bytes, expected }) => {
    const content = await bytes();
    const inspected = await inspectUpload(name, content);
    if (!inspected.ok) throw new Error(`${name} refused: ${inspected.detail}`);
    const parsed = await parseDocument(inspected.kind, content);
    expect(parsed.text).toContain(expected);
    expect(parsed.sections.map((section) => section.text).join('\n')).toContain(expected.split(' | ')[0]);
  });

  it('keeps document structure in sections and locators', async () => {
    const word = await parseDocument('docx', docx);
    expect(word.language).toBe('vi');
    expect(word.sections).toMatchObject([
      { title: 'Bảng giá mùa hè', locator: 'paragraph 2' },
      { title: 'Giao hàng', locator: 'paragraph 4' },
    ]);
    const sheet = await parseDocument('xlsx', buildWorkbook(sheets, 'xlsx'));
    expect(sheet.sections[0]).toMatchObject({ title: 'Sheet: Bảng giá', header: 'Sản phẩm | Giá bán', locator: "'Bảng giá'!A2:B3" });
    const code = await parseDocument('code', Buffer.from('\n\nline three\nline four\n'));
    expect(code.sections[0]).toMatchObject({ locator: 'lines 3–4', text: 'line three\nline four' });
    const html = await parseDocument('html', Buffer.from('<p>x</p><script>secretScript()</script><img alt="hidden" src="y.png">'));
    expect(html.text).not.toMatch(/secretScript|hidden|y\.png/);
  });

  it('never reads a file that a docx image links to', async () => {
    const marker = `MARKER-${process.pid}-${Date.now()}`;
    const linked = path.join(tmpdir(), `pagemate-external-${process.pid}.txt`);
    await writeFile(linked, marker);
    try {
      const hostile = buildDocx({ paragraphs: [{ text: 'Ordinary text' }], externalImageTarget: pathToFileURL(linked).href });
      // Control: with external access on, mammoth would hand the linked file's bytes to an image converter.
      const readImage = mammoth.images.imgElement(async (image) => ({ src: (await image.read()).toString('utf8') }));
      const leaked = await mammoth.convertToHtml({ buffer: hostile }, { externalFileAccess: true, convertImage: readImage });
      expect(leaked.value).toContain(marker);
      // The same converter with the option our parser sets is refused the file.
      const blocked = await mammoth.convertToHtml({ buffer: hostile }, { externalFileAccess: false, convertImage: readImage });
      expect(blocked.value).not.toContain(marker);
      expect(blocked.messages.map((message) => message.message).join()).toMatch(/external file access is disabled/);

      const parsed = await parseDocument('docx', hostile);
      expect(parsed.text).toContain('Ordinary text');
      expect(JSON.stringify(parsed)).not.toContain(marker);
    } finally {
      await rm(linked, { force: true });
    }
  });

  it('reads a workbook with a __proto__ sheet and cell without polluting Object.prototype', async () => {
    const hostile = buildWorkbook(
      [
        { name: '__proto__', rows: [['__proto__', 'constructor'], ['polluted', 'yes']] },
        { name: 'toString', rows: [['hasOwnProperty'], ['ok']] },
      ],
      'xlsx',
    );
    // In this thread first: the parser itself must be safe, not only its worker's isolation.
    const inThread = await parseBytes('xlsx', hostile);
    const viaWorker = await parseDocument('xlsx', hostile);
    for (const parsed of [inThread, viaWorker]) {
      expect(parsed.sections.map((section) => section.title)).toEqual(['Sheet: __proto__', 'Sheet: toString']);
      expect(parsed.text).toContain('polluted | yes');
    }
    const probe: Record<string, unknown> = {};
    expect(probe.polluted).toBeUndefined();
    expect(Object.prototype.toString.call(probe)).toBe('[object Object]');
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('a worker started ahead of its job parses once, then another waits for the next job', async () => {
    prewarmParser();
    try {
      const [first, second] = [await parseDocument('docx', docx), await parseDocument('xlsx', buildWorkbook(sheets, 'xlsx'))];
      expect(first.sections.map((section) => section.title)).toEqual(['Bảng giá mùa hè', 'Giao hàng']);
      expect(second.text).toContain('Quần jean | 350.000');
      // A corrupt file in the waiting worker is a corrupt file, as in a fresh one.
      await expect(parseDocument('docx', Buffer.from('PK not a zip'))).rejects.toMatchObject({ code: 'corrupt' });
      expect((await parseDocument('markdown', Buffer.from('# A\n\nB'))).text).toContain('B');
    } finally {
      await stopSpareParser();
    }
  });

  it('terminates a parse that runs out of time', async () => {
    const started = performance.now();
    const outcome = parseDocument('xlsx', buildWorkbook(sheets, 'xlsx'), { timeoutMs: 5 });
    await expect(outcome).rejects.toMatchObject({ name: 'ParseError', code: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('stops a parse that exceeds its memory limit', async () => {
    const rows: string[][] = [['a', 'b']];
    for (let i = 0; i < 30_000; i += 1) rows.push([`row ${i} ${'x'.repeat(20)}`, `value ${i}`]);
    const outcome = parseDocument('xlsx', buildWorkbook([{ name: 'Big', rows }], 'xlsx'), { maxMemoryMb: 16 });
    await expect(outcome).rejects.toMatchObject({ code: 'memory' });
  });

  it('reports a corrupt file as corrupt', async () => {
    const broken = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 0xff)]);
    const kinds: DocumentKind[] = ['doc', 'docx'];
    for (const kind of kinds) {
      const error: unknown = await parseDocument(kind, broken).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ParseError);
      expect(error).toMatchObject({ code: 'corrupt' });
    }
  });
});
