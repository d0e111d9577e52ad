#!/usr/bin/env node
/**
 * Builds the shell and every remote into their own build/ folders, each with its own rsbuild, and prints
 * the time each took. `--if-changed` skips a package whose build is newer than its sources and the contract.
 * `--only <folder>` builds one package (how a team rebuilds one remote alone).
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, log, newestMtime, NPM, ROOT, run, UI_PACKAGES } from './lib.mjs';

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;
if (only && !UI_PACKAGES.includes(only)) {
  console.error(`--only takes one of: ${UI_PACKAGES.join(', ')}`);
  process.exit(2);
}

ensureInstalled();
const contractMtime = newestMtime(join(ROOT, 'shared-contracts'));
// The shell provides the shared packages cut down to what every package imports (used-exports.ts), so its
// build goes stale when any package's sources change; a remote's, when its own or the contract's do.
const sourcesOf = (pkg) => (pkg === 'shell' ? UI_PACKAGES : [pkg]).map((name) => newestMtime(join(ROOT, name)));
const timings = [];
for (const pkg of only ? [only] : UI_PACKAGES) {
  const stamp = join(ROOT, pkg, 'build', '.build-stamp');
  const sourcesMtime = Math.max(...sourcesOf(pkg), contractMtime);
  if (ifChanged && existsSync(stamp) && statSync(stamp).mtimeMs >= sourcesMtime) {
    log(`${pkg}: up to date`);
    continue;
  }
  const started = performance.now();
  run(NPM, ['run', 'build', '--silent', '--workspace', pkg]);
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(stamp, new Date().toISOString());
  timings.push({ pkg, seconds });
}
for (const { pkg, seconds } of timings) log(`built ${pkg} in ${seconds.toFixed(1)} s`);
