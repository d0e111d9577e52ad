import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { mfShared } from './mf-shared.js';

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
}

/**
 * The rsbuild config every remote uses: its own `build/` folder, chunks that load from the remote's own
 * origin (`assetPrefix: 'auto'`), an `mf-manifest.json`, the shared singletons, and no type download.
 */
export function remoteRsbuildConfig({ name, port, pkg, exposes }: RemoteBuildOptions): RsbuildConfig {
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes,
        shared: mfShared(pkg.dependencies),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }),
    ],
    source: { entry: { index: './src/standalone.tsx' } },
    server: { port, cors: true, headers: { 'Access-Control-Allow-Origin': '*' } },
    dev: { assetPrefix: 'auto' },
    output: {
      distPath: { root: 'build' },
      assetPrefix: 'auto',
      cleanDistPath: true,
    },
    html: { title: name },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  };
}

interface HostBuildOptions {
  name: string;
  favicon?: string;
  port: number;
  pkg: AppPackage;
  runtimePlugins?: string[];
}

/** The shell's rsbuild config: an MF host with no build-time remotes (they come from remotes.json). */
export function hostRsbuildConfig({ name, port, pkg, favicon, runtimePlugins = [] }: HostBuildOptions): RsbuildConfig {
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        remotes: {},
        shared: mfShared(pkg.dependencies),
        shareStrategy: 'loaded-first',
        runtimePlugins,
        dts: false,
      }),
    ],
    server: { port, historyApiFallback: true },
    output: { distPath: { root: 'build' }, assetPrefix: '/', cleanDistPath: true },
    html: { title: 'PageMate', favicon, meta: { description: 'PageMate — trợ lý AI trả lời bình luận và tin nhắn cho Trang Facebook của doanh nghiệp Việt.' } },
  };
}
