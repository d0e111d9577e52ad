/** Browser entry of the contract: everything the shell and the remotes share. */
export * from './contracts/index.js';
export * from './api/client.js';
export * from './api/base-api.js';
export * from './api/stream.js';
export * from './store/auth-slice.js';
export * from './store/payment-slice.js';
export * from './store/lists-slice.js';
export * from './store/loading-slice.js';
export * from './store/store.js';
export * from './store/persistence.js';
export * from './session/token-storage.js';
export * from './i18n/i18n.js';
export * from './remote-module.js';
export * from './ui/feature-placeholder.js';
export * from './ui/language-switch.js';
export * from './ui/standalone-notice.js';
