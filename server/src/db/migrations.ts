import { fileURLToPath } from 'node:url';
import type { MigrationConfig } from 'drizzle-orm/migrator';

/** Where drizzle-kit writes the committed SQL (see drizzle.config.ts) and where the migrators read it. */
export const migrationConfig: MigrationConfig = {
  migrationsFolder: fileURLToPath(new URL('../../drizzle', import.meta.url)),
};
