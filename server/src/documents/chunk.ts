import { locate } from './locator.ts';
import type { DocumentSection, ParsedDocument } from './parsed-document.ts';
import { paragraphsOf } from './parsers/paragraphs.ts';
import { sentenceEnds } from './sentences.ts';

export interface Chunk {
  /** 0-based position in the document. */
  ordinal: number;
  text: string;
  locator: string;
  title?: string;
}

export interface ChunkOptions {
  /** Upper bound of a chunk's length, header included (~300 tokens of English, fewer of Vietnamese). */
  maxChars?: number;
  /**
   * Upper bound of a table chunk's length (rows of a sheet or CSV file), header included. A row is short and
   * stands alone, so a table's chunks hold more of them: fewer passages to store and search for the same rows.
   */
  rowMaxChars?: number;
  /** How much of the end of a chunk is repeated at the start of the next, so a sentence cut by a chunk boundary is still found whole. */
  overlapChars?: number;
}

const DEFAULT_MAX_CHARS = 1_200;
const DEFAULT_ROW_MAX_CHARS = 2_400;
const DEFAULT_OVERLAP_CHARS = 150;
/** A chunk is cut at a blank line or sentence end only if that keeps at least this share of the chunk. */
const MIN_FILL = 0.5;

/**
 * Cuts a parsed document into chunks for indexing. Cuts fall between paragraphs, then lines, then sentences,
 * then words; a single "word" longer than a chunk (base64, a minified line) is the only thing ever cut inside.
 * Table rows are never overlapped (each row stands alone) but get the header row above them instead.
 */
export function chunkDocument(document: Pick<ParsedDocument, 'sections'>, options: ChunkOptions = {}): Chunk[] {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const rowMaxChars = options.rowMaxChars ?? DEFAULT_ROW_MAX_CHARS;
  const overlapChars = Math.min(options.overlapChars ?? DEFAULT_OVERLAP_CHARS, Math.floor(maxChars / 4));
  const chunks: Chunk[] = [];
  for (const section of document.sections) {
    // Table rows are never overlapped, so the overlap is the text chunks' alone.
    for (const piece of chunkSection(section, section.address?.unit === 'row' ? rowMaxChars : maxChars, overlapChars)) {
      chunks.push({ ordinal: chunks.length, ...piece, ...(section.title === undefined ? {} : { title: section.title }) });
    }
  }
  return chunks;
}

interface SectionPiece {
  text: string;
  locator: string;
}

function chunkSection(section: DocumentSection, maxChars: number, overlapChars: number): SectionPiece[] {
  const address = section.address;
  const byLine = address?.unit === 'line' || address?.unit === 'row';
  const units = byLine ? section.text.split('\n') : paragraphsOf(section.text);
  const joiner = byLine ? '\n' : '\n\n';
  const prefix = section.header === undefined ? '' : `${section.header}\n`;
  // A header longer than half a chunk would crowd out the rows; it is cut, the rows are what is cited.
  const header = prefix.length > maxChars / 2 ? `${cutAtWord(prefix, Math.floor(maxChars / 2))}\n` : prefix;
  const budget = maxChars - header.length;
  const overlap = address?.unit === 'row' ? 0 : overlapChars;
  const where = (first: number, last: number): string => (address ? locate(address, first, last) : section.locator);
  const isBlank = (index: number): boolean => (units[index] ?? '').trim() === '';
  const lengthOf = (first: number, last: number): number =>
    units.slice(first, last + 1).reduce((sum, unit) => sum + unit.length, 0) + (last - first) * joiner.length;

  const pieces: SectionPiece[] = [];
  let carry = '';
  let start = 0;
  while (start < units.length) {
    while (start < units.length && isBlank(start)) start += 1;
    if (start >= units.length) break;
    const first = units[start] ?? '';
    if (first.length > budget) {
      // One paragraph or line longer than a chunk: cut it at sentences/words, its pieces overlap each other.
      for (const part of splitLongText(first, budget, overlap)) pieces.push({ text: header + part, locator: where(start, start) });
      carry = '';
      start += 1;
      continue;
    }
    if (carry.length + joiner.length + first.length > budget) carry = '';
    const capacity = budget - (carry === '' ? 0 : carry.length + joiner.length);
    let end = start;
    while (end + 1 < units.length && (units[end + 1] ?? '').length <= budget && lengthOf(start, end + 1) <= capacity) end += 1;
    if (byLine && end + 1 < units.length) end = preferBlankLineCut(start, end, capacity, isBlank, lengthOf);
    while (end > start && isBlank(end)) end -= 1;
    const body = units.slice(start, end + 1).join(joiner);
    pieces.push({ text: header + (carry === '' ? '' : carry + joiner) + body, locator: where(start, end) });
    if (end + 1 >= units.length) break;
    // Overlap: whole trailing units when they fit, otherwise the last words of the last unit.
    let next = end + 1;
    while (next - 1 > start && lengthOf(next - 1, end) <= overlap) next -= 1;
    carry = next === end + 1 && overlap > 0 ? tailAtWord(units[end] ?? '', overlap) : '';
    start = next;
  }
  return pieces;
}

