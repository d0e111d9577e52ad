/**
 * Helpers of the repository scripts. Only Node built-ins: these run before `npm install` on a fresh clone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const UI_PACKAGES = ['shell', 'mf-landing', 'mf-page-manager', 'mf-chatbot', 'mf-balance', 'mf-crm'];
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function log(message) {
  process.stdout.write(`[pagemate] ${message}\n`);
}

/** Runs a command, inheriting output; throws with the command line when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with ${result.status ?? result.signal}`);
  }
}

/** Starts a long-running child with prefixed output. */
export function startChild(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = (stream, out) =>
    stream?.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Newest modification time under `path` (files only), skipping build output and dependencies. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'build' || entry === '.tmp') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Installs dependencies when they are missing or older than the lockfile: `npm ci` on a fresh clone,
 * `npm install` when the lockfile changed. Dependencies' install scripts are not needed (no binaries are
 * downloaded; rspack and esbuild ship theirs inside registry packages).
 */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  const fresh = !existsSync(marker) && existsSync(lock);
  log(fresh ? 'installing dependencies (npm ci)…' : 'updating dependencies (npm install)…');
  run(NPM, [fresh ? 'ci' : 'install', '--no-audit', '--no-fund']);
}

/** The Node.js LTS line the suites also run on (the machine's own Node may be an older supported line). */
export const LTS_NODE_MAJOR = 24;

/**
 * The path of a Node.js ${LTS_NODE_MAJOR} binary: `PAGEMATE_LTS_NODE` when set, else the npm registry's `node` package
 * installed once under `.cache/node-lts` (the package carries the binary itself: nothing is downloaded from
 * anywhere but the registry).
 */
export function ensureLtsNode() {
  if (process.env.PAGEMATE_LTS_NODE) return process.env.PAGEMATE_LTS_NODE;
  const prefix = join(ROOT, '.cache', 'node-lts');
  const binary = join(prefix, 'node_modules', 'node', 'bin', 'node');
  const version = existsSync(binary) ? spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  if (!version.startsWith(`v${LTS_NODE_MAJOR}.`)) {
    log(`installing Node.js ${LTS_NODE_MAJOR} from the npm registry into .cache/node-lts…`);
    run(NPM, ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node@${LTS_NODE_MAJOR}`]);
  }
  return binary;
}

export async function waitForUrl(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
