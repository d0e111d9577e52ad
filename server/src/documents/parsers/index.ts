import type { DocumentKind } from '../document-kind.ts';
import { guessLanguage } from '../language.ts';
import type { ParsedDocument } from '../parsed-document.ts';
import { decodeText } from '../text-decode.ts';

/**
 * Parses bytes of a kind already checked by `inspectUpload`, in the calling thread. Production code calls
 * `parseDocument`, which runs this inside a worker with limits; tests call it directly to look at what a
 * parser does to the process it runs in. Parsers are imported on demand so a worker only loads its own.
 */
export async function parseBytes(kind: DocumentKind, bytes: Buffer): Promise<ParsedDocument> {
  const parsed = await parseByKind(kind, bytes);
  const language = guessLanguage(parsed.text);
  return language === undefined ? parsed : { ...parsed, language };
}

/**
 * The document `parseBytes` reads, a piece at a time as the parser reaches it, without its language (the index
 * job guesses that from the pieces' text): a workbook's rows some thousands at a time (see `xlsxPieces`), any
 * other kind whole in one piece.
 */
export async function* documentPieces(kind: DocumentKind, bytes: Buffer): AsyncGenerator<Pick<ParsedDocument, 'text' | 'sections'>> {
  if (kind === 'xlsx') yield* (await import('./xlsx.ts')).xlsxPieces(bytes);
  else yield await parseByKind(kind, bytes);
}

async function parseByKind(kind: DocumentKind, bytes: Buffer): Promise<ParsedDocument> {
  switch (kind) {
    case 'docx':
      return (await import('./docx.ts')).parseDocx(bytes);
    case 'doc':
      return (await import('./doc.ts')).parseDoc(bytes);
    case 'xlsx':
      return (await import('./xlsx.ts')).parseXlsx(bytes);
    case 'xls':
      return (await import('./spreadsheet.ts')).parseSpreadsheet(bytes);
    case 'csv':
      return (await import('./csv.ts')).parseCsv(textOf(bytes));
    case 'html':
      return (await import('./html-sections.ts')).htmlToSections(textOf(bytes));
    case 'markdown':
      return (await import('./plain-text.ts')).parseMarkdown(textOf(bytes));
    case 'text':
    case 'code':
      return (await import('./plain-text.ts')).parsePlainText(textOf(bytes));
  }
}

function textOf(bytes: Buffer): string {
  const decoded = decodeText(bytes);
  if (!decoded.ok) throw new Error(decoded.detail);
  return decoded.text;
}
