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

