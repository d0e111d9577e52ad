#!/usr/bin/env node
/**
 * `npm test`: installs what is missing, then lint, typecheck, unit + API tests (PGlite, and PostgreSQL
 * too when TEST_DATABASE_URL is set) on the machine's Node and again on Node.js 24, the production builds, and the e2e specs in Chromium.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ensureLtsNode, log, LTS_NODE_MAJOR, NPM, ROOT, run } from './lib.mjs';

/**
 * The suites on Node.js 24. Its V8 has been seen to abort a test worker running PGlite's WebAssembly ("Check
 * failed: jit_page_->allocations_.erase(addr) == 1") with every test passed: when a run fails with no test and
 * no file failed — only a worker lost — the suites run once more and must pass then. Any test that failed fails
 * the step at once.
 */
function unitTestsOnLts() {
  const report = join(ROOT, '.cache', 'vitest-lts.json');
  const attempt = () => {
    rmSync(report, { force: true });
    try {
      run(ensureLtsNode(), ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
      return true;
    } catch (error) {
      const result = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
      const onlyWorkerLost = result && result.numFailedTests === 0 && result.testResults.every((file) => file.status !== 'failed');
      if (!onlyWorkerLost) throw error;
      log('no test failed but a test worker was lost (Node.js 24 aborted it): the suites run once more');
      return false;
    }
  };
  if (!attempt()) run(ensureLtsNode(), ['node_modules/vitest/vitest.mjs', 'run']);
}

const steps = [
  ['lint', () => run(NPM, ['run', 'lint', '--silent'])],
  ['typecheck', () => run(NPM, ['run', 'typecheck', '--silent'])],
  ['unit and API tests', () => run(NPM, ['run', 'test:unit', '--silent'])],
  // The machine's Node runs the suites above; the active LTS runs them again, so neither line breaks unseen.
  ...(process.versions.node.startsWith(`${LTS_NODE_MAJOR}.`)
    ? []
    : [[`unit and API tests on Node.js ${LTS_NODE_MAJOR}`, unitTestsOnLts]]),
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
