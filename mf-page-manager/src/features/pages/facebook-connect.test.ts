import { FACEBOOK_CONNECT_MESSAGE_SOURCE, FACEBOOK_POPUP } from '@pagemate/shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiOrigin, applyConnectOutcome, openConnectPopup, popupFeatures, readConnectMessage } from './facebook-connect';

const API = 'http://api.example.test:4000';
const host = { screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 };

afterEach(() => vi.restoreAllMocks());

describe('apiOrigin', () => {
  it('is the origin of the API base URL, resolved against the page for a relative base', () => {
    expect(apiOrigin(`${API}/`, 'http://app.test/user-dashboard/page-manager')).toBe(API);
    expect(apiOrigin('/api-proxy/', 'http://app.test/x')).toBe('http://app.test');
    expect(apiOrigin(undefined, 'http://app.test/x')).toBe('http://app.test');
  });
});

describe('the authorization popup', () => {
  it('is 600×700 and centred on the current window', () => {
    expect(FACEBOOK_POPUP).toEqual({ width: 600, height: 700 });
    expect(popupFeatures(host)).toBe('popup=yes,width=600,height=700,left=500,top=150');
  });

  it('when blocked (window.open returns null) asks on the console to allow popups and does not throw', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const open = vi.fn(() => null);
    expect(openConnectPopup('http://dialog.test', { ...host, open })).toBeNull();
    expect(open).toHaveBeenCalledWith('http://dialog.test', expect.any(String), expect.stringContaining('width=600,height=700'));
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/allow popups/i));
  });

  it('when opened returns the window without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const popup = { close: vi.fn() } as unknown as Window;
    expect(openConnectPopup('http://dialog.test', { ...host, open: () => popup })).toBe(popup);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('messages from the connect page', () => {
  const ours = (data: object) => ({ origin: API, data: { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, ...data } });

  it('ignores other origins and other sources, even with a token', () => {
    expect(readConnectMessage({ origin: 'http://evil.test', data: { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, access_token: 't' } }, API)).toEqual({ kind: 'ignored' });
    expect(readConnectMessage({ origin: API, data: { source: 'react-devtools', access_token: 't' } }, API)).toEqual({ kind: 'ignored' });
    expect(readConnectMessage({ origin: API, data: 'access_token=t' }, API)).toEqual({ kind: 'ignored' });
  });

  it('reads a token, an error, or neither', () => {
    expect(readConnectMessage(ours({ access_token: 'masked' }), API)).toEqual({ kind: 'connected', accessToken: 'masked' });
    expect(readConnectMessage(ours({ error: 'access_denied' }), API)).toEqual({ kind: 'failed', error: 'access_denied' });
    expect(readConnectMessage(ours({}), API)).toEqual({ kind: 'empty' });
  });

  function effects() {
    return { popup: { close: vi.fn() }, toastSuccess: vi.fn(), refetchPages: vi.fn() };
  }

  it('token → the spec toast "Kết nối thành công!", popup closed, pages reloaded', () => {
    const e = effects();
    applyConnectOutcome({ kind: 'connected', accessToken: 'x' }, e);
    expect(e.toastSuccess).toHaveBeenCalledWith('Kết nối thành công!');
    expect(e.popup.close).toHaveBeenCalled();
    expect(e.refetchPages).toHaveBeenCalled();
  });

  it('error → logged and popup closed, no toast', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const e = effects();
    applyConnectOutcome({ kind: 'failed', error: 'access_denied' }, e);
    expect(error).toHaveBeenCalledWith(expect.any(String), 'access_denied');
    expect(e.popup.close).toHaveBeenCalled();
    expect(e.toastSuccess).not.toHaveBeenCalled();
    expect(e.refetchPages).not.toHaveBeenCalled();
  });

  it('neither → a console log that no code or token arrived', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const e = effects();
    applyConnectOutcome({ kind: 'empty' }, e);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/no code or access token/i));
    expect(e.toastSuccess).not.toHaveBeenCalled();
  });
});
