import { describe, expect, it } from 'vitest';
import { sameSecret } from './same-secret.js';

describe('sameSecret', () => {
  it('is true only for the same text; other lengths and other cases are different, without throwing', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret('abc', 'ABC')).toBe(false);
    expect(sameSecret('', '')).toBe(true);
    expect(sameSecret('chữ ký', 'chữ ký')).toBe(true);
  });
});
