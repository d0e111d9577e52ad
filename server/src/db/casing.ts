/**
 * Columns are declared in camelCase and stored in snake_case. drizzle-kit (drizzle.config.ts) and every
 * drizzle() instance must agree on this, or queries name columns the migrations never created.
 */
export const DB_CASING = 'snake_case';
