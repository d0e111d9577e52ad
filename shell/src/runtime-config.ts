import {
  remotesFileSchema,
  runtimeConfigSchema,
  type RemotesFile,
  type RuntimeConfig,
} from '@pagemate/shared-contracts';
import type { RuntimeFiles } from './early-start/early-start';

export interface LoadedRuntime {
  config: RuntimeConfig;
  remotes: RemotesFile['remotes'];
}

/** Validates `config.json` and `remotes.json` as `start.tsx` read them (`early-start/early-start.ts`). */
export function loadRuntime(files: RuntimeFiles): LoadedRuntime {
  const config = runtimeConfigSchema.parse(files.config);
  const remotesFile = remotesFileSchema.parse(files.remotesFile);
  return { config, remotes: remotesFile.remotes };
}
