/** The embedded engine's reading of passages: their sentences, ranked against a question, and written plainly. */

import { splitSentences } from '../documents/sentences.js';
import { foldedWords, hasUnit, queryTerms, type QueryTerms } from './terms.js';
import type { RetrievedPassage } from './llm.js';

export type Lang = 'vi' | 'en';

export interface Sentence {
  text: string;
  /** 1-based number of the passage in the context, as cited: [n]. */
  source: number;
  /** Position in the context, to keep the document's order. */
  position: number;
  score: number;
}

/** Words of a document sentence a plain reply keeps at most. */
const PLAIN_SENTENCE_WORDS = 40;

/** Sentences and lines of a passage; table rows and list items are lines of their own, "TP. Hồ Chí Minh" is not cut. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap(splitSentences)
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** Distinct question words a sentence has, plus half a point per syllable pair of the question it has side by side. */
export function scoreSentence(words: string[], terms: QueryTerms): number {
  let score = terms.units.filter((unit) => hasUnit(words, unit, terms.stems)).length;
  if (terms.pairs.length > 0) {
    const pairs = new Set(words.slice(1).map((word, index) => `${words[index] ?? ''} ${word}`));
    for (const pair of terms.pairs) if (pairs.has(pair)) score += 0.5;
  }
  return score;
}

/** Every sentence of the passages that shares a word with the question, best first. */
export function rankSentences(passages: readonly RetrievedPassage[], question: string, terms: QueryTerms = queryTerms(question)): Sentence[] {
  const ranked: Sentence[] = [];
  let position = 0;
  passages.forEach((passage, passageIndex) => {
    for (const text of sentencesOf(passage.text)) {
      position += 1;
      const score = scoreSentence(foldedWords(text), terms);
      // Ties go to the passage retrieval ranked higher.
      if (score > 0) ranked.push({ text, source: passageIndex + 1, position, score: score + 0.01 / (passageIndex + 1) });
    }
  });
  ranked.sort((a, b) => b.score - a.score || a.position - b.position);
  const best = ranked[0]?.score ?? 0;
  // Keep what is close to the best: a sentence matching one common word of a five-word question is noise.
  return ranked.filter((sentence) => sentence.score >= Math.max(1, best * 0.4));
}

export function shorten(text: string, words: number): string {
  const all = text.split(/\s+/);
  return all.length <= words ? text : `${all.slice(0, words).join(' ')}…`;
}

export function truncateChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), Math.floor(max / 2))).trimEnd()}…`;
}

export const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase('vi') + text.slice(1);

/** A document sentence as plain chat text: no list marks, headings, emphasis or table bars; ending with a stop. */
export function plainSentence(text: string): string {
  const plain = text
    .replace(/^\s*(?:[-*+•>]|#{1,6}|\d+[.)])\s+/u, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s*\|\s*/g, ' – ')
    .replace(/^[\s–]+|[\s–]+$/gu, '')
    .replace(/\s+/g, ' ');
  const short = shorten(plain, PLAIN_SENTENCE_WORDS);
  return /[.!?…:]$/u.test(short) ? short : `${short}.`;
}

/** Sentences a page reply never repeats, whatever the documents say: text written to steer a model. */
export const STEERING =
  /\b(ignore|disregard|forget)\b.{0,40}\b(instructions?|rules?|prompts?)\b|system\s*prompt|(bỏ qua|phớt lờ|quên)\s.{0,40}(hướng dẫn|chỉ dẫn|quy tắc|lệnh)|\byou are now\b|bây giờ (bạn|mày) là\s|<\/?\s*[a-z_]+\s*>|＜|＞/iu;
