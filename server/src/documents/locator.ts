import type { SectionAddress } from './parsed-document.ts';

/** Human-readable address of units `first..last` (0-based, inclusive) of a section. */
export function locate(address: SectionAddress, first: number, last: number): string {
  switch (address.unit) {
    case 'line':
      return range('line', 'lines', address.firstLine + first, address.firstLine + last);
    case 'paragraph':
      return range('paragraph', 'paragraphs', address.firstParagraph + first, address.firstParagraph + last);
    case 'row': {
      const firstRow = address.rows[first] ?? 0;
      const lastRow = address.rows[last] ?? firstRow;
      if (address.sheet === undefined) return range('row', 'rows', firstRow, lastRow);
      return `${quoteSheetName(address.sheet)}!${address.firstColumn}${firstRow}:${address.lastColumn}${lastRow}`;
    }
  }
}

function range(singular: string, plural: string, from: number, to: number): string {
  return from === to ? `${singular} ${from}` : `${plural} ${from}–${to}`;
}

/** Excel's own notation: names that are not plain identifiers are single-quoted, quotes doubled. */
export function quoteSheetName(name: string): string {
  return /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(name) ? name : `'${name.replaceAll("'", "''")}'`;
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}
