import { Component, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { addNamespace, type RemoteName, type RouteEntry } from '@pagemate/shared-contracts';
import { PageLoading } from '../components/page-loading';
import { yieldToBrowser } from '../yield-to-browser';
import { loadRemoteModule } from './remote-registry';
import { RemoteUnavailable } from './remote-unavailable';

type LoadState = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed' };

interface BoundaryProps {
  onError: () => void;
  children: ReactNode;
}

/** Catches a remote that throws while rendering, so only its own area shows the fallback. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[pagemate] a remote threw while rendering', error);
    this.props.onError();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounts the page a remote supplies for a route. Loading happens per mount and per retry (no cached
 * React.lazy), so a remote that comes back shows on retry without reloading the app.
 */
export function RemotePage({ route }: { route: RouteEntry & { owner: RemoteName } }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadRemoteModule(route.owner, attempt > 0)
      // The remote's files were just evaluated in this task: the page is drawn in tasks of its own.
      .then(async (module) => {
        await yieldToBrowser();
        addNamespace(module.namespace, module.resources);
        const Page = module.pages[route.id as keyof typeof module.pages];
        if (!Page) throw new Error(`Remote ${route.owner} has no page for ${route.id}`);
        // In a transition, so React draws the page in slices that give the main thread back, not in one long task.
        if (!cancelled) startTransition(() => setState({ status: 'ready', Page }));
      })
      .catch((error: unknown) => {
        console.error(`[pagemate] could not load ${route.owner} for ${route.path}`, error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [route, attempt]);

  const retry = () => setAttempt((n) => n + 1);

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'failed') return <RemoteUnavailable onRetry={retry} />;
  const { Page } = state;
  return (
    <RemoteErrorBoundary key={attempt} onError={() => setState({ status: 'failed' })}>
      <Page />
    </RemoteErrorBoundary>
  );
}
