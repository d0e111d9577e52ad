import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { openDatabase } from '../../db/open-database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DbPluginOptions {
  /** A database opened by the caller (tests); otherwise the one `app.config` names. Either way the app closes it. */
  database?: Database;
}

/** Opens the database, brings its schema up to date with the committed migrations, closes it with the app. */
async function dbPlugin(app: FastifyInstance, options: DbPluginOptions) {
  const database =
    options.database ??
    (await openDatabase(app.config, { onIdleError: (error) => app.log.error({ err: error }, 'idle database connection failed') }));
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  app.log.info({ database: database.kind }, 'database ready');
  app.decorate('db', database);
  app.addHook('onClose', () => database.close());
}

export default fp(dbPlugin, { name: 'db', fastify: '5.x', dependencies: ['config'] });
