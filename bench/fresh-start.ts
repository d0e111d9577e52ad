/**
 * `npm start` from a fresh clone: clones the committed HEAD into a temporary folder, runs `npm start`
 * there (install, build, run) and times until the printed URL answers. Ports 3000–3105 and 8080 must be
 * free. Reproduce: `npx tsx bench/fresh-start.ts`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'pagemate-fresh-'));
execFileSync('git', ['clone', '-q', ROOT, join(dir, 'app')]);
const started = performance.now();
const child = spawn('npm', ['start'], { cwd: join(dir, 'app'), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let printedAt: number | null = null;
child.stdout.on('data', (chunk: Buffer) => {
  if (printedAt === null && chunk.toString().includes('Open PageMate')) printedAt = performance.now();
});
child.stderr.resume();
let exitCode: number | null = null;
child.on('exit', (code) => (exitCode = code ?? 1));
const deadline = Date.now() + 15 * 60_000;
let answeredAt: number | null = null;
while (Date.now() < deadline && answeredAt === null && exitCode === null) {
  await new Promise((r) => setTimeout(r, 500));
  if (printedAt === null) continue;
  try {
    const response = await fetch('http://127.0.0.1:3000/');
    if (response.ok) answeredAt = performance.now();
  } catch {
    // not yet
  }
}
if (child.pid) process.kill(-child.pid, 'SIGTERM');
rmSync(dir, { recursive: true, force: true });
if (answeredAt === null) {
  console.log(exitCode === null ? 'npm start did not answer within 15 minutes' : `npm start exited with ${exitCode} before answering`);
  process.exit(1);
}
console.log(`npm start, fresh clone → URL printed: ${(((printedAt ?? answeredAt) - started) / 1000).toFixed(1)} s; URL answering: ${((answeredAt - started) / 1000).toFixed(1)} s`);
console.log('Reproduce: npx tsx bench/fresh-start.ts');
