import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { usedExportsOf } from './used-exports.js';

/**
 * antd's prebuilt stylesheet cut to the components the product draws (docs/architecture.md §2, shared tree-shaking).
 *
 * The shell loads antd's whole stylesheet (`antd/dist/antd.css`, ≈ 1 MB) because the components' styles are not
 * generated at run time. The product imports about fifty of antd's components (`usedExportsOf('antd')`, the list the
 * shared antd is cut to), and those draw only the components they import in turn. So the rules of every other
 * component (cascader, mentions, tour, transfer, …) can go: a remote that draws one of them imports it, which the cut
 * list lacks, and the cut-share guard gives that remote the whole antd, which generates its own styles.
 */

/** An antd component folder (`antd/es/<folder>`) and every folder its files import, transitively. */
export function componentFoldersOf(esDir: string, exportNames: readonly string[]): Set<string> {
  const index = readFileSync(join(esDir, 'index.js'), 'utf8');
  const folderOf = new Map([...index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)].map((m) => [m[1], m[2]] as const));
  const start = exportNames.map((name) => folderOf.get(name)).filter((folder): folder is string => folder !== undefined);
  const seen = new Set(start);
  const queue = [...start];
  for (let folder = queue.pop(); folder !== undefined; folder = queue.pop()) {
    for (const file of scriptsUnder(join(esDir, folder))) {
      for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(esDir, resolve(dirname(file), specifier)).split('/')[0];
        if (target && !target.startsWith('..') && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
  }
  return seen;
}

function scriptsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The class prefixes (`ant-<prefix>`) the components in `folders` give their elements (`getPrefixCls('btn')`). */
export function classPrefixesOf(esDir: string, folders: Iterable<string>): Set<string> {
  const prefixes = new Set<string>();
  for (const folder of folders) {
    for (const file of scriptsUnder(join(esDir, folder))) {
      for (const [, , prefix = ''] of readFileSync(file, 'utf8').matchAll(/getPrefixCls\((['"])([a-z-]+)\1/g)) prefixes.add(prefix);
    }
  }
  return prefixes;
}

/** `selector` with everything inside parentheses left out: `:not(…)`, `:has(…)`, `:is(…)` do not require their classes. */
function outsideParentheses(selector: string): string {
  let depth = 0;
  let out = '';
  for (const char of selector) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (depth === 0) out += char;
  }
  return out;
}

/** The end (index after the closing brace) of the block whose `{` is at `open`, skipping quoted strings. */
function blockEnd(css: string, open: number): number {
  let depth = 1;
  let quote: string | null = null;
  let i = open + 1;
  for (; i < css.length && depth > 0; i += 1) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
  }
  return i;
}

/**
 * `css` without the selectors that need a class of a component not kept: a selector is dropped when, outside
 * parentheses, it names `.ant-<prefix>…` for a prefix in `all` but not in `kept` (the longest known prefix decides:
 * `.ant-input-number-handler` belongs to `input-number`, not `input`). Rules left with no selector go; classes of no
 * component (motion classes such as `.ant-zoom-big`) never drop anything; at-rules keep their own text, and the
 * rules inside `@media`, `@supports`, `@layer` and `@container` are cut the same way.
 */
export function cutStylesheet(css: string, kept: ReadonlySet<string>, all: ReadonlySet<string>): string {
  const longestFirst = [...all].sort((a, b) => b.length - a.length);
  const prefixOf = (name: string) => longestFirst.find((prefix) => name === prefix || name.startsWith(`${prefix}-`));
  const selectorKept = (selector: string) => {
    for (const [, name = ''] of outsideParentheses(selector).matchAll(/\.ant-([a-z][a-z0-9-]*)/g)) {
      const prefix = prefixOf(name);
      if (prefix && !kept.has(prefix)) return false;
    }
    return true;
  };
  const cut = (text: string): string => {
    let out = '';
    let i = 0;
    while (i < text.length) {
      const open = text.indexOf('{', i);
      if (open < 0) {
        out += text.slice(i);
        break;
      }
      const end = blockEnd(text, open);
      const head = text.slice(i, open);
      const body = text.slice(open + 1, end - 1);
      const at = head.trim();
      if (/^@(media|supports|layer|container)\b/.test(at)) {
        const inner = cut(body);
        if (inner.trim() !== '') out += `${head}{${inner}}`;
      } else if (at.startsWith('@')) {
        out += `${head}{${body}}`;
      } else {
        const selectors = head.split(/,(?![^(]*\))/).filter(selectorKept);
        if (selectors.length > 0) out += `${selectors.join(',')}{${body}}`;
      }
      i = end;
    }
    return out;
  };
  return cut(css);
}

/**
 * Writes antd's stylesheet cut to what the product's code imports from antd into `cacheDir` (once per content) and
 * returns its path; the shell's build resolves `antd/dist/antd.css` to it.
 */
export function usedAntdStylesheet(cacheDir: string, root?: string): string {
  const require = createRequire(import.meta.url);
  const esDir = dirname(require.resolve('antd/es/index.js'));
  const allFolders = readdirSync(esDir).filter((entry) => statSync(join(esDir, entry)).isDirectory());
  const kept = classPrefixesOf(esDir, componentFoldersOf(esDir, usedExportsOf('antd', root)));
  const css = cutStylesheet(readFileSync(require.resolve('antd/dist/antd.css'), 'utf8'), kept, classPrefixesOf(esDir, allFolders));
  const file = join(cacheDir, 'antd-used.css');
  mkdirSync(cacheDir, { recursive: true });
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // Not written yet.
  }
  if (current !== css) writeFileSync(file, css);
  return file;
}
