import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  hrefOf,
  initI18nOnDemand,
  loadingSet,
  loadPersistedState,
  makeStore,
  persistStore,
  type Language,
  type LocaleTree,
} from '@pagemate/shared-contracts';
import { App } from './app';
import { takeEarlyAnswer } from './early-start/early-requests';
import type { RuntimeFiles } from './early-start/early-start';
import { removeFirstView } from './first-view/first-view';
import { loadShellNamespace } from './locales/load';
import { setKnownRemotes } from './mf/remote-registry';
import { createAppRouter } from './routing/router';
import { loadRuntime } from './runtime-config';
import { connectApiClient, restoreSession } from './session/session';
import { yieldToBrowser } from './yield-to-browser';
import './theme/theme-slice';
// Before the shell's own rules, which override antd's at equal specificity (use-apply-theme.ts: no runtime styles).
import 'antd/dist/antd.css';
import './styles.css';

/**
 * Starts the app in `language` with the shell's texts and the runtime files `start.tsx` began to read beside this
 * chunk; the other language and the partner texts are read when needed (`shell/src/locales/load.ts`).
 */
export async function startApp(language: Language, texts: Promise<Record<string, LocaleTree>>, runtimeFiles: Promise<RuntimeFiles>): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element');
  const root = createRoot(container);

  await initI18nOnDemand(language, await texts, loadShellNamespace);
  await yieldToBrowser();
  const store = makeStore(loadPersistedState(localStorage));
  persistStore(store, localStorage);
  const router = createAppRouter();
  await yieldToBrowser();
  // In a transition, so React renders the first tree (the theme's ConfigProvider, whose tokens antd derives on
  // its first render, and the loader) in slices that give the main thread back, not in one long task.
  startTransition(() => {
    root.render(<App store={store} router={router} />);
  });

  try {
    const runtime = loadRuntime(await runtimeFiles);
    setKnownRemotes(runtime.remotes);
    connectApiClient(store, runtime.config.apiBaseUrl, () => void router.navigate(hrefOf('/sign-in')), takeEarlyAnswer);
    restoreSession(store);
    store.dispatch(loadingSet({ flag: 'global', value: true }));
  } catch (error) {
    console.error('[pagemate] could not start', error);
    removeFirstView(document);
    const { i18n } = await import('@pagemate/shared-contracts');
    container.textContent = i18n.t('common:errors.configLoad');
  }
}

