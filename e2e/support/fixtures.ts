import { test as base, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { REMOTE_NAMES, type RemoteName, type SessionUser } from '@pagemate/shared-contracts/contracts';
import { unsignedTestToken } from '@pagemate/shared-contracts/testing';
import { E2E_PORTS, remoteBuildDir, startStatic, stopProcess, waitForUrl } from './deployment';
import { remoteOrigin } from './ports';

export interface RemoteServers {
  /** Stops the static server of one remote (the remote is "down"). */
  stop(name: RemoteName): Promise<void>;
  /** (Re)starts a remote's static server, from its build or from another folder (a redeploy). */
  start(name: RemoteName, dir?: string): Promise<void>;
}

export const USER: SessionUser = { username: 'lan.nguyen', userId: 'u-1001', userEmail: 'lan@example.vn', partnerId: null, role: 'user' };
export const PARTNER: SessionUser = { username: 'minh.partner', userId: 'p-2001', userEmail: 'minh@example.vn', partnerId: 'p-2001', role: 'partner' };

/** Puts a session in storage before the app starts, as a signed-in browser would have it. */
export async function signInAs(page: Page, user: SessionUser): Promise<void> {
  const token = unsignedTestToken(user);
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('pm-e2e-seeded')) {
      localStorage.setItem('accessToken', value);
      sessionStorage.setItem('pm-e2e-seeded', '1');
    }
  }, token);
}

export const test = base.extend<object, { remotes: RemoteServers }>({
  remotes: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const running = new Map<RemoteName, ChildProcess>();
      const servers: RemoteServers = {
        async stop(name) {
          await stopProcess(running.get(name));
          running.delete(name);
        },
        async start(name, dir = remoteBuildDir(name)) {
          await servers.stop(name);
          running.set(name, await startStatic(dir, E2E_PORTS.remotes[name]));
          await waitForUrl(`${remoteOrigin(name)}/mf-manifest.json`);
        },
      };
      for (const name of REMOTE_NAMES) await servers.start(name);
      await use(servers);
      for (const name of REMOTE_NAMES) await servers.stop(name);
    },
    { scope: 'worker', auto: true },
  ],
});

export { expect } from '@playwright/test';
