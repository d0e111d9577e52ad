import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.ts';

describe('splitSentences', () => {
  it('never cuts after a Vietnamese abbreviation (TP., Q., P., TX., TT., H., ThS.)', () => {
    expect(splitSentences('Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày. Các tỉnh khác 3–5 ngày.')).toEqual([
      'Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày.',
      'Các tỉnh khác 3–5 ngày.',
    ]);
    expect(splitSentences('Địa chỉ: 25 Lý Thường Kiệt, P. Hàng Bài, Q. Hoàn Kiếm, Hà Nội. Chi nhánh Q. 1 mở 7 giờ.')).toHaveLength(2);
    expect(splitSentences('Kho ở TX. Sơn Tây và TT. Hữu Lũng, H. Củ Chi. Liên hệ ThS. Lan.')).toEqual([
      'Kho ở TX. Sơn Tây và TT. Hữu Lũng, H. Củ Chi.',
      'Liên hệ ThS. Lan.',
    ]);
  });

  it('ends sentences at stops, question and exclamation marks, and a time like "22h."', () => {
    expect(splitSentences('Mở cửa đến 22h. Chủ nhật nghỉ! Còn hàng không? Có.')).toEqual(['Mở cửa đến 22h.', 'Chủ nhật nghỉ!', 'Còn hàng không?', 'Có.']);
  });

  it('a stop inside a number or before a lower-case word does not end a sentence', () => {
    expect(splitSentences('Giá 25.000 đồng, v.v. và nhiều món khác. Trà 30.000đ.')).toEqual(['Giá 25.000 đồng, v.v. và nhiều món khác.', 'Trà 30.000đ.']);
  });
});
