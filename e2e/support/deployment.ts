import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_AUDIENCES, REMOTE_FOLDERS, REMOTE_NAMES, type RemoteName } from '@pagemate/shared-contracts/contracts';
import { API_URL, E2E_PORTS, remoteOrigin, SHELL_URL } from './ports';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TMP_DIR = join(REPO_ROOT, 'e2e', process.env.E2E_PORT_OFFSET ? `.tmp-${process.env.E2E_PORT_OFFSET}` : '.tmp');
export const SHELL_DEPLOY_DIR = join(TMP_DIR, 'shell');
export const SHORT_SHELL_DEPLOY_DIR = join(TMP_DIR, 'shell-short-ttl');
export const apiLogFile = (port: number) => join(TMP_DIR, `api-${port}.log`);

/**
 * "Deploys" the shell the way an operator would: its build copied as is, plus a config.json and
 * remotes.json written for this environment. The shell's build itself is never touched.
 */
export function deployShell(dir: string, apiUrl: string): void {
  const build = join(REPO_ROOT, 'shell', 'build');
  if (!existsSync(join(build, 'index.html'))) throw new Error('shell/build is missing: run `npm run build` first');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(TMP_DIR, { recursive: true });
  cpSync(build, dir, { recursive: true });
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ apiBaseUrl: apiUrl, facebookAppId: '', remotesUrl: '/remotes.json' }));
  writeFileSync(
    join(dir, 'remotes.json'),
    JSON.stringify({
      remotes: REMOTE_NAMES.map((name) => ({
        name,
        entry: `${remoteOrigin(name)}/mf-manifest.json`,
        audience: REMOTE_AUDIENCES[name],
      })),
    }),
  );
}

export function remoteBuildDir(name: RemoteName): string {
  return join(REPO_ROOT, REMOTE_FOLDERS[name], 'build');
}

/** Starts the plain static server on a folder; resolves once it listens. */
export function startStatic(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'serve-static.mjs'), dir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`static server on ${port} exited with ${code}`)));
    child.stdout?.once('data', () => resolve(child));
  });
}

export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function waitForUrl(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export { API_URL, E2E_PORTS, SHELL_URL };
