import { defineConfig } from 'vitest/config';

/** Unit and API tests of every package, beside the code (`*.test.ts[x]`); e2e specs run under Playwright. */
export default defineConfig({
  test: {
    include: ['{shared-contracts,shell,mf-*,server,bench,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/build/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
