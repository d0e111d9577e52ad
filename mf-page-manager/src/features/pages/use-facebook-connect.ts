import { apiClient } from '@pagemate/shared-contracts';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useUserId } from '../../shared/use-user-id';
import { applyConnectOutcome, apiOrigin, openConnectPopup, readConnectMessage } from './facebook-connect';
import { useFacebookConnectUrlMutation } from './pages-api';

/**
 * The connect flow: ask the API for the dialog URL (its `state` is bound to this user), open the popup, and
 * listen for the connect page's message until the component goes away.
 */
export function useFacebookConnect(refetchPages: () => void) {
  const { message } = App.useApp();
  const userId = useUserId();
  const [requestUrl, { isLoading, error, data }] = useFacebookConnectUrlMutation();
  const [blocked, setBlocked] = useState(false);
  const popupRef = useRef<Window | null>(null);
  const refetchRef = useRef(refetchPages);

  useEffect(() => {
    refetchRef.current = refetchPages;
  }, [refetchPages]);

  useEffect(() => {
    const origin = apiOrigin(apiClient.http.defaults.baseURL, window.location.href);
    const onMessage = (event: MessageEvent) => {
      applyConnectOutcome(readConnectMessage(event, origin), {
        popup: popupRef.current,
        toastSuccess: (text) => void message.success(text),
        refetchPages: () => refetchRef.current(),
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [message]);

  const connect = async () => {
    if (!userId) return;
    setBlocked(false);
    let url: string;
    try {
      url = (await requestUrl({ user_id: userId }).unwrap()).url;
    } catch {
      return; // shown through `error`
    }
    const popup = openConnectPopup(url, window);
    popupRef.current = popup;
    if (!popup) setBlocked(true);
    else popup.focus();
  };

  return { connect, connecting: isLoading, blocked, error, sandbox: data?.sandbox ?? false, canConnect: Boolean(userId) };
}
