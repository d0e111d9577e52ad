import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

const envFile = path.join(REPO_ROOT, '.env');
// Variables already in the environment win over the file (Node's loadEnvFile never overrides).
if (existsSync(envFile)) process.loadEnvFile(envFile);

async function start() {
  const config = loadConfig();
  const app = await buildApp({ config });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections, lets in-flight requests finish, then closes the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  await app.listen({ host: config.host, port: config.port });
}

start().catch((error: unknown) => {
  // Before the logger exists (bad environment) a plain message is the clearest thing to print.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
