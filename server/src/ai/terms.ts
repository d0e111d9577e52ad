import { foldedWords, foldVietnamese } from '../documents/fold.js';

export { foldedWords };

/**
 * Words too common to say what a question is about, as written with their diacritics: "hả" (a question
 * particle) is one, "Hà" (of Hà Nội) is not, "bạn" is one, "bán" is not. Words written without diacritics are
 * compared folded (see `STOP_FOLDED`).
 */
const STOP_MARKED = new Set(
  (
    'là của gì nào bao nhiêu không có được và các những một cho với trong thì mà này đó như hay đến từ về để khi vậy ' +
    'ơi nhé nha nhá sao thế tôi mình chúng ấy kia nhỉ hả ư ạ à vui lòng xin hỏi biết ai đâu rồi chưa sẽ đang đã rất quá làm ' +
    'bạn ở thể cần muốn giúp em anh chị ơ nhỉ vâng dạ ừ cái con chiếc nhiêu mấy thế nào'
  ).split(' '),
);

const STOP_ENGLISH =
  'is are was were be been what which who whom whose when where why how much many does do did the of to and or an a i ' +
  'in on at for with by from as that this these those it its me my we our you your can could would should will ' +
  'please tell about there their they them any some into than then also not no yes get have has if us';

/**
 * Folded forms that are stop words when written without diacritics. Not "ban" ("bán"), "den" ("đen"), "da"
 * ("đá", "da") or "gia" ("giá"): a shop is asked about exactly those.
 */
const STOP_FOLDED = new Set([...[...STOP_MARKED].map(foldVietnamese).filter((word) => !['ban', 'den', 'da'].includes(word)), ...STOP_ENGLISH.split(' ')]);

/**
 * Place names, folded: their syllables are never stop words, whatever they fold to ("ha" of "ha noi" is not
 * "hả"), and a question naming one keeps its syllables side by side (see `pairs`).
 */
const PLACES = (
  'ha noi|ho chi minh|sai gon|da nang|hai phong|can tho|nha trang|da lat|vung tau|bien hoa|thu duc|binh duong|dong nai|' +
  'quang ninh|ha long|bac ninh|nghe an|thanh hoa|khanh hoa|lam dong|ben tre|long an|tien giang|an giang|kien giang|' +
  'phu quoc|ca mau|bac lieu|soc trang|tay ninh|binh phuoc|gia lai|kon tum|dak lak|buon ma thuot|quy nhon|quang nam|' +
  'hoi an|quang ngai|phu yen|ninh thuan|binh thuan|phan thiet|ha giang|lao cai|sa pa|yen bai|son la|dien bien|' +
  'lai chau|cao bang|lang son|thai nguyen|bac giang|phu tho|vinh phuc|hung yen|hai duong|thai binh|nam dinh|ninh binh|' +
  'ha nam|ha tinh|quang binh|quang tri|ha dong|hoan kiem|ba dinh|cau giay|dong da|hai ba trung|tay ho|long bien|' +
  'tan binh|go vap|binh thanh|phu nhuan|tan phu|binh tan|ben nghe|ben thanh|toan quoc|noi thanh|ngoai thanh|' +
  'mien bac|mien trung|mien nam|viet nam'
)
  .split('|')
  .map((place) => place.split(' '));

/**
 * Chat shorthand, folded, and what it stands for. `keep`: the shorthand is also written in documents ("ship",
 * "size", "COD"), so it is searched as well as its meaning; the others ("k", "dc", "bn") only ever mean their
 * expansion.
 */
