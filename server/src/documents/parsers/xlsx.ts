import * as XLSX from '@e965/xlsx';
import type { DocumentSection, ParsedDocument } from '../parsed-document.ts';
import { assertComplete, decodeXml, readParts } from './ooxml.ts';
import { tableSection, type TableRow } from './table.ts';

/**
 * The text of an Excel (.xlsx) workbook, read straight from its XML parts: every worksheet in workbook order
 * as one table section, a cell as Excel shows it (shared and inline strings, numbers in their number format,
 * dates as formatted dates, TRUE/FALSE, error codes). Formulas are never evaluated: a formula cell shows the
 * value Excel saved. Nothing but XML parts is unpacked.
 */
export async function parseXlsx(bytes: Buffer): Promise<ParsedDocument> {
  const workbook = await openWorkbook(bytes);
  const sections: DocumentSection[] = [];
  for (const sheet of workbook.sheets) {
    const section = tableSection([...sheetRows(sheet.xml, workbook.strings, workbook.formats)], sheet.name);
    if (section) sections.push(section);
  }
  return { text: documentText(sections), sections };
}

/** Data rows of a sheet per piece that `xlsxPieces` gives. */
export const ROWS_PER_PIECE = 5_000;

/**
 * The workbook as `parseXlsx` reads it, given a piece at a time as the sheets are read: each piece is one table
 * section of at most `rowsPerPiece` data rows under its sheet's header row, so the index job stores the first
 * rows while the rest are still being read. A piece's columns are those its own rows and the header use (a whole
 * sheet's section spans the columns of all its rows), and a chunk never spans two pieces.
 */
export async function* xlsxPieces(bytes: Buffer, rowsPerPiece = ROWS_PER_PIECE): AsyncGenerator<Pick<ParsedDocument, 'text' | 'sections'>> {
  const workbook = await openWorkbook(bytes);
  const piece = (rows: readonly TableRow[], name: string) => {
    const section = tableSection(rows, name);
    return section ? { text: documentText([section]), sections: [section] } : undefined;
  };
  for (const sheet of workbook.sheets) {
    let header: TableRow | undefined;
    let rows: TableRow[] = [];
    let given = false;
    for (const row of sheetRows(sheet.xml, workbook.strings, workbook.formats)) {
      if (!header) {
        header = row;
        continue;
      }
      rows.push(row);
      if (rows.length < rowsPerPiece) continue;
      const full = piece([header, ...rows], sheet.name);
      if (full) yield full;
      given = true;
      rows = [];
    }
    // The last rows, or a sheet of a header row alone (then its only row is its text, as in `parseXlsx`).
    const rest = header && (rows.length > 0 || !given) ? piece([header, ...rows], sheet.name) : undefined;
    if (rest) yield rest;
  }
}

/** A document's text from its table sections: each sheet's title, header and rows. */
function documentText(sections: readonly DocumentSection[]): string {
  return sections.map((section) => [section.title, section.header, section.text].filter(Boolean).join('\n')).join('\n\n');
}

interface Workbook {
  /** The worksheets in workbook order (chart and dialog sheets left out), each checked to be complete XML. */
  sheets: { name: string; xml: string }[];
  strings: string[];
  formats: (string | undefined)[];
}

async function openWorkbook(bytes: Buffer): Promise<Workbook> {
  const parts = await readParts(bytes, (name) => name.endsWith('.xml') || name.endsWith('.rels'));
  const workbook = parts.get('xl/workbook.xml');
  if (workbook === undefined) throw new Error('no workbook part (xl/workbook.xml)');
  const targets = relationshipTargets(parts.get('xl/_rels/workbook.xml.rels') ?? '');
  const sheets: Workbook['sheets'] = [];
  for (const sheet of workbook.matchAll(/<(?:\w+:)?sheet\b([^>]*)\/?>/g)) {
    const attributes = sheet[1] ?? '';
    const name = decodeXml(/\bname="([^"]*)"/.exec(attributes)?.[1] ?? '');
    const target = targets.get(/\br:id="([^"]*)"/.exec(attributes)?.[1] ?? '');
    if (target === undefined) continue;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    const xml = parts.get(path);
    // Chart sheets and dialog sheets hold no cells.
    if (xml === undefined || !/<(?:\w+:)?worksheet\b/.test(xml.slice(0, 2_000))) continue;
    assertComplete(xml, 'worksheet', path);
    sheets.push({ name, xml });
  }
  return { sheets, strings: sharedStrings(parts.get('xl/sharedStrings.xml') ?? ''), formats: cellFormats(parts.get('xl/styles.xml') ?? '') };
}

function relationshipTargets(rels: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const match of rels.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /\bId="([^"]*)"/.exec(match[1] ?? '')?.[1];
    const target = /\bTarget="([^"]*)"/.exec(match[1] ?? '')?.[1];
    if (id !== undefined && target !== undefined) targets.set(id, decodeXml(target));
  }
  return targets;
}

/** The text of every `<t>` of a string item, phonetic runs (`<rPh>`) left out. */
function itemText(xml: string): string {
  let text = '';
  for (const match of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t\b[^>]*>([^<]*)<\/t>/g)) text += match[1] ?? '';
  return decodeXml(text);
}

function sharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/g)].map((match) => itemText(match[1] ?? ''));
}

