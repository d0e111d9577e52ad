import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Booting an app on a fresh database is seconds, not milliseconds (docs/architecture.md §6).
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
