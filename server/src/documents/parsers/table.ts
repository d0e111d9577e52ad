import { columnName, quoteSheetName } from '../locator.ts';
import type { DocumentSection } from '../parsed-document.ts';

/** One non-empty row of a sheet or CSV file: its 1-based row number and its cells as text, by column index. */
export interface TableRow {
  number: number;
  cells: string[];
}

/** Whitespace other than single spaces. */
const UNUSUAL_SPACE = /[^\S ]|\s\s/;

/** A cell's text on one line: rows are lines, so line breaks inside a cell become spaces. */
export function cellLine(cells: readonly string[]): string {
  // Most cells hold no line break, tab or double space: those are only trimmed (a replace copies every cell).
  return cells.map((cell) => (UNUSUAL_SPACE.test(cell) ? cell.replace(/\s+/g, ' ') : cell).trim()).join(' | ');
}

/**
 * A table as one section. The first row is taken as the header: it is kept apart so the chunker can repeat it
 * above every slice of rows, which is what makes a row like "12 | 450.000" answerable ("giá bán" of what?).
 */
export function tableSection(rows: readonly TableRow[], sheet?: string): DocumentSection | undefined {
  const [headerRow, ...dataRows] = rows;
  if (headerRow === undefined) return undefined;
  let lastIndex = 0;
  for (const row of rows) lastIndex = Math.max(lastIndex, row.cells.length - 1);
  let firstIndex = lastIndex;
  for (const row of rows) {
    const used = row.cells.findIndex((cell) => cell.trim() !== '');
    if (used >= 0) firstIndex = Math.min(firstIndex, used);
  }
  const firstColumn = columnName(firstIndex);
  const lastColumn = columnName(lastIndex);
  const line = (row: TableRow): string => cellLine(row.cells.slice(firstIndex));
  const body = dataRows.length > 0 ? dataRows : [headerRow];
  const firstRow = body[0]?.number ?? headerRow.number;
  const lastRow = body[body.length - 1]?.number ?? firstRow;
  const locator =
    sheet === undefined
      ? firstRow === lastRow ? `row ${firstRow}` : `rows ${firstRow}–${lastRow}`
      : `${quoteSheetName(sheet)}!${firstColumn}${firstRow}:${lastColumn}${lastRow}`;
  return {
    ...(sheet === undefined ? {} : { title: `Sheet: ${sheet}` }),
    text: body.map(line).join('\n'),
    locator,
    ...(dataRows.length > 0 ? { header: line(headerRow) } : {}),
    address: { unit: 'row', ...(sheet === undefined ? {} : { sheet }), firstColumn, lastColumn, rows: body.map((row) => row.number) },
  };
}
