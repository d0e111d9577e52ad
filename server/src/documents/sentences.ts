import { foldVietnamese } from './fold.ts';

/**
 * Words that end with a full stop without ending a sentence, folded and without their stop: Vietnamese
 * addresses and titles ("TP. Hồ Chí Minh", "Q. 1", "P. Bến Nghé", "H. Củ Chi", "TX. Sơn Tây", "TT. Hữu Lũng",
 * "ThS. Lan") and the English ones a shop document uses. Only a whole word counts: "22h." ends a sentence.
 */
const ABBREVIATIONS = new Set(
  (
    'tp q p tx tt h x xa dc dt sdt stk vd v.v ths ts pgs gs bs ks cn kts ccb ' +
    'mr mrs ms dr st no nos vs etc e.g i.e inc ltd co jsc corp approx tel ext fig jan feb mar apr jun jul aug sep sept oct nov dec'
  ).split(' '),
);

/** A run of sentence-ending marks, the quotes or brackets that close it, then the space after. */
const END = /[.!?…。！？]+[)"'”’\]]*(?=\s)/gu;

/** Whether the stop at `index` closes an abbreviation rather than a sentence. */
function isAbbreviationStop(text: string, index: number): boolean {
  const before = /(?:^|[^\p{L}\p{N}.])([\p{L}.]+)$/u.exec(text.slice(Math.max(0, index - 12), index))?.[1] ?? '';
  return before !== '' && ABBREVIATIONS.has(foldVietnamese(before.replace(/^\.+/, '')));
}

/**
 * Offsets just after each sentence end of `text`: a ".", "!", "?" or "…" (with its closing quotes) followed by
 * whitespace, except the stop of an abbreviation, and except a stop followed by a lower-case
 * word (an abbreviation not in the list: the sentence goes on).
 */
export function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(END)) {
    const marks = match[0];
    const end = match.index + marks.length;
    if (/^\.[)"'”’\]]*$/u.test(marks)) {
      if (isAbbreviationStop(text, match.index)) continue;
      const next = /\S/u.exec(text.slice(end))?.[0] ?? '';
      if (/\p{Ll}/u.test(next)) continue;
    }
    ends.push(end);
  }
  return ends;
}

/** The sentences of one line or paragraph, trimmed, in order; empty ones dropped. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const end of [...sentenceEnds(text), text.length]) {
    const sentence = text.slice(start, end).trim();
    if (sentence !== '') sentences.push(sentence);
    start = end;
  }
  return sentences;
}
