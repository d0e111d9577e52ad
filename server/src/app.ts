import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { type LogDestination, loggerOptions, requestIdFor } from './logging.js';
import configPlugin from './plugins/app/config.js';
import dbPlugin from './plugins/app/db.js';
import errorHandler from './plugins/app/error-handler.js';
import requestId from './plugins/app/request-id.js';
import externalPlugins from './plugins/external/index.js';
import routes from './routes/index.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** An already open database (tests); by default the one `config` names is opened. The app closes it. */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: LogDestination;
  /** Route plugins registered after the app's own, with everything else in place (test-only routes). */
  extraRoutes?: FastifyPluginAsync[];
}

/** The whole API, ready to `listen()` or `inject()`: external plugins → app plugins → routes (STYLE.md 8). */
export async function buildApp({ config, database, logDestination, extraRoutes = [] }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logDestination),
    requestIdHeader: false,
    genReqId: requestIdFor,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  try {
    await app.register(externalPlugins, { config });
    await app.register(configPlugin, { config });
    await app.register(requestId);
    await app.register(dbPlugin, database ? { database } : {});
    await app.register(errorHandler);
    await app.register(routes);
    for (const plugin of extraRoutes) await app.register(plugin);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    // The database handed in is ours to close even when boot failed before the db plugin took it.
    await database?.close();
    throw error;
  }
  return app;
}
