import type { AppConfig } from '../config.js';
import type { Database } from './database.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export interface OpenDatabaseOptions {
  onIdleError: (error: Error) => void;
}

/** PostgreSQL when `DATABASE_URL` is set, otherwise the embedded PGlite under `PGLITE_DATA_DIR`. */
export function openDatabase(config: AppConfig, { onIdleError }: OpenDatabaseOptions): Promise<Database> {
  return config.databaseUrl
    ? openPostgres({ connectionString: config.databaseUrl, onIdleError })
    : openPglite({ dataDir: config.pgliteDataDir });
}
