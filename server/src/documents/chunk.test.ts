import { describe, expect, it } from 'vitest';
import { chunkDocument, splitLongText } from './chunk.ts';
import type { DocumentSection } from './parsed-document.ts';

const sentence = (i: number): string => `Câu số ${i} nói về giá bán và chính sách giao hàng của cửa hàng.`;

function paragraphSection(paragraphs: string[]): DocumentSection {
  return { title: 'Chính sách', text: paragraphs.join('\n\n'), locator: 'whole', address: { unit: 'paragraph', firstParagraph: 1 } };
}

describe('chunkDocument', () => {
  it('packs paragraphs up to the size limit, cites the paragraphs used and keeps the title', () => {
    const paragraphs = Array.from({ length: 30 }, (_, p) => [0, 1, 2, 3].map((s) => sentence(p * 4 + s)).join(' '));
    const chunks = chunkDocument({ sections: [paragraphSection(paragraphs)] });
    expect(chunks.length).toBeGreaterThan(5);
    chunks.forEach((chunk, index) => {
      expect(chunk.ordinal).toBe(index);
      expect(chunk.title).toBe('Chính sách');
      expect(chunk.text.length).toBeLessThanOrEqual(1_200);
    });
    expect(chunks[0]?.locator).toMatch(/^paragraphs 1–\d+$/);
    // Every paragraph ends up in some chunk, whole.
    for (const paragraph of paragraphs) expect(chunks.some((chunk) => chunk.text.includes(paragraph))).toBe(true);
  });

  it('starts each following chunk with about 150 characters of the previous one, from a word start', () => {
    const paragraphs = Array.from({ length: 12 }, (_, p) => [0, 1, 2, 3].map((s) => sentence(p * 4 + s)).join(' '));
    const chunks = chunkDocument({ sections: [paragraphSection(paragraphs)] });
    for (let i = 1; i < chunks.length; i += 1) {
      const [previous, current] = [chunks[i - 1]?.text ?? '', chunks[i]?.text ?? ''];
      const overlap = current.split('\n\n')[0] ?? '';
      expect(overlap.length).toBeGreaterThan(30);
      expect(overlap.length).toBeLessThanOrEqual(150);
      expect(previous.endsWith(overlap)).toBe(true);
      expect(previous.charAt(previous.length - overlap.length - 1)).toMatch(/\s/);
    }
  });

  it('cuts a paragraph longer than a chunk at sentence ends, never inside a word', () => {
    const long = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkDocument({ sections: [paragraphSection([long])] }, { maxChars: 500, overlapChars: 100 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(500);
      expect(chunk.text).toMatch(/\.$/);
      expect(long).toContain(chunk.text);
      expect(chunk.locator).toBe('paragraph 1');
    }
  });

  it('never cuts a long paragraph after an abbreviation such as "TP."', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Đơn ${i}: giao hàng toàn quốc, Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày.`).join(' ');
    for (const maxChars of [200, 260, 333, 400]) {
      const pieces = splitLongText(long, maxChars, 60);
      for (const piece of pieces) expect(piece).not.toMatch(/\bTP\.$/u);
      expect(pieces.every((piece) => piece.endsWith('ngày.'))).toBe(true);
    }
  });

  it('falls back to word boundaries when there is no sentence end', () => {
    const words = Array.from({ length: 400 }, (_, i) => `từ${i}`).join(' ');
    const pieces = splitLongText(words, 300, 50);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(300);
      expect(piece).toMatch(/^từ\d+( từ\d+)*$/);
      const first = piece.split(' ')[0] ?? '';
      expect(words.split(' ')).toContain(first);
    }
    expect(pieces.join(' ')).toContain('từ0 từ1');
    expect(pieces.at(-1)).toMatch(/từ399$/);
  });

  it('repeats the header row on every table chunk, without overlapping rows, and cites sheet ranges', () => {
    const rows = Array.from({ length: 400 }, (_, i) => `SP${i} | Sản phẩm ${i} | ${i * 1000}`);
    const section: DocumentSection = {
      title: 'Sheet: Giá',
      header: 'Mã | Tên | Giá bán',
      text: rows.join('\n'),
      locator: 'Giá!A2:C401',
      address: { unit: 'row', sheet: 'Giá', firstColumn: 'A', lastColumn: 'C', rows: rows.map((_, i) => i + 2) },
    };
    const chunks = chunkDocument({ sections: [section] });
    expect(chunks.length).toBeGreaterThan(3);
    const seen: string[] = [];
    for (const chunk of chunks) {
      const [header, ...body] = chunk.text.split('\n');
      expect(header).toBe('Mã | Tên | Giá bán');
      expect(chunk.text.length).toBeLessThanOrEqual(2_400);
      seen.push(...body);
    }
    expect(seen).toEqual(rows);
    expect(chunks[0]?.locator).toMatch(/^Giá!A2:C\d+$/);
    expect(chunks.at(-1)?.locator).toMatch(/^Giá!A\d+:C401$/);
  });

  it('fills table chunks with twice the rows a text chunk\'s length holds, text chunks keeping their length', () => {
    const rows = Array.from({ length: 400 }, (_, i) => `SP${i} | Sản phẩm ${i} | ${i * 1000}`);
    const table: DocumentSection = {
      header: 'Mã | Tên | Giá bán',
      text: rows.join('\n'),
      locator: 'rows 2–401',
      address: { unit: 'row', firstColumn: 'A', lastColumn: 'C', rows: rows.map((_, i) => i + 2) },
    };
    const tableChunks = chunkDocument({ sections: [table] });
    for (const chunk of tableChunks.slice(0, -1)) expect(chunk.text.length).toBeGreaterThan(2_300);
    const lines: DocumentSection = { text: rows.join('\n'), locator: 'lines 1–400', address: { unit: 'line', firstLine: 1 } };
    for (const chunk of chunkDocument({ sections: [lines] })) expect(chunk.text.length).toBeLessThanOrEqual(1_200);
    expect(chunkDocument({ sections: [table] }, { rowMaxChars: 1_200 }).length).toBeGreaterThan(tableChunks.length * 1.9);
  });

  it('cuts code at blank lines when it can and cites line ranges', () => {
    const functionBlock = (n: number): string => [`function f${n}() {`, ...Array.from({ length: 8 }, (_, i) => `  const v${i} = ${n} * ${i};`), '}'].join('\n');
    const code = Array.from({ length: 20 }, (_, n) => functionBlock(n)).join('\n\n');
    const chunks = chunkDocument({ sections: [{ text: code, locator: 'lines 5–', address: { unit: 'line', firstLine: 5 } }] }, { maxChars: 600, overlapChars: 0 });
    expect(chunks[0]?.locator).toMatch(/^lines 5–\d+$/);
    for (const chunk of chunks) {
      expect(chunk.text.startsWith('function')).toBe(true);
      expect(chunk.text.endsWith('}')).toBe(true);
    }
    const [first, last] = (chunks[1]?.locator.match(/\d+/g) ?? []).map(Number);
    expect(chunks[1]?.text.split('\n').length).toBe((last ?? 0) - (first ?? 0) + 1);
  });

  it('returns nothing for a document without text', () => {
    expect(chunkDocument({ sections: [] })).toEqual([]);
    expect(chunkDocument({ sections: [{ text: '\n\n  \n', locator: 'x', address: { unit: 'line', firstLine: 1 } }] })).toEqual([]);
  });
});
