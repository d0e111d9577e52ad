import { describe, expect, it } from 'vitest';
import { foldVietnamese } from './fold.ts';
import { passageVector, searchVector } from './search-vector.ts';

describe('searchVector', () => {
  it('lists each folded word once with its positions, one-letter and two-letter syllables included', () => {
    const vector = searchVector(foldVietnamese('Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày.'));
    expect(vector).toBe("'giao':1 'hang':2 'toan':3 'quoc':4 'ha':5 'noi':6 '1':7 '2':8,14 'ngay':9,16 'tp':10 'ho':11 'chi':12 'minh':13 '3':15");
  });

  it('leaves out words too long to be searched and keeps at most 256 positions of a word', () => {
    expect(searchVector(`gia ${'x'.repeat(300)} ban`)).toBe("'gia':1 'ban':3");
    const many = searchVector(Array.from({ length: 400 }, () => 'ao').join(' '));
    expect(many.split(',')).toHaveLength(256);
  });

  it('vectorises a passage from its title, when it has one, then its text', () => {
    expect(passageVector({ title: 'Sheet: Bảng giá', text: 'Áo thun | 150.000' })).toBe("'sheet':1 'bang':2 'gia':3 'ao':4 'thun':5 '150':6 '000':7");
    expect(passageVector({ title: null, text: 'Áo thun' })).toBe("'ao':1 'thun':2");
  });

  it('gives the vector of the passage folded as a question is, whatever its whitespace', () => {
    const text = ' Giá  bán:\t150.000 ĐỒNG\u00a0/ chiếc\n\nÁo  thun \u3000 cotton ';
    expect(passageVector({ title: 'Sheet:  Bảng\u2028giá', text })).toBe(searchVector(foldVietnamese(`Sheet:  Bảng\u2028giá\n${text}`)));
    expect(passageVector({ text })).toBe("'gia':1 'ban':2 '150':3 '000':4 'dong':5 'chiec':6 'ao':7 'thun':8 'cotton':9");
  });
});
