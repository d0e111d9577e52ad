import { foldVietnamese } from '../documents/fold.js';

/**
 * Words too common to say what a question is about, folded (no diacritics), Vietnamese and English. Not "ban"
 * or "gia": "giá bán" is exactly what people ask about.
 */
const STOPWORDS = new Set(
  (
    'la cua gi nao bao nhieu khong co duoc va cac nhung mot cho voi trong thi ma nay do nhu hay den tu ve de khi vay ' +
    'oi nhe sao the toi minh chung ay kia nhi ha u vui long xin hoi cho biet ai dau roi chua se dang da rat qua lam ' +
    'is are was were be been what which who whom whose when where why how much many does do did the of to and or an ' +
    'in on at for with by from as that this these those it its me my we our you your can could would should will ' +
    'please tell about there their they them any some into than then also not no yes'
  ).split(' '),
);

/** Words only Vietnamese writes among the languages we expect, folded; two of them mark a diacritic-free question. */
const VIETNAMESE_WORDS = new Set(
  'khong la cua gi nao bao nhieu toi minh duoc nhu tai sao voi trong mot cac nhung nay thi vay cho hay lam nhe giup xin chao den roi chua dau khi nen phai gia ban hang mua'.split(' '),
);
const VIETNAMESE_LETTERS = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu;

/** Folded words of `text`: letters and digits only, so a word can never carry query syntax. */
export function foldedWords(text: string): string[] {
  return foldVietnamese(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

export const isStopword = (folded: string) => STOPWORDS.has(folded);

/**
 * The distinct words a search should look for: folded, at least 2 characters, common words dropped — unless
 * the question is made of nothing else, then those are all there is to search.
 */
export function searchTerms(text: string, max = 24): string[] {
  const words = [...new Set(foldedWords(text).filter((word) => word.length >= 2))];
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, max);
}

/** Vietnamese when it has a Vietnamese letter, or (written without diacritics) at least two Vietnamese-only words. */
export function isVietnamese(text: string): boolean {
  if (VIETNAMESE_LETTERS.test(text)) return true;
  return foldedWords(text).filter((word) => VIETNAMESE_WORDS.has(word)).length >= 2;
}
