/**
 * The server-safe half of the contract: no React, no browser APIs. The server imports only this entry
 * (`@pagemate/shared-contracts/contracts`); the browser entry re-exports it.
 */
export * from './access.js';
export * from './constants.js';
export * from './endpoints.js';
export * from './entities.js';
export * from './envelope.js';
export * from './error-codes.js';
export * from './account-rules.js';
export * from './format.js';
export * from './locales.js';
export * from './routes.js';
export * from './runtime-config.js';
export * from './post-schedule.js';
export * from './vietnam-time.js';
export * from './partner.js';
export * from './ids.js';
