import { defineConfig } from '@playwright/test';
import { LAUNCH_OPTIONS } from './support/browser';
import { SHELL_URL } from './support/ports';

export default defineConfig({
  testDir: './specs',
  // One worker: specs stop and restart remote servers, which every open page shares.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: SHELL_URL,
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: LAUNCH_OPTIONS,
  },
});
