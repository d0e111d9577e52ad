#!/usr/bin/env node
/**
 * `npm test`: installs what is missing, then lint, typecheck, unit + API tests (PGlite, and PostgreSQL
 * too when TEST_DATABASE_URL is set) on the machine's Node and again on Node.js 24, the production builds, and the e2e specs in Chromium.
 */
import { ensureInstalled, ensureLtsNode, log, LTS_NODE_MAJOR, NPM, run } from './lib.mjs';

const steps = [
  ['lint', () => run(NPM, ['run', 'lint', '--silent'])],
  ['typecheck', () => run(NPM, ['run', 'typecheck', '--silent'])],
  ['unit and API tests', () => run(NPM, ['run', 'test:unit', '--silent'])],
  // The machine's Node runs the suites above; the active LTS runs them again, so neither line breaks unseen.
  ...(process.versions.node.startsWith(`${LTS_NODE_MAJOR}.`)
    ? []
    : [[`unit and API tests on Node.js ${LTS_NODE_MAJOR}`, () => run(ensureLtsNode(), ['node_modules/vitest/vitest.mjs', 'run'])]]),
  ['build', () => run(process.execPath, ['scripts/build.mjs'])],
  ['e2e', () => run(NPM, ['run', 'test:e2e', '--silent'])],
];

ensureInstalled();
if (!process.env.TEST_DATABASE_URL) log('TEST_DATABASE_URL is not set: server tests run on PGlite only');
for (const [name, step] of steps) {
  log(`── ${name}`);
  const started = performance.now();
  step();
  log(`${name} passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
log('all tests passed');
