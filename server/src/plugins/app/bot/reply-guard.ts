import { pageReplyFallback } from '../../../ai/page-reply.js';
import { BOT_PROMPT_MARKERS, BOT_PROMPT_TAGS, instructionPartOf } from './bot-prompt.js';
import { findLinks, INVISIBLE, scannable } from './links.js';

export type GuardVerdict = { ok: true; text: string } | { ok: false; reason: 'empty' | 'foreign_link' | 'foreign_phone' | 'prompt_leak'; detail?: string };

export interface GuardOptions {
  kind: 'comment' | 'message';
  /** Does the page's documents or bot config hold this link (see `linkIn`)? */
  isKnownLink(link: string): Promise<boolean>;
  /** Is this phone number (digits only, normalised: leading +84 → 0) present in the page's documents or config? */
  isKnownPhone(digits: string): Promise<boolean>;
  /** The system prompt actually sent, for leak detection. */
  systemPrompt: string;
}

/** Below Facebook's own limits (a comment takes more, a Messenger text 2,000), with room to spare. */
export const REPLY_MAX_CHARS: Record<'comment' | 'message', number> = { comment: 1_000, message: 1_900 };

/** A reply sharing this many characters in a row (whitespace-normalised, any case) with the fixed rules repeats them. */
export const LEAK_RUN_CHARS = 60;

/** "The shop received your question and will get back to you shortly", in the customer's language. */
export function fallbackReply(lang: 'vi' | 'en', pageName: string, customerName: string): string {
  return pageReplyFallback(lang, pageName, customerName);
}

// ---------------------------------------------------------------------------------------------------------------
// Phone numbers

/**
 * Amounts masked before looking for phone numbers: prices written with thousands separators (150.000, 1,500,000
 * — never with a leading 0, and not after a "+84 " or another number), and any number with a unit or currency.
 */
const AMOUNTS = [
  /(?<![\d+][ \u00A0.-]?)(?<!\d)[1-9]\d{0,2}(?:[.,]\d{3})+(?:[.,]\d{1,2})?(?![\d])/gu,
  /(?<![\d+][ \u00A0.-]?)(?<!\d)[1-9][\d.,]*\s?(?:đ|₫|vnđ|vnd|đồng|dong|k|tr|triệu|nghìn|ngàn|usd|cm|mm|kg|g|ml|l|m|%)(?![\p{L}\p{N}])/giu,
];

const GROUP = String.raw`(?:\(\s?\d+\s?\)|\d+)`;
const PHONE_CHAIN = new RegExp(String.raw`(\+\s?)?${GROUP}(?:(?:[ \u00A0]?[.\-–][ \u00A0]?|[ \u00A0])${GROUP})*`, 'gu');

/** How many digits a number starting like `digits` has, as far as its start tells (15 when it does not). */
function expectedLength(digits: string, international: boolean): number {
  if (international) return 15;
  if (digits.startsWith('0') && digits.length >= 2) return digits[1] === '2' ? 11 : 10;
  if (digits.startsWith('84') && digits.length >= 3) return digits[2] === '2' ? 12 : 11;
  if (/^1[89]00/u.test(digits)) return 8;
  return 15;
}

/** The phone number `digits` stands for, normalised; null when it is not one (too short to be a number to call). */
function normalisedPhone(digits: string, international: boolean): string | null {
  if (international) {
    if (digits.startsWith('84')) return digits.length >= 10 ? `0${digits.slice(2).replace(/^0/u, '')}` : null;
    return digits.length >= 8 ? digits : null;
  }
  if (digits.startsWith('84') && digits.length >= 11 && digits.length <= 12) return `0${digits.slice(2).replace(/^0/u, '')}`;
  if (digits.startsWith('0')) return digits.length >= 9 ? digits : null;
  if (/^1[89]00/u.test(digits)) return digits.length >= 8 ? digits : null;
  // A mobile number without its leading 0, or a long account number: both would reach someone.
  if (digits.length === 9 && /^[35789]/u.test(digits)) return `0${digits}`;
  return digits.length >= 9 ? digits : null;
}

/**
 * Phone numbers in `text`, digits only and normalised (+84 / 84 → 0): Vietnamese mobiles and landlines and
 * international numbers in their common spellings (0912 345 678, 0912.345.678, +84 912 345 678, (028) 3822 1234,
 * 1900 1234), and any other run of 9 or more digits (an account number reaches someone too). Prices (150.000đ,
 * 1.500.000), years, dates, times and numbers shorter than 9 digits are not phone numbers.
 */
export function findPhones(text: string): string[] {
  const masked = AMOUNTS.reduce((current, pattern) => current.replace(pattern, '¤'), scannable(text));
  const found: string[] = [];
  for (const chain of masked.matchAll(PHONE_CHAIN)) {
    const international = chain[1] !== undefined;
    const groups = chain[0].match(/\d+/gu) ?? [];
    let index = 0;
    let first = true;
    while (index < groups.length) {
      // Two numbers side by side ("0912 345 678 0987 654 321") part where the first is complete.
      const plus = international && first;
      let digits = groups[index] ?? '';
      index += 1;
      first = false;
      // "size 38 39 40 41": without a telling start (+, 0, 84, 1800/1900) a number opens with 3 digits or more.
      if (!plus && digits.length < 3 && !/^(?:0|84)/u.test(digits)) continue;
      while (index < groups.length && digits.length < expectedLength(digits, plus)) {
        digits += groups[index] ?? '';
        index += 1;
      }
      const phone = normalisedPhone(digits, plus);
      if (phone) found.push(phone);
    }
  }
  return [...new Set(found)];
}

