import type { RemoteName } from '@pagemate/shared-contracts/contracts';

/**
 * e2e runs the production builds on their own ports, apart from `npm start`'s. Two deployments share the
 * remotes: the main one, and one whose API issues access tokens that expire within seconds.
 */
export const E2E_PORTS = {
  shell: 4000,
  api: 4080,
  shortShell: 4001,
  shortApi: 4081,
  remotes: { mf_landing: 4101, mf_page_manager: 4102, mf_chatbot: 4103, mf_balance: 4104, mf_crm: 4105 } satisfies Record<RemoteName, number>,
} as const;

/** Short-lived access tokens of the second deployment, in seconds. */
export const SHORT_ACCESS_TOKEN_TTL_SECONDS = 4;

// `localhost`, not 127.0.0.1: the refresh cookie is `Secure`, which browsers accept over http only on localhost.
export const SHELL_URL = `http://localhost:${E2E_PORTS.shell}`;
export const API_URL = `http://localhost:${E2E_PORTS.api}`;
export const SHORT_SHELL_URL = `http://localhost:${E2E_PORTS.shortShell}`;
export const SHORT_API_URL = `http://localhost:${E2E_PORTS.shortApi}`;
export const remoteOrigin = (name: RemoteName) => `http://localhost:${E2E_PORTS.remotes[name]}`;
