/**
 * Build time of each front-end package, each built alone by its own rsbuild (a cold process each time).
 * Reproduce: `npx tsx bench/build-times.ts`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, table } from './support.ts';

const rows: Record<string, string | number>[] = [];
for (const pkg of ['shell', 'mf-landing', 'mf-page-manager', 'mf-chatbot', 'mf-balance', 'mf-crm']) {
  const started = performance.now();
  execFileSync('npm', ['run', 'build', '--silent', '--workspace', pkg], { cwd: ROOT, stdio: 'ignore' });
  rows.push({ package: pkg, seconds: ((performance.now() - started) / 1000).toFixed(2) });
}
console.log('Build time per package:');
table(rows);
console.log(`Reproduce: npx tsx ${join('bench', 'build-times.ts')}`);
