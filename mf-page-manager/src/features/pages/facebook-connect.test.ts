import { FACEBOOK_CONNECT_MESSAGE_SOURCE, FACEBOOK_CONNECT_POPUP_ERRORS, FACEBOOK_POPUP } from '@pagemate/shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiOrigin, applyConnectOutcome, openConnectPopup, POPUP_ERROR_TEXT, popupFeatures, readConnectMessage, showDialog } from './facebook-connect';

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
    expect(openConnectPopup({ ...host, open }, 'Opening Facebook…')).toBeNull();
    expect(open).toHaveBeenCalledWith('', expect.any(String), expect.stringContaining('width=600,height=700'));
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/allow popups/i));
  });

  it('opens blank, says it is waiting, and is sent to the dialog later unless closed meanwhile', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const popup = { closed: false, focus: vi.fn(), location: { href: 'about:blank' }, document: { title: '', body: { textContent: '' } } };
    expect(openConnectPopup({ ...host, open: () => popup as unknown as Window }, 'Opening Facebook…')).toBe(popup);
    expect(popup.document).toEqual({ title: 'Opening Facebook…', body: { textContent: 'Opening Facebook…' } });
    expect(warn).not.toHaveBeenCalled();
    showDialog(popup as unknown as Window, 'http://dialog.test/?state=s');
    expect(popup.location.href).toBe('http://dialog.test/?state=s');
    expect(popup.focus).toHaveBeenCalled();
    const closed = { ...popup, closed: true, location: { href: 'about:blank' } };
    showDialog(closed as unknown as Window, 'http://dialog.test/');
    expect(closed.location.href).toBe('about:blank');
  });

  it('a window of that name already on another origin (its document unreadable) is still returned', () => {
    const popup = {
      get document(): never {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    };
    expect(openConnectPopup({ ...host, open: () => popup as unknown as Window }, 'x')).toBe(popup);
  });
});

describe('messages from the connect page', () => {
  const popup = { close: vi.fn() };
  const ours = (data: object) => ({ origin: API, source: popup, data: { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, ...data } });

  it('ignores other origins, other sources and other windows than our popup, even with a code', () => {
    const handOff = { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, code: 'c', state: 's' };
    expect(readConnectMessage({ origin: 'http://evil.test', source: popup, data: handOff }, API, popup)).toEqual({ kind: 'ignored' });
    expect(readConnectMessage({ origin: API, source: popup, data: { ...handOff, source: 'react-devtools' } }, API, popup)).toEqual({ kind: 'ignored' });
    expect(readConnectMessage({ origin: API, source: popup, data: 'code=c&state=s' }, API, popup)).toEqual({ kind: 'ignored' });
    // Another window of the API's origin (a connect page this tab did not open), or no popup open at all.
    expect(readConnectMessage({ origin: API, source: { close: vi.fn() }, data: handOff }, API, popup)).toEqual({ kind: 'ignored' });
    expect(readConnectMessage({ origin: API, source: popup, data: handOff }, API, null)).toEqual({ kind: 'ignored' });
  });

  it('reads a code with its state, an error, or neither', () => {
    expect(readConnectMessage(ours({ code: 'c', state: 's' }), API, popup)).toEqual({ kind: 'authorized', code: 'c', state: 's' });
    expect(readConnectMessage(ours({ code: 'c' }), API, popup)).toEqual({ kind: 'empty' });
    expect(readConnectMessage(ours({ error: 'access_denied' }), API, popup)).toEqual({ kind: 'failed', error: 'access_denied' });
    expect(readConnectMessage(ours({}), API, popup)).toEqual({ kind: 'empty' });
  });

  function effects() {
    return { popup: { close: vi.fn() }, complete: vi.fn(), showFailure: vi.fn() };
  }

  it('code and state → popup closed, the connection finished with them', () => {
    const e = effects();
    applyConnectOutcome({ kind: 'authorized', code: 'c', state: 's' }, e);
    expect(e.popup.close).toHaveBeenCalled();
    expect(e.complete).toHaveBeenCalledWith({ code: 'c', state: 's' });
    expect(e.showFailure).not.toHaveBeenCalled();
  });

  it('error → logged, popup closed, and said (an unknown error as Facebook’s)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const e = effects();
    applyConnectOutcome({ kind: 'failed', error: 'access_denied' }, e);
    expect(error).toHaveBeenCalledWith(expect.any(String), 'access_denied');
    expect(e.popup.close).toHaveBeenCalled();
    expect(e.showFailure).toHaveBeenCalledWith('access_denied');
    applyConnectOutcome({ kind: 'failed', error: 'something_new' }, e);
    expect(e.showFailure).toHaveBeenLastCalledWith('facebook_error');
    expect(e.complete).not.toHaveBeenCalled();
  });

  it('every error the connect page can post has a sentence', () => {
    expect(Object.keys(POPUP_ERROR_TEXT).sort()).toEqual([...FACEBOOK_CONNECT_POPUP_ERRORS].sort());
  });

  it('neither → a console log that no code or access token arrived', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const e = effects();
    applyConnectOutcome({ kind: 'empty' }, e);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/no code or access token/i));
    expect(e.complete).not.toHaveBeenCalled();
  });
});
