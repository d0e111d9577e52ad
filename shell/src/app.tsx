import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import {
  NOTIFICATION_DURATION_SECONDS,
  selectLoading,
  selectSessionUser,
  TOAST,
  useAppSelector,
  useAppStore,
  type AppStore,
} from '@pagemate/shared-contracts';
import { FullPageLoader } from './components/full-page-loader';
import { hasFirstView, removeFirstView } from './first-view/first-view';
import { registerRemotesFor } from './mf/remote-registry';
import type { AppRouter } from './routing/router';
import { loadSessionData } from './session/session';
import { useApplyTheme } from './theme/use-apply-theme';

/** Registers the remotes the current session may see; re-runs when the session's role changes. */
function RemoteAudienceSync() {
  const user = useAppSelector(selectSessionUser);
  useEffect(() => {
    registerRemotesFor(user);
  }, [user]);
  return null;
}

/** Once a session exists (restored or new), its features, page list and file list load (docs/product.md §4). */
function SessionDataLoader() {
  const store = useAppStore();
  const userId = useAppSelector(selectSessionUser)?.userId;
  useEffect(() => {
    if (userId) void loadSessionData(store);
  }, [store, userId]);
  return null;
}

/**
 * True once the app is ready, set in a transition: React draws the first route (layout, header, menu, page) in
 * slices that give the main thread back every few milliseconds, with the loader on screen until it is done,
 * instead of one long task that blocks input and paint.
 */
function useRoutedOnceReady(ready: boolean): boolean {
  const [routed, setRouted] = useState(false);
  useEffect(() => {
    if (ready) startTransition(() => setRouted(true));
  }, [ready]);
  return ready && routed;
}

/**
 * Drawn beside the first route: the plain first view start.tsx drew before the app's code goes in the same commit
 * as that route, before the browser paints, so no frame shows both and nothing moves.
 */
function FirstViewReplaced() {
  useLayoutEffect(() => removeFirstView(document), []);
  return null;
}

function Themed({ router }: { router: AppRouter }) {
  const { t, i18n } = useTranslation('common');
  const themeProps = useApplyTheme();
  const ready = useAppSelector((state) => selectLoading(state, 'global'));
  const routed = useRoutedOnceReady(ready);
  // Until the first route is drawn, a pre-drawn first view (start.tsx) stands where the loader would.
  const [preDrawn] = useState(() => hasFirstView(document));
  const user = useAppSelector(selectSessionUser);
  // Registering before the first render keeps the first remote route from racing the registration.
  registerRemotesFor(user);
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);

  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : viVN}
      {...themeProps}
    >
      <AntApp message={{ duration: TOAST.durationSeconds, top: TOAST.top }} notification={{ duration: NOTIFICATION_DURATION_SECONDS }}>
        <RemoteAudienceSync />
        {/* After the first route is drawn: its answers would otherwise update the store in the middle of that
            transition, and React redraws the whole tree at once to keep it consistent. */}
        {routed ? <SessionDataLoader /> : null}
        {routed ? (
          <>
            <RouterProvider router={router} />
            <FirstViewReplaced />
          </>
        ) : preDrawn ? null : (
          <FullPageLoader label={t('loader.label')} fromLine={t('brand.from')} />
        )}
      </AntApp>
    </ConfigProvider>
  );
}

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <Provider store={store}>
      <Themed router={router} />
    </Provider>
  );
}
