/**
 * Token counting for usage and billing (docs/architecture.md §4: counted with a real tokenizer). o200k_base is the
 * encoding of the GPT-4o / GPT-4.1 / GPT-5 / o-series models; importing its own entry (not the package main,
 * which also pulls in model metadata) keeps the dependency to the one BPE table we use. Measured on Node 20:
 * the first import takes about 0.5–0.6 s and ~34 MB of heap (the merge table), once per process.
 */
import { countTokens as countO200kTokens } from 'gpt-tokenizer/encoding/o200k_base';

export const TOKENIZER_ENCODING = 'o200k_base';

/**
 * By default gpt-tokenizer throws on text such as "<|endoftext|>"; in user documents and messages that is
 * ordinary text and is counted (and billed) as such.
 */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Exact number of o200k_base tokens of `text`. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  return countO200kTokens(text, AS_PLAIN_TEXT);
}

/**
 * A free upper-bound guess, for sizing before anything is sent (chunk budgets, context trimming); never for
 * billing. BPE packs English at about 4 characters per token and Vietnamese at about 2.5–3 because
 * diacritics split words; 2.5 keeps the guess on the safe side for both.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 2.5);
}
