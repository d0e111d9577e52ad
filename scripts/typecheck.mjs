#!/usr/bin/env node
/** `tsc --noEmit` for every package of the workspace. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { log, ROOT, run } from './lib.mjs';

const PACKAGES = ['shared-contracts', 'shell', 'mf-landing', 'mf-page-manager', 'mf-chatbot', 'mf-balance', 'mf-crm', 'server', 'e2e', 'bench'];
const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
for (const pkg of PACKAGES) {
  const config = join(ROOT, pkg, 'tsconfig.json');
  if (!existsSync(config)) throw new Error(`${pkg} has no tsconfig.json`);
  log(`typecheck ${pkg}`);
  run(process.execPath, [tsc, '--noEmit', '-p', config]);
}
log('typecheck: every package passes');
