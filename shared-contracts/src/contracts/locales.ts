/** Locale resources: nested objects of strings. */
export interface LocaleTree {
  [key: string]: string | LocaleTree;
}

/** Dotted keys of a locale tree: `{ a: { b: 'x' } }` → `['a.b']`. */
export function flattenKeys(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const dotted = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [dotted] : flattenKeys(value, dotted);
  });
}

/** Keys present in one language and missing (or empty) in the other, per language. */
export function missingKeys(vi: LocaleTree, en: LocaleTree): { missingInVi: string[]; missingInEn: string[]; empty: string[] } {
  const viKeys = new Set(flattenKeys(vi));
  const enKeys = new Set(flattenKeys(en));
  const empty = [...collectEmpty(vi, 'vi'), ...collectEmpty(en, 'en')];
  return {
    missingInVi: [...enKeys].filter((k) => !viKeys.has(k)),
    missingInEn: [...viKeys].filter((k) => !enKeys.has(k)),
    empty,
  };
}

function collectEmpty(tree: LocaleTree, lang: string, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return value.trim() === '' ? [`${lang}:${dotted}`] : [];
    return collectEmpty(value, lang, dotted);
  });
}
