import { createRoot } from 'react-dom/client';
import type { RemoteName } from '../contracts/routes.js';

/**
 * What a remote shows when its own index.html is opened directly: it is meant to be composed by the shell
 * through its mf-manifest.json, not used on its own.
 */
export function renderStandaloneNotice(name: RemoteName): void {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <main style={{ fontFamily: 'system-ui', padding: 24 }}>
      <h1>{name}</h1>
      <p>This is a PageMate remote. It is meant to be loaded by the shell through its mf-manifest.json.</p>
    </main>,
  );
}
