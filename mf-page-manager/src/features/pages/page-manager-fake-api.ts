import { endpointPathOf, type CollectionFile, type FacebookAccount, type PageManager } from '@pagemate/shared-contracts';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** For the page manager's client tests: a fake API behind the shared client with one sandbox account. */
type Page = FacebookAccount['page_data'][number];

export const samplePage = (page_id: string, page_name: string): Page => ({
  page_id, page_name, page_access_token: 'EAAB…', subscribed: [], needs_reconnect: false, bot_paused: null, instagram: null,
});

export interface FakePageManagerApi {
  adapter: AxiosAdapter;
  calls: { path: string; body: unknown }[];
  /** The update-manager bodies received, in order. */
  saves(): PageManager[];
  /** What the server has now. */
  managers(): PageManager[];
  /** Tests hold the next update-manager answers (a slow API) and make them fail. */
  control: { saveAnswered: Promise<unknown>; saveFails: boolean; activityAnswered: Promise<unknown> };
}

export function fakePageManagerApi(pages: Page[], files: CollectionFile[] = []): FakePageManagerApi {
  const calls: FakePageManagerApi['calls'] = [];
  let managers: PageManager[] = [];
  let activity = 0;
  const control: FakePageManagerApi['control'] = { saveAnswered: Promise.resolve(), saveFails: false, activityAnswered: Promise.resolve() };
  const accounts: FacebookAccount[] = [{ name_fb: 'Demo Lan', id_user_fb: 'fb-1', access_token_user: 'EAAB…', sandbox: true, instagram_allowed: true, page_data: pages }];
  const ok = (config: InternalAxiosRequestConfig, data: unknown): AxiosResponse => ({ data: { status: 200, data }, status: 200, statusText: 'OK', headers: {}, config }) as AxiosResponse;
  const refuse = (config: InternalAxiosRequestConfig, status: number, code: string): never => {
    throw new AxiosError(String(status), 'ERR_BAD_REQUEST', config, null, { data: { status, code, message: code }, status, statusText: code, headers: {}, config } as AxiosResponse);
  };
  const save = (body: PageManager & { user_id: string }): PageManager => {
    const known = managers.find((manager) => manager.page_id === body.page_id);
    const { user_id: _user, ...fields } = body;
    const saved = { ...fields, manager_id: known?.manager_id ?? `00000000-0000-4000-8000-00000000000${managers.length + 1}` };
    managers = known ? managers.map((manager) => (manager === known ? saved : manager)) : [...managers, saved];
    return saved;
  };
  const adapter: AxiosAdapter = async (config) => {
    const path = endpointPathOf(config.url, config.baseURL);
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ path, body });
    switch (path) {
      case 'api/v1/facebook/page/access-token-pages':
        return ok(config, accounts);
      case 'api/v1/facebook/page/get-manager':
        return ok(config, managers);
      case 'api/v1/facebook/page/update-manager':
        await control.saveAnswered;
        if (control.saveFails) return refuse(config, 503, 'UNAVAILABLE');
        return ok(config, save(body as PageManager & { user_id: string }));
      case 'api/v1/sandbox/test-event':
        return ok(config, { event_id: 'e1', delivered: true, status: 200 });
      case 'api/v1/facebook/config/get':
        return ok(config, []);
      case 'api/v1/facebook/get-collection/u-7':
        return ok(config, files);
      case 'api/v1/sandbox/activity': {
        await control.activityAnswered;
        activity += 1;
        // Each answer has one row more: what the sandbox received grows while the user fills the form.
        return ok(config, Array.from({ length: activity }, (_, i) => ({ id: `a${i}`, page_id: pages[0]?.page_id ?? 'p1', kind: 'webhook', summary: `event ${i}`, payload: null, created_at: '2026-01-01T00:00:00Z' })));
      }
      default:
        return refuse(config, 404, 'NOT_FOUND');
    }
  };
  return {
    adapter,
    calls,
    control,
    saves: () => calls.filter((call) => call.path === 'api/v1/facebook/page/update-manager').map((call) => call.body as PageManager),
    managers: () => managers,
  };
}
