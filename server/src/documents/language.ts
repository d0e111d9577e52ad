import type { Language } from '@pagemate/shared-contracts/contracts';

/** Letters that only Vietnamese (among the languages we expect) writes: ă â đ ê ô ơ ư and the tone marks on vowels. */
const VIETNAMESE_LETTERS =
  /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/giu;
const LETTERS = /\p{L}/gu;
const LATIN_LETTERS = /[a-z]/gi;
/** Enough of the text to judge; counting a whole 20 MB file would cost time and say nothing more. */
export const LANGUAGE_SAMPLE_CHARS = 20_000;

/**
 * A cheap guess used to pick search configuration: Vietnamese text has a diacritic on roughly every third
 * letter, so even 5 % is a clear signal; otherwise mostly-ASCII letters are called English.
 */
export function guessLanguage(text: string): Language | undefined {
  const sample = text.slice(0, LANGUAGE_SAMPLE_CHARS);
  const letters = sample.match(LETTERS)?.length ?? 0;
  if (letters < 20) return undefined;
  const vietnamese = sample.match(VIETNAMESE_LETTERS)?.length ?? 0;
  if (vietnamese / letters >= 0.05) return 'vi';
  const latin = sample.match(LATIN_LETTERS)?.length ?? 0;
  return latin / letters >= 0.9 ? 'en' : undefined;
}
