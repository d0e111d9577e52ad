// @vitest-environment happy-dom
import { act } from 'react';
import type * as ReactApi from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findRoute, initI18n, type RemoteModule, type RemoteName, type RouteEntry } from '@pagemate/shared-contracts';
import { shellNamespaces } from '../locales';
import { RemotePage } from './remote-page';

const loadRemoteModule = vi.fn<(name: RemoteName, afterFailure: boolean) => Promise<RemoteModule>>();
vi.mock('./remote-registry', () => ({ loadRemoteModule: (name: RemoteName, afterFailure: boolean) => loadRemoteModule(name, afterFailure) }));

// The moment the component hands the main thread back, released by the test.
const yielded = vi.hoisted(() => ({ calls: 0, release: () => undefined as unknown, held: false }));
vi.mock('../yield-to-browser', () => ({
  yieldToBrowser: () => {
    yielded.calls += 1;
    if (!yielded.held) return Promise.resolve();
    return new Promise<void>((resolve) => (yielded.release = resolve));
  },
}));

// Counts the state updates the component makes in a transition (React renders those in slices).
const transitions = vi.hoisted(() => ({ count: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof ReactApi>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      transitions.count += 1;
      react.startTransition(scope);
    },
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const balance = findRoute('balance') as RouteEntry & { owner: RemoteName };

function remoteWith(page: () => React.ReactNode): RemoteModule {
  return { name: 'mf_balance', namespace: 'balance', resources: { vi: {}, en: {} }, pages: { balance: page } };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

describe('RemotePage', () => {
  let container: HTMLElement;
  let root: Root;

  beforeEach(async () => {
    await initI18n('en', shellNamespaces);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    loadRemoteModule.mockReset();
    yielded.calls = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('shows the remote page once its module loads', async () => {
    loadRemoteModule.mockResolvedValue(remoteWith(() => <h1>Balance overview</h1>));
    await act(async () => root.render(<RemotePage route={balance} />));
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe('Balance overview');
  });

  it('draws the loaded page in a transition, in a task after the one that evaluated the remote', async () => {
    let drawn = false;
    loadRemoteModule.mockResolvedValue(
      remoteWith(() => {
        drawn = true;
        return <h1>Balance overview</h1>;
      }),
    );
    transitions.count = 0;
    yielded.held = true;
    await act(async () => root.render(<RemotePage route={balance} />));
    await settle();
    // The module has resolved: the page waits until the main thread has been handed back.
    expect(yielded.calls).toBe(1);
    expect(drawn).toBe(false);
    yielded.held = false;
    await act(async () => yielded.release());
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe('Balance overview');
    expect(transitions.count).toBe(1);
  });

  it('shows the fallback when the remote cannot load, and recovers on retry without remounting the app', async () => {
    loadRemoteModule.mockRejectedValueOnce(new Error('manifest 503')).mockResolvedValue(remoteWith(() => <h1>Back again</h1>));
    await act(async () => root.render(<RemotePage route={balance} />));
    await settle();
    expect(container.textContent).toContain('This section is unavailable');
    const retry = container.querySelector<HTMLButtonElement>('[data-testid="remote-retry"]');
    await act(async () => retry?.click());
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe('Back again');
    expect(loadRemoteModule.mock.calls.map(([, afterFailure]) => afterFailure)).toEqual([false, true]);
  });

  it('contains a remote that throws while rendering to its own area', async () => {
    let shouldThrow = true;
    function Flaky(): React.ReactNode {
      if (shouldThrow) throw new Error('render failed');
      return <h1>Recovered</h1>;
    }
    loadRemoteModule.mockResolvedValue(remoteWith(Flaky));
    await act(async () => root.render(<div><p>Header still here</p><RemotePage route={balance} /></div>));
    await settle();
    expect(container.textContent).toContain('Header still here');
    expect(container.textContent).toContain('This section is unavailable');
    shouldThrow = false;
    await act(async () => container.querySelector<HTMLButtonElement>('[data-testid="remote-retry"]')?.click());
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe('Recovered');
  });
});
