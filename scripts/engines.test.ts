import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The Node.js versions the README promises (20.19 and later, 22.13 and later, 24) are the versions every installed package
 * admits: a dependency whose `engines` leaves one of them out would make `npm install` warn and may break at
 * run time there. When an update brings such a version, pin or override it in the root package.json.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0'] as const;

interface LockPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}

function lockedPackages(): [path: string, entry: LockPackage][] {
  const lock = JSON.parse(readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
  return Object.entries(lock.packages).filter(([path]) => path.includes('node_modules/'));
}

/** `name@version needs node <range>` for each package whose declared Node range leaves out a supported version. */
export function refusals(packages: [string, LockPackage][], versions: readonly string[] = SUPPORTED): string[] {
  const found: string[] = [];
  for (const [path, { version, engines }] of packages) {
    const range = engines && !Array.isArray(engines) ? engines.node : undefined;
    if (!range) continue;
    const left = versions.filter((node) => !semver.satisfies(node, range));
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (left.length > 0) found.push(`${name}@${version ?? '?'} needs node ${range} (not ${left.join(', ')})`);
  }
  return found;
}

describe('Node.js versions', () => {
  it('finds a package that leaves out a supported version', () => {
    expect(refusals([['node_modules/cookie', { version: '2.0.2', engines: { node: '>=22' } }]])).toEqual([
      'cookie@2.0.2 needs node >=22 (not 20.19.0)',
    ]);
    expect(refusals([['node_modules/a/node_modules/b', { version: '1.0.0', engines: { node: '^20.19.0 || >=22.12.0' } }]])).toEqual([]);
  });

  it('every installed package admits Node 20.19, 22.13 and 24', () => {
    expect(refusals(lockedPackages())).toEqual([]);
  });

  it('the root package promises the same floor', () => {
    const root = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(SUPPORTED.every((node) => semver.satisfies(node, root.engines.node))).toBe(true);
    expect(semver.satisfies('20.18.0', root.engines.node)).toBe(false);
  });
});
