import { makeStore, sessionStarted, type SessionUser } from '@pagemate/shared-contracts';
import { App } from 'antd';
import { act, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Lets pending requests, effects and antd animations run to the end. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 8; i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** The button whose whole text is `text`, anywhere in the document (antd renders modals in portals). */
export function button(text: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}" in: ${document.body.textContent}`);
  return found;
}

export interface MountedPage {
  container: HTMLElement;
  store: ReturnType<typeof makeStore>;
  unmount(): void;
}

/** Mounts a page of this remote as the shell would: shared store with a signed-in user, antd App context. */
export async function mountSignedIn(Page: ComponentType, user: SessionUser): Promise<MountedPage> {
  const store = makeStore();
  store.dispatch(sessionStarted({ accessToken: 'token', user }));
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <Provider store={store}>
        <App>
          <Page />
        </App>
      </Provider>,
    ),
  );
  await settle();
  return {
    container,
    store,
    unmount() {
      act(() => root.unmount());
      container.remove();
      document.body.innerHTML = '';
    },
  };
}
