import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The ~49,000 most common passwords of zxcvbn-ts's maintained list (from leaked-password corpora; it also
 * holds Vietnamese favourites such as "anhyeuem"), compared case-insensitively. Loaded once, offline.
 */
let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
