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
