import * as XLSX from '@e965/xlsx';
import type { DocumentSection, ParsedDocument } from '../parsed-document.ts';
import { tableSection, type TableRow } from './table.ts';

/**
 * Only what text extraction needs: no formulas, no HTML, no VBA, no styles, and `WTF: false` so a quirk in a
 * hostile file is skipped instead of thrown. Dense mode stores cells in arrays (`!data[r][c]`), so cell
 * addresses and cell text are never used as object keys.
 */
const READ_OPTIONS: XLSX.ParsingOptions = {
  type: 'buffer',
  dense: true,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  cellNF: false,
  bookVBA: false,
  WTF: false,
};

export function parseSpreadsheet(bytes: Buffer): ParsedDocument {
  const workbook = XLSX.read(bytes, READ_OPTIONS);
  const sections: DocumentSection[] = [];
  for (const name of workbook.SheetNames) {
    const data = sheetData(workbook.Sheets, name);
    if (data === undefined) continue;
    const rows: TableRow[] = [];
    data.forEach((row, index) => {
      // `forEach` skips the holes a dense sheet leaves for blank rows.
      const cells = (row ?? []).map(cellText);
      if (cells.some((cell) => cell.trim() !== '')) rows.push({ number: index + 1, cells });
    });
    const section = tableSection(rows, name);
    if (section) sections.push(section);
  }
  return {
    text: sections.map((section) => [section.title, section.header, section.text].filter(Boolean).join('\n')).join('\n\n'),
    sections,
  };
}

/**
 * SheetJS keeps sheets in a plain object keyed by sheet name, so a sheet named `__proto__` ends up as that
 * object's prototype rather than an own property (it cannot reach Object.prototype). Reading own properties
 * only, plus that one case, gives every sheet back without ever trusting an inherited key.
 */
function sheetData(sheets: Record<string, XLSX.WorkSheet>, name: string): (XLSX.CellObject[] | undefined)[] | undefined {
  let sheet: unknown = Object.getOwnPropertyDescriptor(sheets, name)?.value;
  if (sheet === undefined && name === '__proto__') {
    const prototype: unknown = Object.getPrototypeOf(sheets);
    if (prototype !== Object.prototype && prototype !== null) sheet = prototype;
  }
  if (typeof sheet !== 'object' || sheet === null) return undefined;
  const data: unknown = Object.getOwnPropertyDescriptor(sheet, '!data')?.value;
  return Array.isArray(data) ? (data as (XLSX.CellObject[] | undefined)[]) : undefined;
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (cell === undefined || cell === null) return '';
  if (typeof cell.w === 'string') return cell.w;
  if (cell.v === undefined || cell.v === null) return '';
  return cell.v instanceof Date ? cell.v.toISOString() : String(cell.v);
}
