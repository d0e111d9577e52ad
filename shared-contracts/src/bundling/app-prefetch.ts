import type { OnAfterBuildFn, RsbuildPlugin } from '@rsbuild/core';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestShared {
  assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } };
}

/** What `onAfterBuild` hands a plugin: the build's stats (a single compiler's). */
type BuildStats = Parameters<OnAfterBuildFn>[0]['stats'];

/**
 * The files a host's app starts with: every file of the chunk group named `chunkGroup` (the `import()` that starts
 * the app, named with `webpackChunkName`) and every shared package's files from the build's `mf-manifest.json`,
 * as names relative to the build folder. A build without that chunk group fails, so a renamed import cannot
 * silently empty the list.
 */
export function appStartFiles(stats: BuildStats, distPath: string, chunkGroup: string): string[] {
  if (!stats || !('compilation' in stats)) return [];
  const json = stats.toJson({ all: false, chunkGroups: true, chunkGroupAuxiliary: false });
  const group = json.namedChunkGroups?.[chunkGroup];
  if (!group) throw new Error(`app start files: the build has no chunk group named ${chunkGroup}`);
  const files = (group.assets ?? []).map((asset) => asset.name);
  const manifestFile = join(distPath, 'mf-manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared?: ManifestShared[] };
    for (const shared of manifest.shared ?? []) {
      const { js, css } = shared.assets ?? {};
      files.push(...(js?.sync ?? []), ...(js?.async ?? []), ...(css?.sync ?? []), ...(css?.async ?? []));
    }
  }
  return [...new Set(files)].filter((name) => /\.(js|css)$/.test(name));
}

/**
 * The files a host's app starts with (`appStartFiles`), for its light pages to prefetch at idle, written as
 * `{ "files": ["/static/js/…", …] }` to `file` in the build folder.
 */
export function pluginAppPrefetchList({ chunkGroup, file, publicPath = '/' }: { chunkGroup: string; file: string; publicPath?: string }): RsbuildPlugin {
  return {
    name: 'pagemate:app-prefetch-list',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats || !('compilation' in stats)) return;
        const distPath = api.context.distPath;
        const wanted = appStartFiles(stats, distPath, chunkGroup).map((name) => `${publicPath}${name}`);
        writeFileSync(join(distPath, file), `${JSON.stringify({ files: wanted }, null, 2)}\n`);
      });
    },
  };
}

/**
 * V8's explicit compile hint: a script whose first line is this comment has all its functions compiled as it is
 * parsed, on the browser's streaming thread, instead of each one on the main thread the first time it is called.
 */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** `source` with the compile hint as its first line (once). */
export function withCompileHint(source: string): string {
  return source.startsWith(EAGER_COMPILE_HINT) ? source : `${EAGER_COMPILE_HINT}\n${source}`;
}

/**
 * Marks the JavaScript files a host's app starts with (`appStartFiles`) with V8's compile hint. Nearly every function
 * of those files runs before the first route is drawn (module bodies, React, antd's components and the shared
 * contract's schemas): compiled lazily, each costs the main thread its compilation at its first call, and
 * evaluating the shared chunks (antd's above all) was one long task, mostly compilation. Files are changed in the
 * build folder after the build, so their names (content hashes) stay those of the build's own output: a rebuild
 * of the same code writes the same names and bytes.
 */
export function pluginCompileHints({ chunkGroup }: { chunkGroup: string }): RsbuildPlugin {
  return {
    name: 'pagemate:compile-hints',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (!stats || !('compilation' in stats)) return;
        const distPath = api.context.distPath;
        for (const name of appStartFiles(stats, distPath, chunkGroup).filter((file) => file.endsWith('.js'))) {
          const path = join(distPath, name);
          writeFileSync(path, withCompileHint(readFileSync(path, 'utf8')));
        }
      });
    },
  };
}
