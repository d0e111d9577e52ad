import { FACEBOOK_CONNECT_MESSAGE_SOURCE, FACEBOOK_POPUP, SPEC_MESSAGES } from '@pagemate/shared-contracts';

/** The origin the connect page posts from: the API's (it serves the OAuth redirect target). */
export function apiOrigin(baseURL: string | undefined, pageHref: string): string {
  return new URL(baseURL ?? '/', pageHref).origin;
}

interface HostWindow {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** `window.open` features for the 600×700 popup (spec §4, §9), centred on the current window. */
export function popupFeatures(host: HostWindow, size: { width: number; height: number } = FACEBOOK_POPUP): string {
  const left = Math.max(0, Math.round(host.screenX + (host.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(host.screenY + (host.outerHeight - size.height) / 2));
  return `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top}`;
}

export const POPUP_NAME = 'pagemate-facebook-connect';

/** Opens the authorization popup; a blocked popup is reported on the console as spec §4 asks, never thrown. */
export function openConnectPopup(url: string, host: HostWindow & Pick<Window, 'open'>): Window | null {
  const popup = host.open(url, POPUP_NAME, popupFeatures(host));
  if (!popup) console.warn('[page-manager] The Facebook popup was blocked. Please allow popups for this site and try again.');
  return popup;
}

export type ConnectOutcome =
  | { kind: 'ignored' }
  | { kind: 'connected'; accessToken: string }
  | { kind: 'failed'; error: unknown }
  | { kind: 'empty' };

/**
 * What a `message` event means for the connect flow. Only the API's origin with our source tag counts; every
 * other message (extensions, devtools, other frames) is ignored.
 */
export function readConnectMessage(event: Pick<MessageEvent, 'origin' | 'data'>, expectedOrigin: string): ConnectOutcome {
  if (event.origin !== expectedOrigin) return { kind: 'ignored' };
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || (data as { source?: unknown }).source !== FACEBOOK_CONNECT_MESSAGE_SOURCE) {
    return { kind: 'ignored' };
  }
  const { access_token: accessToken, error } = data as { access_token?: unknown; error?: unknown };
  if (typeof accessToken === 'string' && accessToken !== '') return { kind: 'connected', accessToken };
  if (error !== undefined && error !== null && error !== '') return { kind: 'failed', error };
  return { kind: 'empty' };
}

export interface ConnectEffects {
  popup: Pick<Window, 'close'> | null;
  toastSuccess: (text: string) => void;
  refetchPages: () => void;
}

/** Spec §4: token → toast "Kết nối thành công!", close, reload pages; error → logged, close; neither → logged. */
export function applyConnectOutcome(outcome: ConnectOutcome, effects: ConnectEffects): void {
  switch (outcome.kind) {
    case 'connected':
      effects.toastSuccess(SPEC_MESSAGES.facebookConnected);
      effects.popup?.close();
      effects.refetchPages();
      return;
    case 'failed':
      console.error('[page-manager] Facebook connection failed', outcome.error);
      effects.popup?.close();
      return;
    case 'empty':
      console.log('[page-manager] No code or access token was received from the Facebook popup.');
      return;
    case 'ignored':
      return;
  }
}
