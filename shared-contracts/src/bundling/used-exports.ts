import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The used-exports lists behind Module Federation's shared tree-shaking (docs/architecture.md §2): which named exports
 * of a shared package the product's UI code imports, read from the code at build time, never kept by hand.
 *
 * The shell provides a shared package cut down to this list, and every remote takes the shell's copy only
 * if the list covers what the remote imports. So the list is the union over every workspace package that
 * depends on the shared package, taken from the same repository checkout that builds the shell.
 */

/** The repository root: shared-contracts sits one level below it. */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** Source that never reaches a browser bundle: tests and test helpers. */
const NOT_SHIPPED = /(\.(test|spec)\.tsx?$)|(^|\/)testing\//;

/**
 * The sorted value imports of `pkg` in `source`, by export name (`default` for a default import); type-only
 * imports are left out, they are erased. A namespace import or an `export *` is refused: it uses every
 * export, so the package could not be cut down, and the mistake would otherwise surface only as a heavier page.
 */
export function namedImportsOf(pkg: string, source: string, fileName = 'source.tsx'): string[] {
  if (!source.includes(pkg)) return [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const names = new Set<string>();
  const refuse = (what: string) => {
    throw new Error(`${fileName}: ${what} of '${pkg}' defeats its shared tree-shaking; import the exports by name`);
  };
  for (const statement of file.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || specifier.text !== pkg) continue;
    if (isImport) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name) names.add('default');
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) refuse('a namespace import');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
      }
    } else {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (!clause || !ts.isNamedExports(clause)) refuse('an `export *`');
      else for (const element of clause.elements) if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
    }
  }
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !NOT_SHIPPED.test(path.slice(dir.length)));
}

interface WorkspacePackage {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The `src/` folders of the workspace packages that depend on `pkg` (directly or as a peer). */
function dependentSourceDirs(pkg: string, root: string): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces
    .filter((workspace) => {
      const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as WorkspacePackage;
      return Boolean(manifest.dependencies?.[pkg] ?? manifest.peerDependencies?.[pkg]);
    })
    .map((workspace) => join(root, workspace, 'src'))
    .filter((dir) => existsSync(dir));
}

/** The sorted exports of `pkg` that the shipped source under `dir` imports (one app's own needs). */
export function importsUnder(pkg: string, dir: string): string[] {
  if (!existsSync(dir)) return [];
  const names = new Set<string>();
  for (const path of sourceFiles(dir)) for (const name of namedImportsOf(pkg, readFileSync(path, 'utf8'), path)) names.add(name);
  return [...names].sort();
}

const cache = new Map<string, string[]>();

/** Every named export of `pkg` that shipped source in the repository imports, sorted. Cached per build process. */
export function usedExportsOf(pkg: string, root = REPO_ROOT): string[] {
  const key = `${root}\0${pkg}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const list = [...new Set(dependentSourceDirs(pkg, root).flatMap((dir) => importsUnder(pkg, dir)))].sort();
  cache.set(key, list);
  return list;
}