/** A run of lines is better cut at a blank line (a paragraph or a code block's end) if one is far enough in. */
function preferBlankLineCut(
  start: number,
  end: number,
  capacity: number,
  isBlank: (index: number) => boolean,
  lengthOf: (first: number, last: number) => number,
): number {
  for (let blank = end; blank > start; blank -= 1) {
    if (!isBlank(blank)) continue;
    if (lengthOf(start, blank - 1) >= capacity * MIN_FILL) return blank - 1;
    break;
  }
  return end;
}

/** Splits one long text into pieces of at most `maxChars`, cut after a sentence or else between words. */
export function splitLongText(text: string, maxChars: number, overlapChars: number): string[] {
  const pieces: string[] = [];
  let position = 0;
  while (position < text.length) {
    const rest = text.slice(position);
    if (rest.length <= maxChars) {
      pieces.push(rest.trim());
      break;
    }
    const window = rest.slice(0, maxChars + 1);
    const cut = lastSentenceEnd(window, maxChars) ?? lastSpace(window, maxChars) ?? maxChars;
    pieces.push(rest.slice(0, cut).trim());
    // The next piece starts `overlapChars` back, at the start of a word, and always moves forward.
    let next = Math.max(cut - overlapChars, 1);
    while (next < cut && !/\s/.test(rest.charAt(next - 1))) next += 1;
    while (next < rest.length && /\s/.test(rest.charAt(next))) next += 1;
    position += next;
  }
  return pieces.filter((piece) => piece !== '');
}

function lastSentenceEnd(window: string, maxChars: number): number | undefined {
  let found: number | undefined;
  for (const end of sentenceEnds(window)) {
    if (end <= maxChars && end >= maxChars * MIN_FILL) found = end;
  }
  return found;
}

function lastSpace(window: string, maxChars: number): number | undefined {
  const index = window.slice(0, maxChars + 1).search(/\s\S*$/);
  return index > 0 ? index : undefined;
}

/** The end of `text`, at most `maxChars` long, starting at a sentence if one starts in it, else at a word. */
function tailAtWord(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const from = text.length - maxChars;
  const sentenceStart = sentenceEnds(text).find((end) => end >= from && text.slice(end).trim() !== '');
  if (sentenceStart !== undefined) return text.slice(sentenceStart).trim();
  const tail = text.slice(from);
  const space = tail.search(/\s/);
  return space < 0 ? '' : tail.slice(space).trim();
}

/** The start of `text`, at most `maxChars` long, ending at a word boundary. */
function cutAtWord(text: string, maxChars: number): string {
  const head = text.slice(0, maxChars + 1);
  const space = head.search(/\s\S*$/);
  return (space > 0 ? head.slice(0, space) : head.slice(0, maxChars)).trimEnd();
}
