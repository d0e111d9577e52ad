import { expect, request as playwrightRequest, test as base } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { REMOTE_NAMES, type RemoteName } from '@pagemate/shared-contracts/contracts';
import { newAccount, registerAccount, signIn, type Account } from './accounts';
import { E2E_PORTS, remoteBuildDir, startStatic, stopProcess, waitForUrl } from './deployment';
import { remoteOrigin } from './ports';

export interface RemoteServers {
  /** Stops the static server of one remote (the remote is "down"). */
  stop(name: RemoteName): Promise<void>;
  /** (Re)starts a remote's static server, from its build or from another folder (a redeploy). */
  start(name: RemoteName, dir?: string): Promise<void>;
}

interface WorkerFixtures {
  remotes: RemoteServers;
  /** One real user account and one real partner account, registered once per worker. */
  accounts: { user: Account; partner: Account };
}

interface TestFixtures {
  /** Signs this test's browser context in for real as the worker's user or partner account. */
  signInAs: (side: 'user' | 'partner') => Promise<Account>;
  /** Fails the test when a page reports a Content-Security-Policy violation (the static servers send one). */
  noCspViolations: undefined;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
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
          await waitForUrl(`http://127.0.0.1:${E2E_PORTS.remotes[name]}/mf-manifest.json`);
        },
      };
      for (const name of REMOTE_NAMES) await servers.start(name);
      await use(servers);
      for (const name of REMOTE_NAMES) await servers.stop(name);
    },
    { scope: 'worker', auto: true },
  ],
  accounts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const request = await playwrightRequest.newContext();
      const accounts = { user: newAccount('user'), partner: newAccount('partner') };
      await registerAccount(request, accounts.user);
      await registerAccount(request, accounts.partner);
      await request.dispose();
      await use(accounts);
    },
    { scope: 'worker' },
  ],
  noCspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      // Every violation, also those the page's code catches (an eval probe): reported on the console.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      // The context's console: the page and any popup it opens.
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
  signInAs: async ({ page, accounts }, use) => {
    await use(async (side) => {
      await signIn(page, accounts[side]);
      return accounts[side];
    });
  },
});

export { expect };
export { remoteOrigin };
