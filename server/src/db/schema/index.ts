/** Every table, one file per domain; drizzle-kit reads this file to generate migrations. */
export * from './app-meta.js';
export * from './accounts.js';
export * from './facebook.js';
export * from './meta-sandbox.js';
export * from './ledger.js';
export * from './payments.js';
export * from './documents.js';
export * from './inbox.js';
export * from './posts.js';
export * from './crm.js';
export * from './partner.js';
export * from './rate-limits.js';
