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
  return foldLetters(text).replace(SPACE_RUNS, ' ').trim();
}

/**
 * `foldVietnamese` without collapsing whitespace: the same words in the same order (`wordsOfFolded` splits at
 * whitespace anyway), for indexing, where collapsing every space of megabytes of passages costs more than folding.
 */
export function foldLetters(text: string): string {
  return text.replace(NOT_PLAIN_ASCII, foldCharacter).toLowerCase();
}

/**
 * The runs of whitespace (`\s`) other than a single space, which collapsing leaves as they are: replacing every
 * run, single spaces included, made one replacement per word.
 */
const SPACE_RUNS = /[\t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]\s*| \s+/g;

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
  return wordsOfFolded(foldLetters(text));
}

/**
 * The words of text folded already (`foldVietnamese`'s result): its runs of letters and digits, what splitting
 * it at `[^\p{L}\p{N}]+` gives. A passage's words are taken this way at indexing, megabytes of them for a large
 * workbook: one pass over the characters, the class of each character outside ASCII looked up once.
 */
export function wordsOfFolded(folded: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let index = 0; index < folded.length; index += 1) {
    const code = folded.charCodeAt(index);
    let inWord: boolean;
    let width = 1;
    if (code < 0x80) inWord = (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a);
    else {
      const point = folded.codePointAt(index) ?? code;
      if (point > 0xffff) width = 2;
      inWord = isLetterOrDigit(point);
    }
    if (inWord) {
      if (start < 0) start = index;
    } else if (start >= 0) {
      words.push(folded.slice(start, index));
      start = -1;
    }
    index += width - 1;
  }
  if (start >= 0) words.push(folded.slice(start));
  return words;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Code points outside ASCII seen so far: whether each is a letter or digit. Bounded like `FOLDED`. */
const WORD_CHARACTERS = new Map<number, boolean>();

function isLetterOrDigit(point: number): boolean {
  const known = WORD_CHARACTERS.get(point);
  if (known !== undefined) return known;
  const result = LETTER_OR_DIGIT.test(String.fromCodePoint(point));
  if (WORD_CHARACTERS.size < FOLDED_MAX) WORD_CHARACTERS.set(point, result);
  return result;
}
