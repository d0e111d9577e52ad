import { describe, expect, it } from 'vitest';
import { foldVietnamese } from './fold.ts';

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
    ];
    for (const sample of samples) expect(foldVietnamese(sample)).toBe(reference(sample));
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const alphabet = [...'aăâbcdđeêghiklmnoôơpqrstuưvxyÀÁẢÃẠẰẮẲẴẶẦẤẨẪẬÈÉẺẼẸỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌỒỐỔỖỘỜỚỞỠỢÙÚỦŨỤỪỨỬỮỰỲÝỶỸỴ \n\t.,0123456789\u0301\u0309'];
    for (let n = 0; n < 200; n += 1) {
      const text = Array.from({ length: 40 }, () => alphabet[Math.floor(random() * alphabet.length)] ?? '').join('');
      expect(foldVietnamese(text)).toBe(reference(text));
    }
  });
});
