import type { SessionUser } from '../contracts/entities.js';
import { sessionStarted } from '../store/auth-slice.js';
import { makeStore } from '../store/store.js';
import { App } from 'antd';
import { act, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Lets pending requests, effects and antd animations run to the end (with fake timers too: only what is due now). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 8; i += 1) {
    await act(async () => {
      if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
      else await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Moves fake time on (polling, countdowns), then lets what that started finish. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

/** The button whose whole text is `text`, anywhere in the document (antd renders popups in portals). */
export function button(text: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}" in: ${document.body.textContent}`);
  return found;
}

/** Types into an input or text area the way React notices (native setter + input event). */
export async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  await act(async () => {
    input.focus();
    setValue?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
}

/** Picks files in a file input, as the browser's dialog would. */
export async function chooseFiles(input: HTMLInputElement, files: File[]): Promise<void> {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

export const byTestId = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

export async function click(element: Element | null | undefined): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
  await act(async () => element.click());
  await settle();
}

function LocationProbe() {
  const location = useLocation();
  return <span hidden data-testid="location" data-search={location.search} />;
}

export interface MountedPage {
  container: HTMLElement;
  store: ReturnType<typeof makeStore>;
  /** The query string the page's router is at now. */
  search(): string;
  unmount(): void;
}

/**
 * Mounts a remote's page as the shell would (client tests of every remote): shared store with a signed-in user,
 * antd App context, a router at `url`. `store` is the one the shell (or another remote's page) already used.
 */
export async function mountSignedIn(Page: ComponentType, user: SessionUser, url = '/', store = makeStore()): Promise<MountedPage> {
  store.dispatch(sessionStarted({ accessToken: 'token', user }));
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <App>
            <Page />
          </App>
          <LocationProbe />
        </MemoryRouter>
      </Provider>,
    ),
  );
  await settle();
  return {
    container,
    store,
    search: () => container.querySelector('[data-testid="location"]')?.getAttribute('data-search') ?? '',
    unmount() {
      act(() => root.unmount());
      container.remove();
      document.body.innerHTML = '';
    },
  };
}
