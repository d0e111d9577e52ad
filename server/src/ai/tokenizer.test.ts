import { describe, expect, it } from 'vitest';
import { countTokens, estimateTokens } from './tokenizer.ts';

describe('countTokens', () => {
  it('counts o200k_base tokens of English and Vietnamese text', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    const vietnamese = 'Giá bán của sản phẩm này là 450.000 đồng.';
    expect(countTokens(vietnamese)).toBeGreaterThan(5);
    expect(countTokens(vietnamese)).toBeLessThan(vietnamese.length);
  });

  it('counts special-token text in user content as ordinary text instead of throwing', () => {
    expect(countTokens('before <|endoftext|> after')).toBeGreaterThan(3);
  });

  it('estimates at or above the real count for both languages', () => {
    for (const text of ['The selling price includes value added tax.', 'Giá bán đã bao gồm thuế giá trị gia tăng.']) {
      expect(estimateTokens(text)).toBeGreaterThanOrEqual(countTokens(text));
    }
  });
});
