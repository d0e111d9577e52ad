import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_NAMES } from '@pagemate/shared-contracts/contracts';
import {
  apiLogFile,
  deployShell,
  remoteBuildDir,
  REPO_ROOT,
  SHELL_DEPLOY_DIR,
  SHORT_SHELL_DEPLOY_DIR,
  startStatic,
  stopProcess,
  waitForUrl,
} from './deployment';
import { API_URL, E2E_PORTS, SHORT_ACCESS_TOKEN_TTL_SECONDS, SHORT_API_URL } from './ports';

/** One API process on a fresh embedded database; its log (where email codes land) goes to a file. */
function startApi(port: number, shellPort: number, extraEnv: Record<string, string> = {}): ChildProcess {
  const log = openSync(apiLogFile(port), 'w');
  return spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'main.ts')], {
    cwd: join(REPO_ROOT, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: mkdtempSync(join(tmpdir(), `pagemate-e2e-db-${port}-`)),
      CORS_ORIGINS: `http://localhost:${shellPort},http://127.0.0.1:${shellPort}`,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      // Every spec signs in for real; the limits themselves are proven by the API tests.
      RATE_LIMIT_DISABLED: '1',
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
}

/** Starts the composed product from its production builds: APIs and shells; remotes start per worker. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  deployShell(SHELL_DEPLOY_DIR, API_URL);
  deployShell(SHORT_SHELL_DEPLOY_DIR, SHORT_API_URL);
  for (const name of REMOTE_NAMES) remoteBuildDir(name);
  const children: ChildProcess[] = [
    startApi(E2E_PORTS.api, E2E_PORTS.shell),
    startApi(E2E_PORTS.shortApi, E2E_PORTS.shortShell, { ACCESS_TOKEN_TTL_SECONDS: String(SHORT_ACCESS_TOKEN_TTL_SECONDS) }),
    await startStatic(SHELL_DEPLOY_DIR, E2E_PORTS.shell),
    await startStatic(SHORT_SHELL_DEPLOY_DIR, E2E_PORTS.shortShell),
  ];
  await waitForUrl(`http://127.0.0.1:${E2E_PORTS.api}/health`, 240_000);
  await waitForUrl(`http://127.0.0.1:${E2E_PORTS.shortApi}/health`, 240_000);
  return async () => {
    for (const child of children) await stopProcess(child);
  };
}
