/**
 * The dependency-free corner of the contract: the product's numbers and texts, the routes, the formatters, the
 * language flags and the wording of a failed call. Unlike the main entry it is not a Module Federation
 * singleton: each bundle that imports it carries its own small copy (nothing here holds state), so the public
 * landing page can use the product's values without loading the app's shared runtime (store, API client, zod,
 * antd).
 */
export * from './contracts/constants.js';
export * from './contracts/routes.js';
export * from './contracts/access.js';
export * from './contracts/early-requests.js';
export * from './contracts/format.js';
export * from './contracts/error-codes.js';
export * from './contracts/account-rules.js';
export * from './api/error-sentence.js';
export * from './session/sign-in-storage.js';
export * from './ui/language-flag.js';
export * from './public-landing.js';
