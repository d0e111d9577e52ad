import { UPLOAD_LIMITS } from '@pagemate/shared-contracts/contracts';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx, buildWorkbook, docxEntries, withDeclaredSize } from './fixtures/builders.ts';
import { inspectUpload } from './inspect.ts';

const docx = buildDocx({ paragraphs: [{ text: 'Xin chào' }] });
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);
const windowsExe = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]), Buffer.alloc(54)]);

describe('inspectUpload', () => {
  it('accepts every allowed format whose content matches, judging the extension case-insensitively', async () => {
    const uploads: [string, Buffer, string][] = [
      ['Báo cáo.DOCX', docx, 'docx'],
      ['bang-gia.xlsx', buildWorkbook([{ name: 'Sheet1', rows: [['a']] }], 'xlsx'), 'xlsx'],
      ['bang-gia.xls', buildWorkbook([{ name: 'Sheet1', rows: [['a']] }], 'biff8'), 'xls'],
      ['data.csv', Buffer.from('a,b\n1,2\n'), 'csv'],
      ['page.html', Buffer.from('<p>hi</p>'), 'html'],
      ['README.md', Buffer.from('# Title\n'), 'markdown'],
      ['notes.txt', Buffer.from('\uFEFFghi chú có BOM'), 'text'],
      ['server.log', Buffer.from('\u001b[32mINFO\u001b[0m started\n'), 'text'],
      ['main.go', Buffer.from('package main\n'), 'code'],
      ['utf16.text', Buffer.from('\uFEFFTiếng Việt', 'utf16le'), 'text'],
      // Only the last extension counts; the content is what decides.
      ['setup.exe.txt', Buffer.from('just text'), 'text'],
    ];
    for (const [name, bytes, kind] of uploads) {
      expect(await inspectUpload(name, bytes), name).toMatchObject({ ok: true, kind });
    }
  });

  it('refuses names outside the allow-list or carrying a path', async () => {
    for (const name of ['virus.exe', 'paper.pdf', 'noextension', '../../etc/passwd.txt', 'dir\\a.txt', 'a\u0000.txt', '.txt']) {
      expect(await inspectUpload(name, Buffer.from('text')), name).toMatchObject({ ok: false, reason: 'format' });
    }
  });

  it('refuses an empty file and one over the size limit', async () => {
    expect(await inspectUpload('a.txt', Buffer.alloc(0))).toMatchObject({ ok: false, reason: 'empty' });
    expect(await inspectUpload('a.txt', Buffer.from(' \n\t '))).toMatchObject({ ok: false, reason: 'empty' });
    const tooBig = Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1, 0x61);
    expect(await inspectUpload('a.txt', tooBig)).toMatchObject({ ok: false, reason: 'too_large' });
  });

  it('refuses renamed executables and archives, whatever text extension they wear', async () => {
    const disguised: [string, Buffer][] = [
      ['readme.txt', elf],
      ['setup.exe.txt', windowsExe],
      ['notes.md', Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34])],
      ['data.csv', docx],
      ['report.log', Buffer.from('%PDF-1.7\n% plain ascii pdf\n')],
      ['latin1.txt', Buffer.from('gi\xe1 b\xe1n', 'latin1')],
      ['nul.js', Buffer.from('let a = 1;\u0000\n')],
    ];
    for (const [name, bytes] of disguised) {
      expect(await inspectUpload(name, bytes), name).toMatchObject({ ok: false, reason: 'format' });
    }
  });

  it('refuses Office extensions whose content is something else', async () => {
    const xls = buildWorkbook([{ name: 'S', rows: [['a']] }], 'biff8');
    const notDocx = Buffer.from(zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'hello.txt': strToU8('hi') }));
    const cases: [string, Buffer][] = [
      ['a.docx', Buffer.from('plain text')],
      ['a.docx', notDocx],
      ['a.xlsx', docx],
      ['a.doc', xls],
      ['a.xls', docx],
      ['a.docx', Buffer.concat([docx.subarray(0, 200), Buffer.alloc(10)])],
    ];
    for (const [name, bytes] of cases) {
      expect(await inspectUpload(name, bytes), name).toMatchObject({ ok: false, reason: 'format' });
    }
  });

  it('refuses a zip bomb from its central directory, before unpacking it', async () => {
    // 2 MiB of one repeated byte deflates to a few KB: a ratio far above 100.
    const highRatio = buildDocx({ paragraphs: [{ text: 'x' }], extraEntries: { 'word/media/pad.bin': new Uint8Array(2 * 1024 * 1024) } });
    expect(await inspectUpload('bomb.docx', highRatio)).toMatchObject({ ok: false, reason: 'archive_too_large', detail: expect.stringMatching(/ratio/) });

    // Declares 4 GB for one entry: refused on the declared total alone.
    const declaredHuge = withDeclaredSize(docx, 'word/document.xml', 0xffff_fff0);
    expect(await inspectUpload('bomb.docx', declaredHuge)).toMatchObject({ ok: false, reason: 'archive_too_large', detail: expect.stringMatching(/unpacks to more than \d+ bytes/) });

    // Declares 100 bytes for an entry that inflates to 500 KB: caught while counting, never buffered.
    const padded = buildDocx({ paragraphs: [{ text: 'y'.repeat(500_000) }] });
    const understated = withDeclaredSize(padded, 'word/document.xml', 100);
    expect(await inspectUpload('liar.docx', understated)).toMatchObject({ ok: false, reason: 'archive_too_large', detail: expect.stringMatching(/more than it declares/) });
  });

  it('refuses an archive with too many entries', async () => {
    const entries = docxEntries({ paragraphs: [{ text: 'x' }] });
    for (let i = 0; i < UPLOAD_LIMITS.maxZipEntries; i += 1) entries[`word/media/${i}.txt`] = strToU8('.');
    const crowded = Buffer.from(zipSync(entries));
    expect(await inspectUpload('crowded.docx', crowded)).toMatchObject({ ok: false, reason: 'archive_too_many_entries' });
  });
});