/** The number format of each cell style (`s` index), or undefined for General. */
function cellFormats(styles: string): (string | undefined)[] {
  const custom = new Map<number, string>();
  for (const match of styles.matchAll(/<numFmt\b([^>]*)\/?>/g)) {
    const id = Number(/\bnumFmtId="(\d+)"/.exec(match[1] ?? '')?.[1]);
    const code = /\bformatCode="([^"]*)"/.exec(match[1] ?? '')?.[1];
    if (Number.isInteger(id) && code !== undefined) custom.set(id, decodeXml(code));
  }
  const builtIn = XLSX.SSF.get_table() as Record<number, string | undefined>;
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  return [...cellXfs.matchAll(/<xf\b([^>]*)\/?>/g)].map((match) => {
    const id = Number(/\bnumFmtId="(\d+)"/.exec(match[1] ?? '')?.[1] ?? 0);
    const code = custom.get(id) ?? (Object.hasOwn(builtIn, id) ? builtIn[id] : undefined);
    return code === undefined || code === 'General' ? undefined : code;
  });
}

/** 0-based column index of a cell reference ("B12" → 1); undefined without one. */
function columnOf(reference: string | undefined): number | undefined {
  const letters = /^([A-Z]{1,3})\d/.exec(reference ?? '')?.[1];
  if (letters === undefined) return undefined;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** A number as Excel's General format shows it: at most 11 significant digits, no trailing zeros. */
function general(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e11) return String(value);
  const text = value.toPrecision(11);
  return text.includes('e') ? text.replace(/\.?0+e/, 'e') : text.replace(/\.?0+$/, '');
}

function cellText(type: string | undefined, raw: string | undefined, inline: string | undefined, format: string | undefined, strings: readonly string[]): string {
  switch (type) {
    case 's': {
      const index = Number(raw);
      return Number.isInteger(index) && index >= 0 && index < strings.length ? (strings[index] ?? '') : '';
    }
    case 'inlineStr':
      return itemText(inline ?? '');
    case 'b':
      return raw === '1' ? 'TRUE' : raw === '0' ? 'FALSE' : '';
    case 'str':
    case 'e':
    case 'd':
      return decodeXml(raw ?? '');
    default: {
      if (raw === undefined || raw === '') return '';
      const value = Number(raw);
      if (!Number.isFinite(value)) return decodeXml(raw);
      if (format === undefined) return general(value);
      try {
        return XLSX.SSF.format(format, value);
      } catch {
        return general(value);
      }
    }
  }
}

/** The value of attribute `name` in a tag's attribute text (names are matched whole: ` r="` is not ` ref="`). */
function attribute(attributes: string, name: string): string | undefined {
  const key = ` ${name}="`;
  const start = attributes.indexOf(key);
  if (start < 0) return undefined;
  const end = attributes.indexOf('"', start + key.length);
  return end < 0 ? undefined : attributes.slice(start + key.length, end);
}

/** The character data of the first `<tag>` element in `body`, undefined when there is none. */
function elementText(body: string, tag: string): string | undefined {
  const open = body.indexOf(`<${tag}`);
  if (open < 0) return undefined;
  const start = body.indexOf('>', open);
  if (start < 0 || body[start - 1] === '/') return undefined;
  const end = body.indexOf(`</${tag}>`, start);
  return end < 0 ? undefined : body.slice(start + 1, end);
}

/** One pass over the sheet's XML: rows and their cells, in document order. */
const SHEET_TOKEN = /<(row|c)\b([^>]*?)(\/?)>/g;

/** The sheet's non-empty rows in document order, each given once its last cell is read. */
function* sheetRows(xml: string, strings: readonly string[], formats: readonly (string | undefined)[]): Generator<TableRow> {
  let row: TableRow | undefined;
  let nextColumn = 0;
  const filled = (candidate: TableRow | undefined): candidate is TableRow => candidate !== undefined && candidate.cells.some((cell) => cell.trim() !== '');
  // Its own pattern object: the scan pauses at each row, and another sheet's scan may run meanwhile.
  const token = new RegExp(SHEET_TOKEN);
  for (let match = token.exec(xml); match !== null; match = token.exec(xml)) {
    const attributes = ` ${match[2] ?? ''}`;
    if (match[1] === 'row') {
      if (filled(row)) yield row;
      row = { number: Number(attribute(attributes, 'r') ?? (row?.number ?? 0) + 1), cells: [] };
      nextColumn = 0;
      continue;
    }
    if (!row) continue;
    const column = columnOf(attribute(attributes, 'r')) ?? nextColumn;
    nextColumn = column + 1;
    if (match[3] === '/') continue;
    const end = xml.indexOf('</c>', token.lastIndex);
    if (end < 0) break;
    const body = xml.slice(token.lastIndex, end);
    token.lastIndex = end + 4;
    const type = attribute(attributes, 't');
    const inline = type === 'inlineStr' ? elementText(body, 'is') : undefined;
    const text = cellText(type, elementText(body, 'v'), inline, formats[Number(attribute(attributes, 's') ?? 0)], strings);
    if (text === '') continue;
    while (row.cells.length < column) row.cells.push('');
    row.cells[column] = text;
  }
  if (filled(row)) yield row;
}
