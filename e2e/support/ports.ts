import type { RemoteName } from '@pagemate/shared-contracts/contracts';

/**
 * e2e runs the production builds on their own ports, apart from `npm start`'s. Two deployments share the
 * remotes: the main one, and one whose API issues access tokens that expire within seconds.
 */
// E2E_PORT_OFFSET moves every port, so two runs (or a run beside `npm start`) can share a machine.
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_PORTS = {
  shell: 4000 + OFFSET,
  api: 4080 + OFFSET,
  shortShell: 4001 + OFFSET,
  shortApi: 4081 + OFFSET,
  remotes: {
    mf_landing: 4101 + OFFSET,
    mf_page_manager: 4102 + OFFSET,
    mf_chatbot: 4103 + OFFSET,
    mf_balance: 4104 + OFFSET,
    mf_crm: 4105 + OFFSET,
  } satisfies Record<RemoteName, number>,
} as const;

/** Short-lived access tokens of the second deployment, in seconds. */
export const SHORT_ACCESS_TOKEN_TTL_SECONDS = 4;

// `localhost`, not 127.0.0.1: the API is at localhost, and a shell on another site keeps no refresh cookie (its
// session ends with its access token; sessions.spec.ts opens the shell at both addresses).
export const SHELL_URL = `http://localhost:${E2E_PORTS.shell}`;
export const API_URL = `http://localhost:${E2E_PORTS.api}`;
export const SHORT_SHELL_URL = `http://localhost:${E2E_PORTS.shortShell}`;
export const SHORT_API_URL = `http://localhost:${E2E_PORTS.shortApi}`;
export const remoteOrigin = (name: RemoteName) => `http://localhost:${E2E_PORTS.remotes[name]}`;
