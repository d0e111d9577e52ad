import { usedExportsOf } from './used-exports.js';

/**
 * Module Federation shared singletons (docs/architecture.md §2): one React, one router, one store, one antd theme,
 * one i18n instance and one API client for the whole app. Every rsbuild config (shell and remotes) uses
 * this list, so they cannot disagree.
 *
 * `@ant-design/icons` is deliberately not shared: an icon holds no state the app relies on, and a shared
 * package is loaded whole — all ~800 icons, 180 KB gzip on every page — where each bundle carries
 * only the icons it draws (antd's own come inside antd).
 */
export const MF_SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'antd',
  'i18next',
  'react-i18next',
  'axios',
  '@pagemate/shared-contracts',
] as const;

/**
 * The shared packages that are cut down to what the product imports instead of loading whole: the shell
 * provides each tree-shaken to the union of named imports across every package (`usedExportsOf`), and a
 * remote takes that copy when the list covers its own imports (MF `treeShaking`, mode `runtime-infer`).
 * A remote deployed with an import the shell's list lacks still works: `cut-share-guard.ts` gives it the
 * whole package (built beside each app in `independent-packages/`).
 */
export const MF_TREE_SHAKEN: readonly string[] = ['antd', 'react-router-dom', '@reduxjs/toolkit', 'react-redux', 'react-i18next'];

export interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  eager?: boolean;
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
}

/** The `shared` option for an app whose package.json dependencies are `deps`. */
export function mfShared(deps: Record<string, string>): Record<string, SharedConfig> {
  return Object.fromEntries(
    MF_SHARED_SINGLETONS.map((name) => {
      const packageName = name.replace(/\/$/, '');
      const requiredVersion = deps[packageName];
      if (!requiredVersion) throw new Error(`Shared singleton ${packageName} is missing from the app's dependencies`);
      const config: SharedConfig = { singleton: true, requiredVersion };
      if (MF_TREE_SHAKEN.includes(name)) config.treeShaking = { mode: 'runtime-infer', usedExports: usedExportsOf(name) };
      return [name, config];
    }),
  );
}
