import { endpointPathOf, type CollectionFile, type FacebookAccount, type PageManager } from '@pagemate/shared-contracts';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** For the page manager's client tests: a fake API behind the shared client with one sandbox account. */
type Page = FacebookAccount['page_data'][number];

export const samplePage = (page_id: string, page_name: string): Page => ({
  page_id, page_name, page_access_token: 'EAAB…', subscribed: [], needs_reconnect: false, bot_paused: null, instagram: null,
});

/** Where the fake `connect-url` sends the popup (the sandbox's dialog). */
export const FAKE_DIALOG_URL = 'http://api.test/sandbox/dialog?state=s';

export interface FakePageManagerOptions {
  /** The user's collection files; without them the file list answers 404, as for a user who never uploaded. */
  files?: CollectionFile[];
  /** The page managers the server has at the start. */
  managers?: PageManager[];
  /** Whether the account may connect Instagram (default yes). */
  instagramAllowed?: boolean;
  /** The sandbox activity list grows by one row per read, as if events kept arriving; empty otherwise. */
  growingActivity?: boolean;
}

export interface FakePageManagerApi {
  adapter: AxiosAdapter;
  calls: { path: string; body: unknown }[];
  /** The update-manager bodies received, in order. */
  saves(): PageManager[];
  /** What the server has now. */
  managers(): PageManager[];
  /** Tests hold answers (a slow API), make calls fail and choose what `connect-complete` answers. */
  control: {
    saveAnswered: Promise<unknown>;
    saveFails: boolean;
    activityAnswered: Promise<unknown>;
    connectUrlAnswered: Promise<unknown>;
    connectUrlFails: boolean;
    subscribedAnswered: Promise<unknown>;
    completeRefusal: { status: number; code: string } | null;
  };
}

export function fakePageManagerApi(pages: Page[], options: FakePageManagerOptions = {}): FakePageManagerApi {
  const calls: FakePageManagerApi['calls'] = [];
  let managers: PageManager[] = options.managers ?? [];
  let activity = 0;
  const control: FakePageManagerApi['control'] = {
    saveAnswered: Promise.resolve(),
    saveFails: false,
    activityAnswered: Promise.resolve(),
    connectUrlAnswered: Promise.resolve(),
    connectUrlFails: false,
    subscribedAnswered: Promise.resolve(),
    completeRefusal: null,
  };
  let accounts: FacebookAccount[] = [
    { name_fb: 'Demo Lan', id_user_fb: 'fb-1', access_token_user: 'EAAB…', sandbox: true, instagram_allowed: options.instagramAllowed ?? true, page_data: pages },
  ];
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
  const subscribed = (body: { page_id: string; type: 'comments'; action: string; channel: 'facebook' | 'instagram' }) => {
    const { page_id, type, action, channel } = body;
    const now = action === 'subscribe' ? [type] : [];
    const apply = (page: Page): Page => (channel === 'instagram' ? { ...page, instagram: page.instagram ? { ...page.instagram, subscribed: now } : null } : { ...page, subscribed: now });
    accounts = accounts.map((account) => ({ ...account, page_data: account.page_data.map((page) => (page.page_id === page_id ? apply(page) : page)) }));
    return { page_id, channel, subscribed: now };
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
      case 'api/v1/facebook/config/get':
        return ok(config, []);
      case 'api/v1/facebook/get-collection/u-7':
        if (!options.files) return refuse(config, 404, 'NOT_FOUND');
        return ok(config, options.files);
      case 'api/v1/facebook/connect-url':
        await control.connectUrlAnswered;
        if (control.connectUrlFails) return refuse(config, 503, 'UNAVAILABLE');
        return ok(config, { url: FAKE_DIALOG_URL, sandbox: true });
      case 'api/v1/facebook/connect-complete':
        if (control.completeRefusal) return refuse(config, control.completeRefusal.status, control.completeRefusal.code);
        return ok(config, { name_fb: 'Demo Lan', pages: 1, access_token: 'EAAB…x1y2' });
      case 'api/v1/facebook/subscribed':
        await control.subscribedAnswered;
        return ok(config, subscribed(body as Parameters<typeof subscribed>[0]));
      case 'api/v1/sandbox/test-event':
        return ok(config, { event_id: 'e1', delivered: true, status: 200 });
      case 'api/v1/sandbox/activity': {
        await control.activityAnswered;
        if (!options.growingActivity) return ok(config, []);
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
