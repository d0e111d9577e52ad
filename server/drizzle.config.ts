import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w server` diffs src/db/schema against drizzle/meta and writes the next SQL file. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  // Must match DB_CASING in src/db/casing.ts, which every drizzle() instance uses.
  casing: 'snake_case',
});
