import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildWorkbook } from '../fixtures/builders.ts';
import { parseXlsx, xlsxPieces } from './xlsx.ts';

async function piecesOf(bytes: Buffer, rowsPerPiece: number) {
  const pieces = [];
  for await (const piece of xlsxPieces(bytes, rowsPerPiece)) pieces.push(piece);
  return pieces;
}

describe('xlsxPieces', () => {
  const workbook = buildWorkbook(
    [
      { name: 'Bảng giá', rows: [['Sản phẩm', 'Giá bán'], ['Áo thun', 150000], ['Quần jean', '350.000'], ['Váy hoa', 'liên hệ'], ['Mũ', 90000], ['Khăn lụa', 120000]] },
      { name: 'Ghi chú', rows: [['Đổi trả trong 7 ngày']] },
    ],
    'xlsx',
  );

  it('gives each sheet in pieces of at most so many rows, each under its header, every row once and in order', async () => {
    const pieces = await piecesOf(workbook, 2);
    expect(pieces.map((piece) => piece.sections.map(({ text, header, locator, title }) => ({ text, header, locator, title })))).toEqual([
      [{ title: 'Sheet: Bảng giá', header: 'Sản phẩm | Giá bán', text: 'Áo thun | 150000\nQuần jean | 350.000', locator: "'Bảng giá'!A2:B3" }],
      [{ title: 'Sheet: Bảng giá', header: 'Sản phẩm | Giá bán', text: 'Váy hoa | liên hệ\nMũ | 90000', locator: "'Bảng giá'!A4:B5" }],
      [{ title: 'Sheet: Bảng giá', header: 'Sản phẩm | Giá bán', text: 'Khăn lụa | 120000', locator: "'Bảng giá'!A6:B6" }],
      // A sheet of one row: that row is its text, as the whole parse has it.
      [{ title: 'Sheet: Ghi chú', header: undefined, text: 'Đổi trả trong 7 ngày', locator: "'Ghi chú'!A1:A1" }],
    ]);
    expect(pieces[0]?.text).toBe('Sheet: Bảng giá\nSản phẩm | Giá bán\nÁo thun | 150000\nQuần jean | 350.000');
  });

  it('gives the whole parse as one piece per sheet when the sheets are shorter than a piece', async () => {
    const whole = await parseXlsx(workbook);
    const pieces = await piecesOf(workbook, 5);
    expect(pieces.flatMap((piece) => piece.sections)).toEqual(whole.sections);
    expect(pieces.map((piece) => piece.text).join('\n\n')).toBe(whole.text);
  });

  it('refuses a workbook whose later sheet is cut short before giving a piece of its first sheet', async () => {
    const parts = unzipSync(workbook);
    const second = parts['xl/worksheets/sheet2.xml'] ?? new Uint8Array();
    const cut = zipSync({ ...parts, 'xl/worksheets/sheet2.xml': second.subarray(0, second.length - 20) });
    const given: unknown[] = [];
    const reading = (async () => {
      for await (const piece of xlsxPieces(Buffer.from(cut), 1)) given.push(piece);
    })();
    await expect(reading).rejects.toThrow('xl/worksheets/sheet2.xml is not complete XML');
    expect(given).toEqual([]);
  });
});
