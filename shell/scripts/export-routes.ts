/**
 * Static export (docs/architecture.md §2): every route of the table also exists as `<route>/index.html` in build/,
 * so a plain static host with no rewrite rules serves any deep link. A `404.html` serves the rest.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '@pagemate/shared-contracts/contracts';

const buildDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'build');
const indexHtml = join(buildDir, 'index.html');
if (!existsSync(indexHtml)) throw new Error(`No ${indexHtml}: run rsbuild build first`);

let written = 0;
for (const route of ROUTES) {
  if (route.path === '/') continue;
  const dir = join(buildDir, ...route.path.split('/').filter(Boolean));
  mkdirSync(dir, { recursive: true });
  copyFileSync(indexHtml, join(dir, 'index.html'));
  written += 1;
}
copyFileSync(indexHtml, join(buildDir, '404.html'));
console.log(`static export: ${written} route pages + 404.html in ${buildDir}`);
