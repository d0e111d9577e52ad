import { apiClient, type FacebookConnectPopupError, SPEC_MESSAGES, useUserId } from '@pagemate/shared-contracts';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyConnectOutcome, apiOrigin, openConnectPopup, readConnectMessage, showDialog } from './facebook-connect';
import { useFacebookConnectCompleteMutation, useFacebookConnectUrlMutation } from './pages-api';

/**
 * The connect flow: open the popup in the tap itself, ask the API for the dialog URL (its `state` is bound to
 * this user) and send the popup there; the connect page hands the dialog's code and state back, and this tab
 * finishes the connection under its own session — so an authorization started by another account or browser
 * connects nothing here.
 */
export function useFacebookConnect() {
  const { message } = App.useApp();
  const { t } = useTranslation('page-manager');
  const userId = useUserId();
  const [requestUrl, urlRequest] = useFacebookConnectUrlMutation();
  const [complete, completion] = useFacebookConnectCompleteMutation();
  const { reset: resetUrlRequest } = urlRequest;
  const { reset: resetCompletion } = completion;
  const [blocked, setBlocked] = useState(false);
  const [popupError, setPopupError] = useState<FacebookConnectPopupError | null>(null);
  const popupRef = useRef<Window | null>(null);
  useEffect(() => {
    const origin = apiOrigin(apiClient.http.defaults.baseURL, window.location.href);
    const onMessage = (event: MessageEvent) => {
      applyConnectOutcome(readConnectMessage(event, origin, popupRef.current), {
        popup: popupRef.current,
        complete: ({ code, state }) => {
          popupRef.current = null;
          if (!userId) return;
          complete({ user_id: userId, code, state })
            .unwrap()
            .then(
              // The connection invalidates the shared page list: every page picker asks again.
              () => void message.success(SPEC_MESSAGES.facebookConnected),
              () => undefined, // shown through `completion.error`
            );
        },
        showFailure: (reason) => {
          popupRef.current = null;
          setPopupError(reason);
        },
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [message, complete, userId]);

  /** `instagram`: also ask the Instagram permissions (the user allows PageMate on a linked Instagram account). */
  const connect = useCallback(({ instagram = false }: { instagram?: boolean } = {}) => {
    if (!userId) return;
    setBlocked(false);
    setPopupError(null);
    resetUrlRequest();
    resetCompletion();
    const popup = openConnectPopup(window, t('connect.opening'));
    popupRef.current = popup;
    if (!popup) {
      setBlocked(true);
      return;
    }
    requestUrl({ user_id: userId, instagram })
      .unwrap()
      .then(
        ({ url }) => showDialog(popup, url),
        () => {
          // Shown through `urlRequest.error`; the waiting window has nothing to show.
          popup.close();
          popupRef.current = null;
        },
      );
  }, [userId, t, requestUrl, resetUrlRequest, resetCompletion]);

  const instagram = urlRequest.originalArgs?.instagram ?? false;
  const connecting = urlRequest.isLoading || completion.isLoading;
  const error = urlRequest.error ?? completion.error;
  const sandbox = urlRequest.data?.sandbox ?? false;
  // One object while nothing in it changes, so the parts of the page drawn from it are not drawn again for nothing.
  return useMemo(
    () => ({
      connect,
      /** The dialog under way asks the Instagram permissions. */
      instagram,
      connecting,
      blocked,
      popupError,
      error,
      sandbox,
      canConnect: Boolean(userId),
    }),
    [connect, instagram, connecting, blocked, popupError, error, sandbox, userId],
  );
}
