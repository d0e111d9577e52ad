import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (docs/README.md): code, lint messages and tests point only at documents that
 * are in it, at sections that exist, and the newcomer's map names files that exist.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Names of documents that are not in the repository. The patterns are spelled so that this file does not match
 * them itself.
 */
const OUTSIDE_REFERENCES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'the product spec (use docs/product.md §N)', pattern: /\bspec \u00a7/i },
  { name: 'the design notes (use docs/architecture.md §N)', pattern: /\bDESIGN\.md\b/ },
  { name: 'the design notes by their short name (use docs/architecture.md §N)', pattern: /\bDESIGN:\s/ },
  { name: 'the style examples (use docs/architecture.md)', pattern: /\bSTYLE\.md\b/ },
  { name: 'the field notes (use docs/meta-and-payos.md §N)', pattern: /\bFIELD-NOTE[S]\b/ },
  { name: 'an issue number (say what it meant)', pattern: /\bissue #\d/i },
  { name: 'the seed file', pattern: /\bseed\/\d{3}_/ },
];

/** `docs/product.md §5`, `docs/product.md §4, §9`, `docs/architecture.md §1–§2` → the file and every section. */
export function sectionReferences(text: string): { file: string; sections: number[] }[] {
  const found: { file: string; sections: number[] }[] = [];
  for (const match of text.matchAll(/docs\/([\w-]+\.md)((?:\s*(?:,|–|-|and)?\s*\u00a7\d+)+)/g)) {
    const sections = [...(match[2] ?? '').matchAll(/\u00a7(\d+)/g)].map((section) => Number(section[1]));
    found.push({ file: `docs/${match[1]}`, sections });
  }
  return found;
}

/** The outside references in one text, as `line: name`. */
export function outsideReferences(text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) =>
    OUTSIDE_REFERENCES.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${index + 1}: ${name}`),
  );
}

/** Section numbers of a markdown document: `## 3. Entities` → 3. */
function headings(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^## (\d+)\.?\s/gm)].map((match) => Number(match[1])));
}

/** Every file git tracks, plus new ones not ignored, with text content. */
function repositoryTextFiles(): { path: string; text: string }[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed
    .split('\0')
    .filter((path) => path !== '' && existsSync(join(ROOT, path)))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path)).toString('utf8') }))
    .filter(({ text }) => !text.includes('\0'));
}

const files = repositoryTextFiles();
const outsideDocs = files.filter(({ path }) => !path.startsWith('docs/') && path !== 'package-lock.json');

describe('the detectors', () => {
  it('find each outside reference and nothing in plain prose', () => {
    // Each name is split so that this file does not contain it.
    const sample = ['x (spec \u00a75)', 'the arrows of DESIGN' + '.md \u00a71', '(DESIGN' + ': server/src/bot)', 'STYLE' + '.md 8', 'FIELD-' + 'NOTES, Meta', 'Documents (issue ' + '#6)', 'se' + 'ed/000_abc.txt', 'the spec says so', 'issue tracker'].join('\n');
    expect(outsideReferences(sample)).toEqual([
      '1: the product spec (use docs/product.md §N)',
      '2: the design notes (use docs/architecture.md §N)',
      '3: the design notes by their short name (use docs/architecture.md §N)',
      '4: the style examples (use docs/architecture.md)',
      '5: the field notes (use docs/meta-and-payos.md §N)',
      '6: an issue number (say what it meant)',
      '7: the seed file',
    ]);
  });

  it('read single, listed and ranged section references', () => {
    expect(sectionReferences('see docs/product.md \u00a75; docs/product.md \u00a74, \u00a79 and docs/architecture.md \u00a71\u2013\u00a72.')).toEqual([
      { file: 'docs/product.md', sections: [5] },
      { file: 'docs/product.md', sections: [4, 9] },
      { file: 'docs/architecture.md', sections: [1, 2] },
    ]);
  });
});

describe('the repository explains itself', () => {
  it('has no reference to a document outside it (docs/ and package-lock.json aside)', () => {
    const offenders = outsideDocs.flatMap(({ path, text }) => outsideReferences(text).map((found) => `${path}:${found}`));
    expect(offenders).toEqual([]);
  });

  it('points every "docs/<file>.md §N" at an existing file and section heading', () => {
    const broken: string[] = [];
    for (const { path, text } of files) {
      for (const { file, sections } of sectionReferences(text)) {
        const target = join(ROOT, file);
        if (!existsSync(target)) {
          broken.push(`${path}: ${file} does not exist`);
          continue;
        }
        const present = headings(readFileSync(target, 'utf8'));
        for (const section of sections) if (!present.has(section)) broken.push(`${path}: ${file} has no section ${section}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names only existing paths in the newcomer\u2019s map and links only existing files from docs/', () => {
    const missing: string[] = [];
    const map = readFileSync(join(ROOT, 'docs/README.md'), 'utf8');
    for (const [, path = ''] of map.matchAll(/`((?:shared-contracts|shell|mf-[a-z-]+|server|e2e|bench|scripts)\/[\w./-]+)`/g)) {
      if (!existsSync(join(ROOT, path))) missing.push(`docs/README.md: ${path}`);
    }
    for (const { path, text } of files.filter((file) => file.path.startsWith('docs/') && file.path.endsWith('.md'))) {
      for (const [, link = ''] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(link)) continue;
        if (!existsSync(join(ROOT, dirname(path), link))) missing.push(`${path}: link ${link}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the documents the code points at, each with its numbered sections', () => {
    expect([...headings(readFileSync(join(ROOT, 'docs/product.md'), 'utf8'))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...headings(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'))]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(headings(readFileSync(join(ROOT, 'docs/meta-and-payos.md'), 'utf8')).size).toBeGreaterThan(0);
  });
});
