import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { join } from 'node:path';
import { pluginAppPrefetchList } from './app-prefetch.js';
import { pluginCompileHints, pluginRemoteCompileHints } from './compile-hints.js';
import type { CutShareGuardOptions } from './cut-share-guard.js';
import { MF_TREE_SHAKEN, mfShared } from './mf-shared.js';
import { pluginPrecompress } from './precompress.js';
import { importsUnder, usedExportsOf } from './used-exports.js';

type RuntimePlugin = string | [string, Record<string, unknown>];

/**
 * The runtime plugin that lets a remote deployed without rebuilding the shell fall back to a whole shared
 * package when the shell's cut-down copy lacks an export it imports (`cut-share-guard.ts`). `appDir`: the app's
 * folder, whose `src/` is what the app itself imports.
 */
function cutShareGuard(appDir: string): RuntimePlugin {
  const options: CutShareGuardOptions = {
    holds: Object.fromEntries(MF_TREE_SHAKEN.map((pkg) => [pkg, usedExportsOf(pkg)])),
    needs: Object.fromEntries(MF_TREE_SHAKEN.map((pkg) => [pkg, importsUnder(pkg, join(appDir, 'src'))])),
  };
  return [join(import.meta.dirname, 'cut-share-guard.ts'), { ...options }];
}

/**
 * `PAGEMATE_KEEP_NAMES=1`: no minification, so function and class names stay and a profile or bench/react-commits.ts
 * names the components (a build to look at, not to ship: it weighs more).
 */
const minify = process.env.PAGEMATE_KEEP_NAMES !== '1' && {
  js: true,
  css: true,
  // Licence comments still go to each file's `.LICENSE.txt` beside it, shipped with the build; the one-line pointer
  // to it at the top of every script is left out (≈ 40 bytes gzip a file, over 20 files on a signed-in start).
  jsOptions: { extractComments: { condition: /^\**!|@preserve|@license|@cc_on/i, banner: false } },
};

interface AppPackage {
  dependencies: Record<string, string>;
}

interface RemoteBuildOptions {
  /** MF name, e.g. `mf_balance`. */
  name: string;
  port: number;
  pkg: AppPackage;
  /** Exposed modules; every remote exposes `./routes`. */
  exposes: Record<string, string>;
  /** The remote's folder (default: the working directory, where rsbuild runs). */
  appDir?: string;
}

/**
 * The rsbuild config every remote uses: its own `build/` folder, chunks that load from the remote's own
 * origin (`assetPrefix: 'auto'`), an `mf-manifest.json`, the shared singletons, and no type download.
 */
export function remoteRsbuildConfig({ name, port, pkg, exposes, appDir = process.cwd() }: RemoteBuildOptions): RsbuildConfig {
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes,
        shared: mfShared(pkg.dependencies),
        shareStrategy: 'loaded-first',
        runtimePlugins: [cutShareGuard(appDir)],
        manifest: true,
        dts: false,
        // The remote runs on the shell's runtime (the shell provides it: `provideExternalRuntime` below) instead
        // of carrying a copy in its entry: the entry is ≈ 62 KB instead of ≈ 130 KB, evaluated on every route it draws.
        experiments: { externalRuntime: true },
      }),
      pluginRemoteCompileHints(),
      pluginPrecompress(),
    ],
    // The remote's own index.html: a static notice, no script (`standalone-entry.ts`).
    source: { entry: { index: join(import.meta.dirname, 'standalone-entry.ts') } },
    server: { port, cors: true, headers: { 'Access-Control-Allow-Origin': '*' } },
    dev: { assetPrefix: 'auto' },
    output: {
      distPath: { root: 'build' },
      assetPrefix: 'auto',
      cleanDistPath: true,
      minify,
    },
    html: { inject: false, template: join(import.meta.dirname, 'standalone.html'), templateParameters: { remoteName: name } },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  };
}

interface HostBuildOptions {
  name: string;
  favicon?: string;
  port: number;
  pkg: AppPackage;
  runtimePlugins?: RuntimePlugin[];
  /** The shell's folder (default: the working directory, where rsbuild runs). */
  appDir?: string;
  /**
   * The `webpackChunkName` of the `import()` that starts the whole app: its files and the shared packages'
   * are listed in `app-prefetch.json` for the light pages to prefetch at idle, and carry V8's compile hint
   * (`pluginCompileHints`).
   */
  appChunkGroup?: string;
}

/** The shell's rsbuild config: an MF host with no build-time remotes (they come from remotes.json). */
export function hostRsbuildConfig({ name, port, pkg, favicon, runtimePlugins = [], appDir = process.cwd(), appChunkGroup }: HostBuildOptions): RsbuildConfig {
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        remotes: {},
        shared: mfShared(pkg.dependencies),
        shareStrategy: 'loaded-first',
        runtimePlugins: [cutShareGuard(appDir), ...runtimePlugins],
        dts: false,
        // Remotes are built without a runtime of their own (`externalRuntime`): the shell's is theirs. It only
        // ever runs in a browser, so the runtime's Node.js loading paths are left out of the start chunk.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      ...(appChunkGroup ? [pluginAppPrefetchList({ chunkGroup: appChunkGroup, file: 'app-prefetch.json' }), pluginCompileHints({ chunkGroup: appChunkGroup })] : []),
      pluginPrecompress(),
    ],
    server: { port, historyApiFallback: true },
    output: { distPath: { root: 'build' }, assetPrefix: '/', cleanDistPath: true, minify },
    html: { title: 'PageMate', favicon, meta: { description: 'PageMate — trợ lý AI trả lời bình luận và tin nhắn cho Trang Facebook của doanh nghiệp Việt.' } },
  };
}
