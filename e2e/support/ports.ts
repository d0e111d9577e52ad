import type { RemoteName } from '@pagemate/shared-contracts/contracts';

/** e2e runs the production builds on their own ports, apart from `npm start`'s. */
export const E2E_PORTS = {
  shell: 4000,
  api: 4080,
  remotes: { mf_landing: 4101, mf_page_manager: 4102, mf_chatbot: 4103, mf_balance: 4104, mf_crm: 4105 } satisfies Record<RemoteName, number>,
} as const;

export const SHELL_URL = `http://127.0.0.1:${E2E_PORTS.shell}`;
export const API_URL = `http://127.0.0.1:${E2E_PORTS.api}`;
export const remoteOrigin = (name: RemoteName) => `http://127.0.0.1:${E2E_PORTS.remotes[name]}`;
