import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (signatures, keys, tokens) are the same text, compared in constant time so a timing side
 * channel cannot reveal how long a prefix matched. Texts of different lengths are different, without throwing.
 */
export function sameSecret(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
