/**
 * Folds text for diacritic-insensitive search: "Giá  BÁN" and "gia ban" both become "gia ban". Apply it to
 * indexed text and to queries alike. NFD splits a letter from its marks (Vietnamese tones and ă â ê ô ơ ư
 * shapes are all combining marks), which are then dropped; đ is a letter of its own, not d plus a mark, so it
 * is mapped by hand. Folding never changes text that has neither marks nor capitals, e.g. plain English.
 *
 * Indexing folds every passage (megabytes for a large workbook), so each character outside ASCII is folded
 * once and remembered: marks are dropped character by character, which is what normalising the whole text
 * and dropping its marks gives.
 */
export function foldVietnamese(text: string): string {
  return text
    .replace(NOT_PLAIN_ASCII, foldCharacter)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const NOT_PLAIN_ASCII = /[^\t\n\r\x20-\x7e]/gu;
/** Characters seen so far and their folded form; bounded, as a hostile text can hold any number of distinct ones. */
const FOLDED = new Map<string, string>();
const FOLDED_MAX = 10_000;

function foldCharacter(character: string): string {
  const known = FOLDED.get(character);
  if (known !== undefined) return known;
  const folded = character
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, (letter) => (letter === 'đ' ? 'd' : 'D'));
  if (FOLDED.size < FOLDED_MAX) FOLDED.set(character, folded);
  return folded;
}

/** Folded words of `text`: letters and digits only, so a word can never carry query syntax. */
export function foldedWords(text: string): string[] {
  return foldVietnamese(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}
