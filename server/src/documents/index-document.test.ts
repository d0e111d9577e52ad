import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk.ts';
import { buildWorkbook } from './fixtures/builders.ts';
import { ROWS_PER_PIECE } from './parsers/xlsx.ts';
import { indexDocument, type IndexedPassage, ParseError } from './parse.ts';
import { parseBytes } from './parsers/index.ts';
import { type PassageRows, PASSAGES_PER_STATEMENT } from './passage-rows.ts';
import { passageVector } from './search-vector.ts';

/** Long enough for the worker to send its passages in several batches. */
const longText = Buffer.from(
  Array.from({ length: 1_400 }, (_, i) => `Đoạn ${i}: giá bán áo thun mẫu ${i} là ${100 + i}.000 đồng, đổi trả trong 7 ngày. ${'Chất liệu cotton. '.repeat(30)}`).join('\n\n'),
);

/** The passages the statements' rows hold (their ids apart), and the number of passages of each statement. */
async function collect(batches: AsyncIterable<PassageRows[]>): Promise<{ passages: IndexedPassage[]; ids: string[]; sizes: number[] }> {
  const passages: IndexedPassage[] = [];
  const ids: string[] = [];
  const sizes: number[] = [];
  for await (const statements of batches) {
    for (const rows of statements) {
      const parsed = JSON.parse(new TextDecoder().decode(rows.json)) as (IndexedPassage & { id: string })[];
      expect(parsed).toHaveLength(rows.count);
      sizes.push(rows.count);
      for (const { id, ...passage } of parsed) {
        ids.push(id);
        passages.push(passage);
      }
    }
  }
  return { passages, ids, sizes };
}

describe('indexDocument', () => {
  it('gives the passages and vectors that chunking and vectorising in this thread give, in order', async () => {
    const indexed = await indexDocument('text', longText);
    const { passages, ids, sizes } = await collect(indexed.batches);
    const expected = chunkDocument(await parseBytes('text', longText)).map((chunk) => ({
      ordinal: chunk.ordinal,
      text: chunk.text,
      title: chunk.title ?? null,
      locator: chunk.locator,
      tsv: passageVector(chunk),
    }));
    expect(expected.length).toBeGreaterThan(500);
    expect(indexed.outcome()).toEqual({ count: expected.length, language: 'vi' });
    expect(passages).toEqual(expected);
    // Made in the worker, a statement's worth at a time: the first can be stored while the next are made.
    expect(sizes.slice(0, -1).every((size) => size === PASSAGES_PER_STATEMENT)).toBe(true);
    expect(new Set(ids).size).toBe(expected.length);
  });

  it('gives a sheet title to the vector of each of its passages', async () => {
    const indexed = await indexDocument('xlsx', buildWorkbook([{ name: 'Bảng giá', rows: [['Sản phẩm', 'Giá bán'], ['Áo thun', 150000]] }], 'xlsx'));
    const { passages } = await collect(indexed.batches);
    expect(passages).toHaveLength(indexed.outcome().count);
    expect(passages[0]?.title).toContain('Bảng giá');
    expect(passages[0]?.tsv).toMatch(/^'sheet':1 'bang':2 'gia':3,/);
  });

  it('stores a large workbook a piece of rows at a time, every row once and in order, in passages that never span two pieces', async () => {
    const rows = Array.from({ length: ROWS_PER_PIECE + 700 }, (_, i) => [`SP${i}`, `Áo thun mẫu ${i}`, 100_000 + i]);
    const workbook = buildWorkbook([{ name: 'Bảng giá', rows: [['Mã', 'Sản phẩm', 'Giá bán'], ...rows] }, { name: 'Kho', rows: [['Mã', 'Tồn'], ['SP1', 3]] }], 'xlsx');
    const indexed = await indexDocument('xlsx', workbook);
    expect(indexed.empty).toBe(false);
    const { passages } = await collect(indexed.batches);
    expect(indexed.outcome()).toEqual({ count: passages.length, language: 'vi' });
    expect(passages.map((passage) => passage.ordinal)).toEqual(passages.map((_, i) => i));
    // Sheet rows 2… are data rows: the first piece ends at row ROWS_PER_PIECE + 1, and a passage with it.
    const firstSheet = passages.filter((passage) => passage.title === 'Sheet: Bảng giá');
    const pieceEnd = firstSheet.findIndex((passage) => passage.locator.endsWith(`:C${ROWS_PER_PIECE + 1}`));
    expect(pieceEnd).toBeGreaterThan(0);
    expect(firstSheet[pieceEnd + 1]?.locator).toMatch(new RegExp(`^'Bảng giá'!A${ROWS_PER_PIECE + 2}:C`));
    const lines = firstSheet.flatMap((passage) => passage.text.split('\n'));
    // The header above every passage; every data row once, in order, Vietnamese intact.
    expect(lines.filter((line) => line === 'Mã | Sản phẩm | Giá bán')).toHaveLength(firstSheet.length);
    expect(lines.filter((line) => line !== 'Mã | Sản phẩm | Giá bán')).toEqual(rows.map((cells) => cells.join(' | ')));
    expect(passages.at(-1)).toMatchObject({ title: 'Sheet: Kho', text: 'Mã | Tồn\nSP1 | 3', locator: 'Kho!A2:B2' });
  });

  it('rejects a corrupt file as corrupt, with no passages', async () => {
    const error: unknown = await indexDocument('docx', Buffer.from('PK not a zip')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ParseError);
    expect(error).toMatchObject({ code: 'corrupt' });
  });

  it('counts no passages for a document without text, and ends', async () => {
    const indexed = await indexDocument('text', Buffer.from('\n\n   \n'));
    expect(indexed.empty).toBe(true);
    expect((await collect(indexed.batches)).passages).toEqual([]);
    expect(indexed.outcome().count).toBe(0);
  });
});
