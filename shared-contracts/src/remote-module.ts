import type { ComponentType } from 'react';
import type { RemoteName, RouteId } from './contracts/routes.js';
import type { NamespaceResources } from './i18n/i18n.js';

/**
 * What every remote exposes as `./routes` (its default export). The shell mounts the component of each
 * route id the remote owns, adds its translation namespace, and the remote's own slices inject themselves
 * into the shared root reducer when the module is evaluated.
 */
export interface RemoteModule {
  name: RemoteName;
  /** i18n namespace this remote's strings live in. */
  namespace: string;
  resources: NamespaceResources;
  /** Components keyed by the route ids (of the shared route table) this remote owns. */
  pages: Partial<Record<RouteId, ComponentType>>;
}

export function defineRemoteModule(module: RemoteModule): RemoteModule {
  return module;
}
