import {
  remotesFileSchema,
  runtimeConfigSchema,
  type RemotesFile,
  type RuntimeConfig,
} from '@pagemate/shared-contracts';

export interface LoadedRuntime {
  config: RuntimeConfig;
  remotes: RemotesFile['remotes'];
}

async function fetchJson(url: string): Promise<unknown> {
  // Never cached: editing these files after deploy is how a team points the shell at a new build.
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Reads `config.json` and then the `remotes.json` it names, validating both. */
export async function loadRuntime(configUrl = '/config.json'): Promise<LoadedRuntime> {
  const config = runtimeConfigSchema.parse(await fetchJson(configUrl));
  const remotesFile = remotesFileSchema.parse(await fetchJson(config.remotesUrl));
  return { config, remotes: remotesFile.remotes };
}
