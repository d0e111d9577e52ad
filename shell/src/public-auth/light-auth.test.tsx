// @vitest-environment happy-dom
import { bareImportsFrom } from '@pagemate/shared-contracts/testing/import-graph';
import { unsignedTestToken } from '@pagemate/shared-contracts/testing';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en/common.json';
import vi_ from '../locales/vi/common.json';
import { createLightI18n } from '../signed-out/light-i18n';
import { CreatePasswordPage, SignInPage, SignUpPage } from './light-auth-pages';
import { LightNavigationContext, type LightNavigation } from './light-navigation';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const HERE = dirname(fileURLToPath(import.meta.url));
const API = 'http://api.test';

describe('the light authentication pages (public-auth/mount.tsx)', () => {
  it('import nothing of the app around them: no antd, router, store, API client or the contract singleton', () => {
    const imports = [...bareImportsFrom(join(HERE, 'mount.tsx'))].sort();
    expect(imports).toEqual(['@pagemate/shared-contracts/plain', 'i18next', 'react', 'react-dom/client', 'react-i18next']);
  });
});

function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`No ${what}`);
  return value;
}

/** A JSON answer as the API gives it. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('the light pages at work', () => {
  let container: HTMLElement;
  let root: Root;
  let navigation: LightNavigation;
  let fetchMock: ReturnType<typeof vi.fn>;

  async function show(Page: typeof SignInPage, language: 'vi' | 'en' = 'en', search = '', api: string | Promise<string> = API) {
    localStorage.setItem('appLanguage', language);
    await createLightI18n('common', { vi: vi_, en });
    navigation = { path: '/sign-in/', search, notice: null, go: vi.fn() };
    await act(async () =>
      root.render(
        <LightNavigationContext.Provider value={navigation}>
          <Page apiBaseUrl={api} />
        </LightNavigationContext.Provider>,
      ),
    );
  }
  const input = (label: string) => {
    const found = must([...container.querySelectorAll('label')].find((l) => l.textContent === label), `label ${label}`);
    return must(found.htmlFor ? container.querySelector<HTMLInputElement>(`#${CSS.escape(found.htmlFor)}`) : found.querySelector('input'), `input ${label}`);
  };
  const type = async (label: string, value: string) => {
    const field = input(label);
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const submit = async () => act(async () => must(container.querySelector('form'), 'form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
  const alert = () => container.querySelector('[role="alert"]')?.textContent;

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it('checks before sending: empty fields say so, by the field, and nothing is sent', async () => {
    await show(SignInPage);
    await submit();
    expect(container.textContent).toContain('This field is required.');
    expect(input('Username or email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Username or email'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a wrong password as the app does, in Vietnamese by default', async () => {
    fetchMock.mockResolvedValue(answer(401, { status: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' }));
    await show(SignInPage, 'vi');
    await type('Tên đăng nhập hoặc email', 'lan');
    await type('Mật khẩu', 'wrong-password');
    await submit();
    expect(alert()).toBe('Sai tên đăng nhập hoặc mật khẩu.');
    expect(navigation.go).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("says how long to wait when sign-in is slowed down (429 with the server's Retry-After)", async () => {
    fetchMock.mockResolvedValue(answer(429, { status: 429, code: 'RATE_LIMITED', message: 'Too many' }, { 'Retry-After': '17' }));
    await show(SignInPage);
    await type('Username or email', 'lan');
    await type('Password', 'whatever-1');
    await submit();
    expect(alert()).toContain('17');
  });

  it('says when the runtime configuration naming the API could not be read, and sends nothing', async () => {
    const unreadable = Promise.reject(new Error('config.json answered 404'));
    unreadable.catch(() => undefined);
    await show(SignInPage, 'en', '', unreadable);
    await type('Username or email', 'lan');
    await type('Password', 'whatever-1');
    await submit();
    expect(alert()).toBe(en.errors.configLoad);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await show(SignInPage);
    await type('Username or email', 'lan');
    await type('Password', 'whatever-1');
    await submit();
    expect(alert()).toBe(en.apiErrors.NETWORK);
  });

  it('signs in with the call the app makes, keeps the token where the app reads it and opens the dashboard of the role', async () => {
    const token = unsignedTestToken({ username: 'lan', userId: 'u1', userEmail: 'lan@shop.vn', partnerId: null, role: 'partner' });
    fetchMock.mockResolvedValue(answer(200, { status: 200, data: { access_token: token, user_features: ['dashboard'], list_features: ['dashboard'] } }));
    await show(SignInPage);
    await type('Username or email', ' lan ');
    await type('Password', 'secret-pass');
    await act(async () => input('Remember me').click());
    await submit();
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(String(url)).toBe(`${API}/login`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(init.body))).toEqual({ username: ' lan ', password: 'secret-pass', remember: false });
    expect(sessionStorage.getItem('accessToken')).toBe(token);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('userFeatures')).toBe('["dashboard"]');
    expect(navigation.go).toHaveBeenCalledWith('/partner-dashboard/');
  });

  it('follows a same-site next after sign-in, never another site', async () => {
    const token = unsignedTestToken({ username: 'lan', userId: 'u1', userEmail: 'lan@shop.vn', partnerId: null, role: 'user' });
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, { status: 200, data: { access_token: token, user_features: [], list_features: [] } })));
    await show(SignInPage, 'en', '?next=%2Fuser-dashboard%2Fbalance%2F');
    await type('Username or email', 'lan');
    await type('Password', 'secret-pass');
    await submit();
    expect(navigation.go).toHaveBeenCalledWith('/user-dashboard/balance/');
    await show(SignInPage, 'en', '?next=%2F%2Fevil.example');
    await type('Username or email', 'lan');
    await type('Password', 'secret-pass');
    await submit();
    expect(navigation.go).toHaveBeenLastCalledWith('/user-dashboard/');
  });

  it("sign-up checks each field with the contract's rules and the confirmation, then registers and signs in", async () => {
    const token = unsignedTestToken({ username: 'lan.shop', userId: 'u2', userEmail: 'lan@shop.vn', partnerId: null, role: 'user' });
    fetchMock.mockImplementation((url: URL) =>
      Promise.resolve(String(url).endsWith('/login') ? answer(200, { status: 200, data: { access_token: token, user_features: [], list_features: [] } }) : answer(200, { status: 200, data: { ok: true } })),
    );
    await show(SignUpPage);
    await type('Email', 'lan@shop');
    await act(async () => must(container.querySelector<HTMLButtonElement>('[data-testid="send-code"]'), 'send code').click());
    expect(container.textContent).toContain(en.auth.emailInvalid);
    expect(fetchMock).not.toHaveBeenCalled();

    await type('Email', 'lan@shop.vn');
    await act(async () => must(container.querySelector<HTMLButtonElement>('[data-testid="send-code"]'), 'send code').click());
    expect(container.textContent).toContain('We sent a 6-digit code to lan@shop.vn');
    await type('Verification code', '12345');
    await type('Username', 'lan shop');
    await type('Password', 'short');
    await type('Confirm password', 'other');
    await submit();
    for (const message of [en.auth.codeRule, en.auth.usernameRule, en.auth.passwordRule, en.auth.passwordsDiffer]) expect(container.textContent).toContain(message);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await type('Verification code', '123456');
    await type('Username', 'lan.shop');
    await type('Password', 'long-enough');
    await type('Confirm password', 'long-enough');
    await act(async () => input('Partner').click());
    await submit();
    const bodies = fetchMock.mock.calls.map(([url, init]) => [String(url), JSON.parse(String((init as RequestInit).body))]);
    expect(bodies.slice(1)).toEqual([
      [`${API}/register_account`, { user_email: 'lan@shop.vn', verification_code: '123456', user_name: 'lan.shop', user_pass: 'long-enough', account_type: 'partner' }],
      [`${API}/login`, { username: 'lan.shop', password: 'long-enough' }],
    ]);
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(navigation.go).toHaveBeenCalledWith('/user-dashboard/');
  });

  it('a new password goes with the emailed code, then sign-in says it changed', async () => {
    fetchMock.mockResolvedValue(answer(200, { status: 200, data: { ok: true } }));
    await show(CreatePasswordPage, 'en', '?email=lan%40shop.vn');
    expect(input('Email').value).toBe('lan@shop.vn');
    await type('Verification code', '654321');
    await type('New password', 'new-password-1');
    await type('Confirm password', 'new-password-1');
    await submit();
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(String(url)).toBe(`${API}/reset_password`);
    expect(JSON.parse(String(init.body))).toEqual({ user_email: 'lan@shop.vn', verification_code: '654321', new_password: 'new-password-1' });
    expect(navigation.go).toHaveBeenCalledWith('/sign-in/', en.auth.passwordChanged);
  });
});

describe('the light pages in the theme', () => {
  it('draw links in the primary colour where it reads, and lighten it on a dark card until it does', async () => {
    const { readableLinkColour } = await import('./mount');
    const { contrastRatio } = await import('../theme/contrast');
    expect(readableLinkColour('#0958d9', '#ffffff', false)).toBe('#0958d9');
    const dark = readableLinkColour('#0958d9', '#141414', true);
    expect(dark).not.toBe('#0958d9');
    expect(contrastRatio(dark, '#141414')).toBeGreaterThanOrEqual(4.5);
  });
});
