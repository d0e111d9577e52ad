#!/usr/bin/env node
/**
 * `npm start`: installs what is missing, builds what changed, then runs the whole product with the
 * embedded defaults — the API (PGlite under data/), the shell and every remote on its own port — and
 * prints the URL to open. Ctrl-C stops everything.
 */
import { join } from 'node:path';
import { ensureInstalled, log, ROOT, run, startChild, waitForUrl } from './lib.mjs';

const started = performance.now();
const PORTS = { shell: 3000, 'mf-landing': 3101, 'mf-page-manager': 3102, 'mf-chatbot': 3103, 'mf-balance': 3104, 'mf-crm': 3105, api: 8080 };

ensureInstalled();
run(process.execPath, [join('scripts', 'build.mjs'), '--if-changed']);

const children = [];
const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const api = startChild('api', process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'src', 'main.ts')], {
  cwd: join(ROOT, 'server'),
  env: { PORT: String(PORTS.api), CORS_ORIGINS: `http://localhost:${PORTS.shell},http://127.0.0.1:${PORTS.shell}`, ...process.env },
});
children.push(api);
for (const [pkg, port] of Object.entries(PORTS)) {
  if (pkg === 'api') continue;
  children.push(startChild(pkg, process.execPath, [join('scripts', 'serve-static.mjs'), join(pkg, 'build'), String(port)]));
}
for (const child of children) {
  child.on('exit', (code) => {
    log(`a process exited (${code}); stopping PageMate`);
    stopAll(code ?? 1);
  });
}

try {
  await waitForUrl(`http://127.0.0.1:${PORTS.api}/health`, 120_000);
  for (const [pkg, port] of Object.entries(PORTS)) {
    if (pkg === 'api') continue;
    await waitForUrl(`http://127.0.0.1:${port}/${pkg === 'shell' ? 'config.json' : 'mf-manifest.json'}`);
  }
} catch (error) {
  log(String(error));
  stopAll(1);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
log(`ready in ${seconds} s — API http://localhost:${PORTS.api} (docs at /docs), remotes on ports 3101–3105`);
log('');
log(`    Open PageMate: http://localhost:${PORTS.shell}/`);
log('');
