import type { Language } from '@pagemate/shared-contracts/contracts';

/**
 * How parts of a section's text are addressed, so that a chunk cut from it can cite exactly where it came
 * from. Plain data (no functions): it crosses the worker boundary by structured clone.
 * - `line`: line i of `text` (0-based) is source line `firstLine + i`.
 * - `paragraph`: paragraphs of `text` are separated by a blank line; the first one is `firstParagraph`.
 * - `row`: line i of `text` is spreadsheet/CSV row `rows[i]` (1-based, gaps where blank rows were dropped).
 */
export type SectionAddress =
  | { unit: 'line'; firstLine: number }
  | { unit: 'paragraph'; firstParagraph: number }
  | { unit: 'row'; sheet?: string; firstColumn: string; lastColumn: string; rows: number[] };

export interface DocumentSection {
  title?: string;
  text: string;
  /** Where the whole section is, for people: "Sheet1!A2:D40", "lines 10–42", "paragraphs 3–9". */
  locator: string;
  /** Tables: the header row, repeated at the top of every chunk cut from this section. */
  header?: string;
  address?: SectionAddress;
}

export interface ParsedDocument {
  text: string;
  sections: DocumentSection[];
  language?: Language;
}