// ---------------------------------------------------------------------------------------------------------------
// Cleaning and capping

/** The reply as plain chat text: markdown emphasis, headings, quotes, code and citation marks removed. */
export function plainReply(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(/\r\n?/gu, '\n')
    .replace(/^\s*```.*$/gmu, '')
    .replace(/!?\[([^\]\n]+)\]\(([^)\s]+)\)/gu, '$1 ($2)')
    .replace(/【[^】]*】/gu, '')
    .replace(/\s*\[\^?\d+(?:\s*[,;–-]\s*\d+)*\]/gu, '')
    .replace(/^\s{0,3}#{1,6}\s+/gmu, '')
    .replace(/^\s{0,3}>\s?/gmu, '')
    .replace(/^\s*(?:[-*_]\s*){3,}$/gmu, '')
    .replace(/^(\s*)[*+•]\s+/gmu, '$1- ')
    .replace(/(\*\*|__)(?=\S)([\s\S]+?)(?<=\S)\1/gu, '$2')
    .replace(/(?<![\p{L}\p{N}*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\p{L}\p{N}*])/gu, '$1')
    .replace(/(?<![\p{L}\p{N}_/])_(?=\S)([^_\n]+?)(?<=\S)_(?![\p{L}\p{N}_])/gu, '$1')
    .replace(/\*\*|`/gu, '')
    .replace(/[ \t\u00A0]+/gu, ' ')
    .replace(/ *\n */gu, '\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}

/** `text` within `max` characters: cut after the last whole sentence that fits, else at a word with "…". */
export function capReply(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  let sentenceEnd = -1;
  for (const match of cut.matchAll(/[.!?…](?=\s)/gu)) sentenceEnd = match.index + 1;
  if (sentenceEnd >= max * 0.6) return cut.slice(0, sentenceEnd).trimEnd();
  const space = cut.search(/\s\S*$/u);
  const words = space >= max * 0.5 ? cut.slice(0, space) : cut;
  return `${words.replace(/[\s,;:–-]+$/u, '')}…`;
}

// ---------------------------------------------------------------------------------------------------------------
// Prompt leaks

const squeeze = (text: string) => scannable(text).toLowerCase().replace(/\s+/gu, ' ').trim();
const PROMPT_TAG = new RegExp(`<\\s*/?\\s*(?:${BOT_PROMPT_TAGS.join('|')})\\b`, 'iu');

/** Every LEAK_RUN_CHARS-long run of the prompt's fixed rules, squeezed. */
function rulesRuns(systemPrompt: string): Set<string> {
  const rules = squeeze(instructionPartOf(systemPrompt));
  const runs = new Set<string>();
  for (let index = 0; index + LEAK_RUN_CHARS <= rules.length; index += 1) runs.add(rules.slice(index, index + LEAK_RUN_CHARS));
  return runs;
}

/** Why a reply repeats the prompt, or null: a marker phrase, a prompt tag, or a long run of the fixed rules. */
function leakOf(replies: readonly string[], systemPrompt: string): string | null {
  let runs: Set<string> | undefined;
  for (const reply of replies) {
    const text = squeeze(reply);
    const marker = BOT_PROMPT_MARKERS.find((phrase) => text.includes(phrase));
    if (marker) return `marker: ${marker}`;
    const tag = PROMPT_TAG.exec(text);
    if (tag) return `tag: ${tag[0]}`;
    runs ??= rulesRuns(systemPrompt);
    for (let index = 0; index + LEAK_RUN_CHARS <= text.length; index += 1) {
      const run = text.slice(index, index + LEAK_RUN_CHARS);
      if (runs.has(run)) return `verbatim: ${run}`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The last check before a reply goes to Facebook: plain text, within the length Facebook takes, and refused when
 * it is empty, repeats the prompt, or carries a link or a phone number that neither the page's documents nor its
 * bot config hold (what an injected instruction would ask for).
 */
export async function guardReply(reply: string, options: GuardOptions): Promise<GuardVerdict> {
  const plain = plainReply(reply);
  if (!/[\p{L}\p{N}]/u.test(plain)) return { ok: false, reason: 'empty' };
  const leak = leakOf([reply, plain], options.systemPrompt);
  if (leak) return { ok: false, reason: 'prompt_leak', detail: leak };
  const text = capReply(plain, REPLY_MAX_CHARS[options.kind]);
  // What is sent, and what the model wrote beyond the cap: a model that wrote a foreign link was steered.
  const links = [...new Set([...findLinks(plain), ...findLinks(text)])];
  for (const link of links) {
    if (!(await options.isKnownLink(link))) return { ok: false, reason: 'foreign_link', detail: link };
  }
  const phones = [...new Set([...findPhones(plain), ...findPhones(text)])];
  for (const phone of phones) {
    if (!(await options.isKnownPhone(phone))) return { ok: false, reason: 'foreign_phone', detail: phone };
  }
  return { ok: true, text };
}
