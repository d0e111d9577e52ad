import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_NAMES } from '@pagemate/shared-contracts/contracts';
import {
  API_URL,
  deployShell,
  E2E_PORTS,
  remoteBuildDir,
  REPO_ROOT,
  SHELL_DEPLOY_DIR,
  startStatic,
  stopProcess,
  waitForUrl,
} from './deployment';

/** Starts the composed product from its production builds: API, shell and every remote on its own port. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  deployShell();
  const children: ChildProcess[] = [];
  const api = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'main.ts')], {
    cwd: join(REPO_ROOT, 'server'),
    env: {
      ...process.env,
      PORT: String(E2E_PORTS.api),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: mkdtempSync(join(tmpdir(), 'pagemate-e2e-db-')),
      CORS_ORIGINS: `http://127.0.0.1:${E2E_PORTS.shell},http://localhost:${E2E_PORTS.shell}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(api);
  children.push(await startStatic(SHELL_DEPLOY_DIR, E2E_PORTS.shell));
  // Remote servers are started per spec file (fixtures) so a test can stop and restart one of them;
  // here each is checked to have a build.
  for (const name of REMOTE_NAMES) remoteBuildDir(name);
  await waitForUrl(`${API_URL}/health`, 60_000);
  return async () => {
    for (const child of children) await stopProcess(child);
  };
}
