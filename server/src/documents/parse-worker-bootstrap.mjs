// Entry point of the parse worker. A worker thread starts as plain Node ESM: it does not inherit the tsx
// loader of the thread that spawned it (Node 20 ignores `--import tsx` in a worker's execArgv for its
// entry module, and vitest's own transform does not reach workers at all). Registering tsx here, in the
// worker's own thread, lets the worker be TypeScript under `node --import tsx`, `tsx` and vitest alike.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
