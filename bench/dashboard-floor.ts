/**
 * The floor under the dashboard's first-load JavaScript: what React with react-dom, and the antd components
 * the dashboard route draws, weigh on their own, each tree-shaken into one minified bundle with nothing else
 * (no app code, router, store, i18n, API client or Module Federation runtime). No split of the product into
 * chunks, lazy or not, can load that route with less. The components are read from the code of the modules
 * the route renders (layout, header, menus, theme customizer, dashboard page), not listed by hand.
 * Reproduce: `npx tsx bench/dashboard-floor.ts`.
 */
import { createRsbuild } from '@rsbuild/core';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { namedImportsOf } from '../shared-contracts/src/bundling/used-exports.ts';
import { ROOT, table } from './support.ts';

/** What the shell renders on /user-dashboard/ for a signed-in user (tests left out). */
const DASHBOARD_ROUTE = [
  'app.tsx',
  'bootstrap.tsx',
  'routing',
  'layouts/dashboard-layout.tsx',
  'header',
  'menu',
  'theme',
  'dashboard',
  'components',
  'mf',
  'notifications',
].map((path) => join(ROOT, 'shell', 'src', path));

function antdImportsOf(paths: string[]): string[] {
  const names = new Set<string>();
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else if (/\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path)) for (const name of namedImportsOf('antd', readFileSync(path, 'utf8'), path)) names.add(name);
  };
  paths.forEach(visit);
  return [...names].sort();
}

/** Builds `source` as a production bundle (minified, tree-shaken, one file) and returns its gzip size in bytes. */
async function bundledGzip(workDir: string, name: string, source: string): Promise<number> {
  const dir = join(workDir, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src', 'index.ts'), source);
  const rsbuild = await createRsbuild({
    cwd: dir,
    rsbuildConfig: {
      source: { entry: { index: './src/index.ts' } },
      output: { distPath: { root: 'build' }, sourceMap: false },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      tools: { htmlPlugin: false },
      logLevel: 'error',
    },
  });
  await rsbuild.build();
  const jsDir = join(dir, 'build', 'static', 'js');
  return readdirSync(jsDir)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(jsDir, file)), { level: 9 }).length, 0);
}

const components = antdImportsOf(DASHBOARD_ROUTE);
// Inside the repository, so the bundler resolves react and antd from its node_modules.
const workDir = mkdtempSync(join(ROOT, 'bench', '.floor-'));
try {
  const render = `import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n`;
  const mount = (what: string) => `createRoot(document.body).render(createElement('div', null, ${what}));\n`;
  const react = await bundledGzip(workDir, 'react', render + mount("'PageMate'"));
  const core = await bundledGzip(workDir, 'antd-core', `${render}import { App, ConfigProvider } from 'antd';\n${mount('createElement(ConfigProvider, null, createElement(App))')}`);
  const route = await bundledGzip(
    workDir,
    'antd-route',
    `${render}import { ${components.join(', ')} } from 'antd';\nconst used = [${components.join(', ')}];\n${mount('String(used.length)')}`,
  );
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`antd exports the dashboard route imports (${components.length}): ${components.join(' ')}`);
  table([
    { bundle: 'react + react-dom', 'gzip KiB': kib(react) },
    { bundle: '+ antd ConfigProvider and App (antd core)', 'gzip KiB': kib(core) },
    { bundle: "+ every antd export the dashboard route imports", 'gzip KiB': kib(route) },
    { bundle: 'of which antd for the route', 'gzip KiB': kib(route - react) },
  ]);
  console.log('Reproduce: npx tsx bench/dashboard-floor.ts');
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
