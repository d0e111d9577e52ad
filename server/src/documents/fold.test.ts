import { describe, expect, it } from 'vitest';
import { foldedWords, foldLetters, foldVietnamese, wordsOfFolded } from './fold.ts';

describe('foldVietnamese', () => {
  it('makes a query without diacritics match Vietnamese text', () => {
    const indexed = foldVietnamese('Giá bán của Áo thun là 150.000 đồng');
    expect(indexed).toContain(foldVietnamese('gia ban'));
    expect(indexed).toContain(foldVietnamese('ao thun'));
    expect(indexed).toContain('dong');
  });

  it('ignores case and the đ/Đ letter, and collapses whitespace', () => {
    expect(foldVietnamese('  ĐẶT   HÀNG\tngay\n')).toBe('dat hang ngay');
    expect(foldVietnamese('GIÁ BÁN')).toBe(foldVietnamese('giá bán'));
    expect(foldVietnamese('Được ưu đãi')).toBe('duoc uu dai');
  });

  it('folds precomposed and decomposed input alike', () => {
    expect(foldVietnamese('Tiếng Việt'.normalize('NFC'))).toBe(foldVietnamese('Tiếng Việt'.normalize('NFD')));
  });

  it('leaves lower-case English unchanged', () => {
    const english = 'the selling price includes value added tax (10%).';
    expect(foldVietnamese(english)).toBe(english);
  });
});

describe('foldVietnamese, character by character', () => {
  /** The whole text normalised at once, its marks dropped: what folding one character at a time must equal. */
  const reference = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .replace(/[đĐ]/g, (letter) => (letter === 'đ' ? 'd' : 'D'))
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();

  it('equals folding the whole text at once, for precomposed, decomposed and mixed scripts', () => {
    const samples = [
      'Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày.',
      'Giao hàng toàn quốc: Hà Nội'.normalize('NFD'),
      'ĐẶT HÀNG\u00a0NGAY\u2028Ưu đãi 🎉 Ωmega ΣΑΣ ﬁ 한국어 日本語 Ǆ',
      'a\u0301\u0323 e\u0302\u0300 \ud83d\ude00',
      ' a  b \t c\v\fd\u00a0 \ufeffe \u3000\u2028 f\r\n\n g \u1680\u200a\u202f\u205f ',
    ];
    for (const sample of samples) expect(foldVietnamese(sample)).toBe(reference(sample));
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const alphabet = [...'aăâbcdđeêghiklmnoôơpqrstuưvxyÀÁẢÃẠẰẮẲẴẶẦẤẨẪẬÈÉẺẼẸỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌỒỐỔỖỘỜỚỞỠỢÙÚỦŨỤỪỨỬỮỰỲÝỶỸỴ   \n\t\r\u00a0\u2003.,0123456789\u0301\u0309'];
    for (let n = 0; n < 200; n += 1) {
      const text = Array.from({ length: 40 }, () => alphabet[Math.floor(random() * alphabet.length)] ?? '').join('');
      expect(foldVietnamese(text)).toBe(reference(text));
    }
  });
});

describe('foldLetters', () => {
  it('folds as foldVietnamese does but keeps the whitespace, so both give the same words', () => {
    expect(foldLetters(' ĐẶT   HÀNG\tngay\n')).toBe(' dat   hang\tngay\n');
    let seed = 5;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const alphabet = [...'aăâđêôơưÁẶỄỮỴ ZΣΑς0123456789.,:-/_\t\n\r\u00a0\u2028\u3000\u0301日한', '\ud83d\ude00', '\ud800'];
    for (let n = 0; n < 300; n += 1) {
      const text = Array.from({ length: 30 }, () => alphabet[Math.floor(random() * alphabet.length)] ?? '').join('');
      expect(foldLetters(text).replace(/\s+/g, ' ').trim()).toBe(foldVietnamese(text));
      expect(wordsOfFolded(foldLetters(text))).toEqual(wordsOfFolded(foldVietnamese(text)));
      expect(foldedWords(text)).toEqual(wordsOfFolded(foldVietnamese(text)));
    }
  });
});

describe('wordsOfFolded', () => {
  /** What it must equal: the text split at every run of characters that are neither letters nor digits. */
  const reference = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);

  it('splits folded text into runs of letters and digits, in any script', () => {
    expect(wordsOfFolded('gia ban: 150.000d/chiec (size m)')).toEqual(['gia', 'ban', '150', '000d', 'chiec', 'size', 'm']);
    expect(foldedWords('Giá bán: 150.000đ/chiếc')).toEqual(['gia', 'ban', '150', '000d', 'chiec']);
    const samples = ['', '   ', '--a--', 'Ωmega σας ﬁ 한국어 日本語 ǆ ٣٤ 𝐀𝐁c \ud83d\ude00x', 'a\u0301b \ud800lone \udc00 x_y', '\u00a0a\u2028b\u3000c'];
    for (const sample of samples) expect(wordsOfFolded(sample)).toEqual(reference(sample));
  });

  it('gives what splitting with the regular expression gives, on random text of many scripts', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const alphabet = [...'abz AZ09_-.,:;/\t\nđăâêôơưàÀΣσςжЖ日本한٣\u0301\u00a0\u200b', '\ud835\udc00', '\ud83d\ude00', '\ud800', '\udc00'];
    for (let n = 0; n < 300; n += 1) {
      const text = Array.from({ length: 30 }, () => alphabet[Math.floor(random() * alphabet.length)] ?? '').join('');
      expect(wordsOfFolded(text)).toEqual(reference(text));
    }
  });
});
