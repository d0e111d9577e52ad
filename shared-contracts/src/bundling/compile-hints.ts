import type { RsbuildPlugin } from '@rsbuild/core';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appStartFiles } from './app-prefetch.js';

/**
 * V8's explicit compile hint: a script whose first line is this comment has all its functions compiled as it is
 * parsed, on the browser's streaming thread, instead of each one on the main thread the first time it is called.
 */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** `source` with the compile hint as its first line (once). */
export function withCompileHint(source: string): string {
  return source.startsWith(EAGER_COMPILE_HINT) ? source : `${EAGER_COMPILE_HINT}\n${source}`;
}

function hintFiles(distPath: string, names: string[]): void {
  for (const name of names.filter((file) => file.endsWith('.js'))) {
    const path = join(distPath, name);
    writeFileSync(path, withCompileHint(readFileSync(path, 'utf8')));
  }
}

/**
 * Marks the JavaScript files a host's app starts with (`appStartFiles`: the app's chunk group and the shared
 * packages) with V8's compile hint. Nearly every function of those files runs before the first route is drawn
 * (module bodies, React, antd's components, the shared contract's schemas): compiled lazily, each cost the main
 * thread its compilation at its first call, and evaluating the shared chunks (antd's above all) was one long task,
 * mostly compilation. The files are changed in the build folder after the build, so their names (content hashes)
 * stay those of the build's own output: a rebuild of the same code writes the same names and bytes.
 */
export function pluginCompileHints({ chunkGroup }: { chunkGroup: string }): RsbuildPlugin {
  return {
    name: 'pagemate:compile-hints',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats || !('compilation' in stats)) return;
        hintFiles(api.context.distPath, appStartFiles(stats, api.context.distPath, chunkGroup));
      });
    },
  };
}

interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: { js?: { sync?: string[] } } }[];
}

/** A remote's files that run as soon as one of its routes opens: its entry and its exposed modules' files. */
export function remoteStartFiles(manifest: RemoteManifest): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const files = entry?.name ? [join(entry.path ?? '', entry.name)] : [];
  for (const expose of manifest.exposes ?? []) files.push(...(expose.assets?.js?.sync ?? []));
  return [...new Set(files)];
}

/**
 * The remote's side of `pluginCompileHints`: its entry (the Module Federation runtime) and its exposed modules'
 * files (`remoteStartFiles`, read from its `mf-manifest.json`) carry the compile hint, as they all run when one of
 * its routes opens. Its own copies of the shared packages do not: the shell's are the ones that load.
 */
export function pluginRemoteCompileHints(): RsbuildPlugin {
  return {
    name: 'pagemate:remote-compile-hints',
    setup(api) {
      api.onAfterBuild(() => {
        const manifestFile = join(api.context.distPath, 'mf-manifest.json');
        if (!existsSync(manifestFile)) throw new Error('remote compile hints: the build has no mf-manifest.json');
        hintFiles(api.context.distPath, remoteStartFiles(JSON.parse(readFileSync(manifestFile, 'utf8')) as RemoteManifest));
      });
    },
  };
}
