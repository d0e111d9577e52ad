// @vitest-environment happy-dom
import { apiClient, endpointPathOf, initI18n, type FacebookAccount } from '@pagemate/shared-contracts';
import { mountSignedIn, settle, type MountedPage } from '@pagemate/shared-contracts/testing';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import vi_ from '../locales/vi.json';
import type * as AccountsTreeModule from '../features/pages/accounts-tree';
import { PageManagerPage } from './page-manager-page';

/** How often the accounts tree was drawn: the part of the page no config or file answer changes. */
const drawn = vi.hoisted(() => ({ accountsTree: 0 }));
vi.mock('../features/pages/accounts-tree', async (importOriginal) => {
  const original = await importOriginal<typeof AccountsTreeModule>();
  return {
    AccountsTree: (props: Parameters<typeof original.AccountsTree>[0]) => {
      drawn.accountsTree += 1;
      return original.AccountsTree(props);
    },
  };
});

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const ACCOUNT: FacebookAccount = {
  name_fb: 'Demo Lan',
  id_user_fb: 'fb-1',
  access_token_user: 'EAAB…',
  sandbox: false,
  instagram_allowed: false,
  page_data: [{ page_id: 'p1', page_name: 'Shop Hoa', page_access_token: 'EAAB…', subscribed: [], needs_reconnect: false, bot_paused: null, instagram: null }],
};

describe('Page manager page, drawing', () => {
  let mounted: MountedPage;
  let answerConfigs: () => void = () => undefined;

  beforeEach(async () => {
    drawn.accountsTree = 0;
    await initI18n('en', { 'page-manager': { vi: vi_, en } });
    const configsAnswered = new Promise<void>((resolve) => (answerConfigs = resolve));
    const ok = (config: InternalAxiosRequestConfig, data: unknown): AxiosResponse =>
      ({ data: { status: 200, data }, status: 200, statusText: 'OK', headers: {}, config }) as AxiosResponse;
    const adapter: AxiosAdapter = async (config) => {
      switch (endpointPathOf(config.url, config.baseURL)) {
        case 'api/v1/facebook/page/access-token-pages':
          return ok(config, [ACCOUNT]);
        case 'api/v1/facebook/config/get':
          await configsAnswered;
          return ok(config, []);
        default:
          return ok(config, []);
      }
    };
    apiClient.configure({ baseURL: `${API}/`, adapter });
    mounted = await mountSignedIn(PageManagerPage, user);
    await settle();
  });

  afterEach(() => mounted.unmount());

  it('does not draw the accounts tree again when the configs are asked for again or answer', async () => {
    expect(mounted.container.textContent).toContain('Demo Lan');
    const before = drawn.accountsTree;
    await act(async () => answerConfigs());
    await settle();
    expect(drawn.accountsTree).toBe(before);
    expect(mounted.container.textContent).toContain('Shop Hoa');
  });
});
