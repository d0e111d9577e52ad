/**
 * Folds text for diacritic-insensitive search: "Giá  BÁN" and "gia ban" both become "gia ban". Apply it to
 * indexed text and to queries alike. NFD splits a letter from its marks (Vietnamese tones and ă â ê ô ơ ư
 * shapes are all combining marks), which are then dropped; đ is a letter of its own, not d plus a mark, so it
 * is mapped by hand. Folding never changes text that has neither marks nor capitals, e.g. plain English.
 */
export function foldVietnamese(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, (letter) => (letter === 'đ' ? 'd' : 'D'))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
