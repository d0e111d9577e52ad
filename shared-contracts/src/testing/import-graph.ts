import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Every bare import (package specifier) reachable from `file` through its relative static imports, for
 * tests that prove a light entry loads nothing of the app (`import type` and CSS/JSON files are skipped).
 */
export function bareImportsFrom(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier = ''] of source.matchAll(/^import\s(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)) {
    if (!specifier.startsWith('.')) found.add(specifier);
    else if (!specifier.endsWith('.css') && !specifier.endsWith('.json')) {
      const base = resolve(dirname(file), specifier);
      const target = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
      if (target) for (const name of bareImportsFrom(target, seen)) found.add(name);
    }
  }
  return found;
}
