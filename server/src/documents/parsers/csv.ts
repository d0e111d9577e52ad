import type { ParsedDocument } from '../parsed-document.ts';
import { tableSection, type TableRow } from './table.ts';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * CSV is read here rather than by SheetJS, whose CSV reader guesses types (turning "1/2" into a date and
 * "0123" into 123); an uploaded table should be quoted as written. RFC 4180 quoting, any line ending, and
 * the delimiter guessed from the first line (Excel in a Vietnamese locale writes ";").
 */
export function parseCsv(text: string): ParsedDocument {
  const delimiter = guessDelimiter(text);
  const rows: TableRow[] = [];
  let number = 0;
  for (const cells of records(text, delimiter)) {
    number += 1;
    if (cells.some((cell) => cell.trim() !== '')) rows.push({ number, cells });
  }
  const section = tableSection(rows);
  if (!section) return { text: '', sections: [] };
  // The text is the table as read (header, then "cell | cell" rows), like a sheet's, not the raw quoting.
  return { text: [section.header, section.text].filter(Boolean).join('\n'), sections: [section] };
}

function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best: string = DELIMITERS[0];
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = firstLine.split(delimiter).length - 1;
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

function* records(text: string, delimiter: string): Generator<string[]> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      cells.push(cell);
      yield cells;
      cells = [];
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    yield cells;
  }
}
