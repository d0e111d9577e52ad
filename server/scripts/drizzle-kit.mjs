/**
 * Runs the drizzle-kit CLI with `drizzle-orm` resolvable. npm hoists drizzle-kit to the root node_modules
 * but keeps drizzle-orm in server/node_modules, where drizzle-kit's own imports of it cannot see it. ESM
 * imports are retried from server/ by a resolve hook; CommonJS requires find it through NODE_PATH.
 */
import Module, { createRequire, register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverModules = fileURLToPath(new URL('../node_modules', import.meta.url));
process.env.NODE_PATH = [serverModules, process.env.NODE_PATH].filter(Boolean).join(path.delimiter);
// NODE_PATH is read once at start-up; re-reading it is the documented-by-usage way to change it in-process.
Module._initPaths();
register('./resolve-from-server.mjs', import.meta.url);

const entry = createRequire(import.meta.url).resolve('drizzle-kit');
await import(pathToFileURL(path.join(path.dirname(entry), 'bin.cjs')).href);
