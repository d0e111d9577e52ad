import {
  FACEBOOK_CONNECT_MESSAGE_SOURCE,
  FACEBOOK_CONNECT_POPUP_ERRORS,
  FACEBOOK_POPUP,
  type FacebookConnectPopupError,
} from '@pagemate/shared-contracts';

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

/** `window.open` features for the 600×700 popup (docs/product.md §4, §9), centred on the current window. */
export function popupFeatures(host: HostWindow, size: { width: number; height: number } = FACEBOOK_POPUP): string {
  const left = Math.max(0, Math.round(host.screenX + (host.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(host.screenY + (host.outerHeight - size.height) / 2));
  return `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top}`;
}

export const POPUP_NAME = 'pagemate-facebook-connect';

/**
 * Opens the 600×700 popup blank, at once, inside the tap's handler: Safari on iPhone blocks a window opened
 * later, and Chromium one opened after the tap's user activation ran out (a slow `connect-url`). It says
 * `waitingText` until `showDialog` sends it to the dialog. A blocked popup is reported on the console as
 * docs/product.md §4 asks, never thrown.
 */
export function openConnectPopup(host: HostWindow & Pick<Window, 'open'>, waitingText: string): Window | null {
  const popup = host.open('', POPUP_NAME, popupFeatures(host));
  if (!popup) {
    console.warn('[page-manager] The Facebook popup was blocked. Please allow popups for this site and try again.');
    return null;
  }
  try {
    popup.document.title = waitingText;
    popup.document.body.textContent = waitingText;
  } catch {
    // A window of that name already showing another origin (an earlier dialog): it is sent to the new one below.
  }
  return popup;
}

/** Sends the waiting popup to the dialog, unless the user closed it meanwhile. */
export function showDialog(popup: Pick<Window, 'closed' | 'location' | 'focus'>, url: string): void {
  if (popup.closed) return;
  popup.location.href = url;
  popup.focus();
}

export type ConnectOutcome =
  | { kind: 'ignored' }
  | { kind: 'authorized'; code: string; state: string }
  | { kind: 'failed'; error: unknown }
  | { kind: 'empty' };

/**
 * What a `message` event means for the connect flow. Only our popup (`expectedSource`) on the API's origin,
 * with our source tag, counts; every other message (extensions, devtools, other frames and windows) is ignored.
 */
export function readConnectMessage(event: { origin: string; data: unknown; source: unknown }, expectedOrigin: string, expectedSource: unknown): ConnectOutcome {
  if (event.origin !== expectedOrigin || expectedSource === null || event.source !== expectedSource) return { kind: 'ignored' };
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || (data as { source?: unknown }).source !== FACEBOOK_CONNECT_MESSAGE_SOURCE) {
    return { kind: 'ignored' };
  }
  const { code, state, error } = data as { code?: unknown; state?: unknown; error?: unknown };
  if (typeof code === 'string' && code !== '' && typeof state === 'string' && state !== '') return { kind: 'authorized', code, state };
  if (error !== undefined && error !== null && error !== '') return { kind: 'failed', error };
  return { kind: 'empty' };
}

export interface ConnectEffects {
  popup: Pick<Window, 'close'> | null;
  /** Finishes the connection with the API under this tab's session (`facebookConnectComplete`). */
  complete: (handOff: { code: string; state: string }) => void;
  showFailure: (reason: FacebookConnectPopupError) => void;
}

const isPopupError = (value: unknown): value is FacebookConnectPopupError =>
  typeof value === 'string' && (FACEBOOK_CONNECT_POPUP_ERRORS as readonly string[]).includes(value);

/** docs/product.md §4: the dialog's answer → popup closed, connection finished; error → logged, popup closed, said; neither → logged. */
export function applyConnectOutcome(outcome: ConnectOutcome, effects: ConnectEffects): void {
  switch (outcome.kind) {
    case 'authorized':
      effects.popup?.close();
      effects.complete({ code: outcome.code, state: outcome.state });
      return;
    case 'failed':
      console.error('[page-manager] Facebook connection failed', outcome.error);
      effects.popup?.close();
      effects.showFailure(isPopupError(outcome.error) ? outcome.error : 'facebook_error');
      return;
    case 'empty':
      console.log('[page-manager] No code or access token was received from the Facebook popup.');
      return;
    case 'ignored':
      return;
  }
}

/** The sentence for a connection the popup reported as failed (API refusals have their own codes' sentences). */
export const POPUP_ERROR_TEXT: Record<FacebookConnectPopupError, string> = {
  access_denied: 'page-manager:connect.cancelled',
  invalid_state: 'common:apiErrors.FACEBOOK_CONNECT_EXPIRED',
  missing_code: 'common:apiErrors.FACEBOOK_CONNECT_REFUSED',
  facebook_error: 'common:apiErrors.FACEBOOK_CONNECT_REFUSED',
};
