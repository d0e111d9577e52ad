import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_AUDIENCES, REMOTE_FOLDERS, REMOTE_NAMES } from '@pagemate/shared-contracts/contracts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function serve(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'serve-static.mjs'), dir, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    // A server that dies before announcing itself (port taken, build missing) fails the bench instead of hanging it.
    child.once('exit', (code, signal) => reject(new Error(`serve-static ${dir} on :${port} exited (${signal ?? code}) before listening`)));
    child.stdout?.once('data', () => resolve(child));
  });
}

export interface ComposedBuild {
  /** The shell's origin, e.g. `http://127.0.0.1:5000` (no trailing slash). */
  url: string;
  /** Stops every static server and removes the shell's temporary copy. */
  close(): void;
}

/**
 * The composed production build as a static host would serve it: `shell/build` copied to a temporary
 * directory with its runtime `config.json` and `remotes.json`, the shell on `basePort`, each remote's
 * `build/` on `basePort + 101 + i`; `config.json` names `basePort + 80` as the API (nothing listens there).
 * Builds must exist (`npm run build`).
 */
export async function serveComposedBuild(basePort = 5000): Promise<ComposedBuild> {
  const shellDir = mkdtempSync(join(tmpdir(), 'pagemate-bench-'));
  cpSync(join(ROOT, 'shell', 'build'), shellDir, { recursive: true });
  writeFileSync(join(shellDir, 'config.json'), JSON.stringify({ apiBaseUrl: `http://127.0.0.1:${basePort + 80}`, remotesUrl: '/remotes.json' }));
  const remotePort = (i: number) => basePort + 101 + i;
  writeFileSync(
    join(shellDir, 'remotes.json'),
    JSON.stringify({ remotes: REMOTE_NAMES.map((name, i) => ({ name, entry: `http://127.0.0.1:${remotePort(i)}/mf-manifest.json`, audience: REMOTE_AUDIENCES[name] })) }),
  );
  const started = await Promise.allSettled([serve(shellDir, basePort), ...REMOTE_NAMES.map((name, i) => serve(join(ROOT, REMOTE_FOLDERS[name], 'build'), remotePort(i)))]);
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const close = () => {
    for (const server of servers) server.kill();
    rmSync(shellDir, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    close();
    throw failed.reason;
  }
  return { url: `http://127.0.0.1:${basePort}`, close };
}

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds as seconds with one decimal, for the printed tables. */
export const seconds = (ms: number) => (ms / 1000).toFixed(1);
