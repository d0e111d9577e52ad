import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  remotesFor,
  type AccessSession,
  type RemoteEntryConfig,
  type RemoteModule,
  type RemoteName,
} from '@pagemate/shared-contracts';
import { takeEarlyManifest } from '../early-start/early-start';

/**
 * Which remotes exist (from remotes.json) and which of them this session has registered with the MF
 * runtime. Only the remotes the session's audience may see are ever registered, so a partner's browser
 * never asks for a user remote's manifest, and vice versa.
 */
let known: RemoteEntryConfig[] = [];
const registered = new Set<RemoteName>();
let pluginInstalled = false;

function installErrorPlugin(): void {
  if (pluginInstalled) return;
  pluginInstalled = true;
  registerPlugins([
    {
      name: 'pagemate-remote-errors',
      errorLoadRemote({ id, error, lifecycle }) {
        // Logged once here; the route's fallback panel is what the user sees.
        console.error(`[pagemate] remote ${id} failed at ${lifecycle}`, error);
        throw error instanceof Error ? error : new Error(String(error));
      },
      // The manifest start.tsx read for this route (early-start.ts) answers the runtime's first request for it.
      // When that read failed, the runtime's request goes to the server as it would have.
      fetch(url, init) {
        return takeEarlyManifest(url)?.then((early) => early ?? fetch(url, init));
      },
    },
  ]);
}

export function setKnownRemotes(remotes: RemoteEntryConfig[]): void {
  known = remotes;
}

/** Registers every remote the session may load that is not registered yet. */
export function registerRemotesFor(session: AccessSession | null): void {
  installErrorPlugin();
  const allowed = remotesFor(known, session).filter((r) => !registered.has(r.name));
  if (allowed.length === 0) return;
  registerRemotes(allowed.map((r) => ({ name: r.name, entry: r.entry })));
  for (const r of allowed) registered.add(r.name);
}

export function isRegistered(name: RemoteName): boolean {
  return registered.has(name);
}

export class RemoteNotAllowedError extends Error {}

/**
 * Loads a remote's `./routes` module. `afterFailure` re-registers the remote first so the MF runtime
 * forgets a failed manifest or entry and asks the remote's server again (recovery without a reload).
 */
export async function loadRemoteModule(name: RemoteName, afterFailure: boolean): Promise<RemoteModule> {
  const remote = known.find((r) => r.name === name);
  if (!remote || !registered.has(name)) throw new RemoteNotAllowedError(`Remote ${name} is not available to this session`);
  if (afterFailure) registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
  const module = await loadRemote<{ default: RemoteModule }>(`${name}/routes`);
  if (!module?.default) throw new Error(`Remote ${name} exposed no routes module`);
  return module.default;
}