const TEENCODE: Record<string, { means: string; keep?: true }> = {
  ship: { means: 'giao hang', keep: true },
  shipping: { means: 'giao hang', keep: true },
  freeship: { means: 'mien phi giao hang', keep: true },
  sz: { means: 'size' },
  siz: { means: 'size' },
  bn: { means: 'bao nhieu' },
  bnh: { means: 'bao nhieu' },
  bnhieu: { means: 'bao nhieu' },
  nhiu: { means: 'nhieu' },
  k: { means: 'khong' },
  ko: { means: 'khong' },
  kh: { means: 'khong' },
  khg: { means: 'khong' },
  kg: { means: 'khong' },
  hok: { means: 'khong' },
  hong: { means: 'khong' },
  dc: { means: 'duoc' },
  dk: { means: 'duoc' },
  j: { means: 'gi' },
  z: { means: 'vay' },
  v: { means: 'vay' },
  r: { means: 'roi' },
  vs: { means: 'voi' },
  mk: { means: 'minh' },
  mik: { means: 'minh' },
  e: { means: 'em' },
  a: { means: 'anh' },
  c: { means: 'chi' },
  ntn: { means: 'nhu the nao' },
  bh: { means: 'bao gio' },
  bik: { means: 'biet' },
  bit: { means: 'biet' },
  ng: { means: 'nguoi' },
  lm: { means: 'lam' },
  sp: { means: 'san pham', keep: true },
  cf: { means: 'ca phe', keep: true },
  sdt: { means: 'so dien thoai', keep: true },
  dt: { means: 'dien thoai', keep: true },
  stk: { means: 'so tai khoan', keep: true },
  tk: { means: 'tai khoan' },
  ck: { means: 'chuyen khoan', keep: true },
  cod: { means: 'thanh toan khi nhan hang', keep: true },
  ib: { means: 'nhan tin', keep: true },
  inbox: { means: 'nhan tin', keep: true },
  hn: { means: 'ha noi', keep: true },
  hcm: { means: 'ho chi minh', keep: true },
  tphcm: { means: 'tp ho chi minh', keep: true },
  sg: { means: 'sai gon', keep: true },
  t2: { means: 'thu hai', keep: true },
  t3: { means: 'thu ba', keep: true },
  t4: { means: 'thu tu', keep: true },
  t5: { means: 'thu nam', keep: true },
  t6: { means: 'thu sau', keep: true },
  t7: { means: 'thu bay', keep: true },
  cn: { means: 'chu nhat', keep: true },
  h: { means: 'gio' },
  pls: { means: 'please' },
  plz: { means: 'please' },
  u: { means: 'you' },
  ur: { means: 'your' },
  hrs: { means: 'hours', keep: true },
};

/** Words only Vietnamese writes among the languages we expect, folded; two of them mark a diacritic-free question. */
const VIETNAMESE_WORDS = new Set(
  'khong la cua gi nao bao nhieu toi minh duoc nhu tai sao voi trong mot cac nhung nay thi vay cho hay lam nhe giup xin chao den roi chua dau khi nen phai gia ban hang mua lau ve ngay mat gio ko bn dc hcm tphcm sdt stk ck'.split(
    ' ',
  ),
);
const VIETNAMESE_LETTERS = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu;


/** A stop word whatever its diacritics were (for keywords of a document, not for questions: see `queryTerms`). */
export const isStopword = (folded: string) => STOP_FOLDED.has(folded);

/** What a search looks for, from a question. */
export interface QueryTerms {
  /**
   * The question's meaningful words, each given as its alternatives: a word is `[[word]]`; shorthand is itself
   * or its meaning written out ("ship" → `[['ship'], ['giao', 'hang']]`), so it counts once however it is written.
   * An alternative of several words matches them side by side.
   */
  units: string[][][];
  /** Distinct folded words of `units` (every alternative), for what matches word by word. */
  words: string[];
  /** Distinct pairs of folded syllables side by side in the question ("ha noi"), stop words alone not paired. */
  pairs: string[];
  /** The words that match any word they start (English stems: "deliver" for "deliveries"). */
  stems: ReadonlySet<string>;
}

interface Token {
  folded: string;
  stop: boolean;
  /** Index of the clause (question text between punctuation); pairs never cross clauses. */
  clause: number;
  /** Tokens of one shorthand's meaning share its index; other tokens have their own. */
  group: number;
  /** The shorthand itself, when it is also written in documents. */
  shorthand?: string;
}

/** An English word cut to its stem, or undefined when it is short or has no ending to cut. */
function englishStem(word: string): string | undefined {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return undefined;
  const stem = word
    .replace(/(ies|y)$/, '')
    .replace(/(ing|ed|es|s)$/, '')
    .replace(/([b-df-hj-np-tv-z])\1$/, '$1');
  return stem.length >= 3 ? stem : undefined;
}

