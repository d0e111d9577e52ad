import { foldLetters, wordsOfFolded } from './fold.ts';

/** PostgreSQL keeps positions up to this one (later words share it). */
const MAX_POSITION = 16_383;
/** PostgreSQL keeps at most this many positions of one lexeme. */
const MAX_POSITIONS_PER_WORD = 256;
/** Longer "words" (base64, hashes) are never searched for and would exceed a lexeme's size limit. */
const MAX_WORD_LENGTH = 200;

/**
 * The tsvector of a passage, in PostgreSQL's text form ("'gia':1 'ban':2,7"), from its folded text (what
 * `foldVietnamese` or `foldLetters` gives): its words (the same split a question's words get, see
 * `queryTerms`) with their positions, so word pairs match side by side. Words are letters and digits only, so
 * nothing needs quoting inside the quotes.
 */
export function searchVector(folded: string): string {
  const positions = new Map<string, number[]>();
  wordsOfFolded(folded).forEach((word, index) => {
    if (word.length > MAX_WORD_LENGTH) return;
    const list = positions.get(word);
    const position = Math.min(index + 1, MAX_POSITION);
    if (!list) positions.set(word, [position]);
    else if (list.length < MAX_POSITIONS_PER_WORD && list.at(-1) !== position) list.push(position);
  });
  return [...positions].map(([word, list]) => `'${word}':${list.join(',')}`).join(' ');
}

/** What a passage is found by: the words of its title (a sheet's or section's name) and text, folded. */
export function passageVector(passage: { title?: string | null; text: string }): string {
  return searchVector(foldLetters(passage.title === undefined || passage.title === null ? passage.text : `${passage.title}\n${passage.text}`));
}
