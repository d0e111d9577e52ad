import type { IndexedPassage } from './parse.ts';

/**
 * Passages inserted per statement at most. PGlite runs a statement on the event loop's thread and one at a time for
 * every shop: a statement of this many passages of a large workbook (rows up to `chunkDocument`'s table chunk
 * length) takes about 100–150 ms of CPU.
 */
export const PASSAGES_PER_STATEMENT = 125;

/**
 * The passages of one insert statement, ready to send: `json` is the UTF-8 of a JSON array of the passages with
 * their new ids, one object per row with the fields `PASSAGE_ROW_COLUMNS` names. The index job's worker makes
 * these, so the thread that runs the database only hands the bytes on (no serialising or encoding of megabytes
 * of text there).
 */
export interface PassageRows {
  count: number;
  json: Uint8Array<ArrayBuffer>;
}

/** The columns of a `PassageRows` array as `json_to_recordset` reads them. */
export const PASSAGE_ROW_COLUMNS = 'id uuid, ordinal integer, text text, title text, locator text, tsv text';

const encoder = new TextEncoder();

/** `passages` cut into statements of at most `PASSAGES_PER_STATEMENT`, each passage with a new id. */
export function passageRows(passages: readonly IndexedPassage[]): PassageRows[] {
  const statements: PassageRows[] = [];
  for (let start = 0; start < passages.length; start += PASSAGES_PER_STATEMENT) {
    const batch = passages.slice(start, start + PASSAGES_PER_STATEMENT);
    const rows = batch.map(({ ordinal, text, title, locator, tsv }) => ({ id: crypto.randomUUID(), ordinal, text, title, locator, tsv }));
    statements.push({ count: batch.length, json: encoder.encode(JSON.stringify(rows)) });
  }
  return statements;
}