/** The question's tokens in order, shorthand expanded, each marked stop word or not. */
function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let clause = 0;
  let group = 0;
  let first = true;
  for (const piece of text.normalize('NFC').split(/([^\p{L}\p{M}\p{N}]+)/u)) {
    if (piece === '') continue;
    if (!/[\p{L}\p{N}]/u.test(piece)) {
      if (/[.,;:!?()[\]{}"“”|/\\\n]/u.test(piece)) clause += 1;
      if (/[.!?\n]/u.test(piece)) first = true;
      continue;
    }
    const lower = piece.toLocaleLowerCase('vi');
    const folded = foldVietnamese(piece);
    // "Hà" has marks, "đc" does not: đ is a letter of its own.
    const marked = /\p{M}/u.test(lower.normalize('NFD'));
    const shorthand = marked ? undefined : TEENCODE[folded];
    group += 1;
    if (shorthand) {
      for (const word of shorthand.means.split(' ')) {
        tokens.push({ folded: word, stop: STOP_FOLDED.has(word), clause, group, ...(shorthand.keep ? { shorthand: folded } : {}) });
      }
    } else {
      // A capitalised word inside a sentence is a name ("Ha Noi", "Go Vap"), never a stop word.
      const proper = !first && /^\p{Lu}/u.test(piece) && !marked;
      const stop = (marked ? STOP_MARKED.has(lower) : STOP_FOLDED.has(folded)) && !proper;
      tokens.push({ folded, stop, clause, group });
    }
    first = false;
  }
  // Place names keep all their syllables.
  for (let index = 0; index < tokens.length; index += 1) {
    for (const place of PLACES) {
      if (place.every((syllable, offset) => tokens[index + offset]?.folded === syllable && tokens[index + offset]?.clause === tokens[index]?.clause)) {
        for (let offset = 0; offset < place.length; offset += 1) {
          const token = tokens[index + offset];
          if (token) token.stop = false;
        }
      }
    }
  }
  return tokens;
}

/** The meaningful units of the tokens: one per word, one per shorthand (its alternatives), stop words left out. */
function unitsOf(tokens: readonly Token[]): string[][][] {
  const units: string[][][] = [];
  const seen = new Set<string>();
  const add = (unit: string[][]) => {
    const key = unit.map((alternative) => alternative.join(' ')).join('|');
    if (seen.has(key)) return;
    seen.add(key);
    units.push(unit);
  };
  for (let index = 0; index < tokens.length; ) {
    const token = tokens[index];
    if (!token) break;
    let end = index + 1;
    while (tokens[end]?.group === token.group) end += 1;
    const meaning = tokens.slice(index, end);
    if (end - index === 1 && token.shorthand === undefined) {
      if (!token.stop) add([[token.folded]]);
    } else if (meaning.some((part) => !part.stop)) {
      // A shorthand: its meaning as written out (stop words included, as they stand between the others).
      const written = meaning.map((part) => part.folded);
      add(token.shorthand === undefined ? [written] : [[token.shorthand], written]);
    } else if (token.shorthand !== undefined) {
      add([[token.shorthand]]);
    }
    index = end;
  }
  return units;
}

/**
 * The words, syllable pairs and stems a search should look for: folded (diacritics, đ and case ignored),
 * one-letter and two-letter syllables kept ("Hà Nội", size "M"), shorthand expanded ("ship" → "giao hàng",
 * "sz" → "size", "bn" → "bao nhiêu"), stop words dropped unless they are part of a place name.
 */
export function queryTerms(text: string, max = 24): QueryTerms {
  const tokens = tokensOf(text);
  let units = unitsOf(tokens);
  // Nothing but common words: those are all there is to search.
  if (units.length === 0) units = [...new Set(tokens.map((token) => token.folded))].map((word) => [[word]]);
  units = units.slice(0, max);
  const stems = new Set<string>();
  if (!isVietnamese(text)) {
    units = units.map((unit) =>
      unit.map((alternative) => {
        const stem = alternative.length === 1 && alternative[0] !== undefined ? englishStem(alternative[0]) : undefined;
        if (stem === undefined) return alternative;
        stems.add(stem);
        return [stem];
      }),
    );
  }
  const pairs = new Set<string>();
  tokens.forEach((token, index) => {
    const next = tokens[index + 1];
    if (next && next.clause === token.clause && !(token.stop && next.stop) && token.folded !== next.folded) pairs.add(`${token.folded} ${next.folded}`);
  });
  return { units, words: [...new Set(units.flat(2))], pairs: [...pairs].slice(0, Math.ceil(max / 2)), stems };
}

/** Whether a folded word of a text is the term, or starts with it when the term is a stem. */
export function matchesTerm(word: string, term: string, stems: ReadonlySet<string>): boolean {
  return word === term || (stems.has(term) && word.startsWith(term));
}

/** Whether the folded words of a text have one of the unit's alternatives (its words side by side). */
export function hasUnit(words: readonly string[], unit: readonly (readonly string[])[], stems: ReadonlySet<string>): boolean {
  return unit.some((alternative) =>
    words.some((_, start) => alternative.every((term, offset) => matchesTerm(words[start + offset] ?? '', term, stems))),
  );
}

/** Vietnamese when it has a Vietnamese letter, or (written without diacritics) at least two Vietnamese-only words. */
export function isVietnamese(text: string): boolean {
  if (VIETNAMESE_LETTERS.test(text)) return true;
  return foldedWords(text).filter((word) => VIETNAMESE_WORDS.has(word)).length >= 2;
}
